import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Cross-origin access for the origins named in CORS_ORIGINS, and for nobody else: the
 * dashboard is served by this server (same origin), so by default no cross-origin
 * page may read an answer or send credentials. A request from another origin gets no
 * Access-Control-Allow-Origin, so the browser withholds the answer; its preflight is
 * answered 204 with no grant, so the real request is never sent.
 */

const ALLOWED_HEADERS = [
  "content-type",
  "authorization",
  "api-key",
  "jwt",
  "x-database",
  "rid",
  "fdi-version",
  "st-auth-mode",
  "invite-token",
  "anti-csrf",
  // The dashboard's last user action, on the session refresh and the activity report.
  "last-activity",
].join(", ");

// What the SuperTokens SDK reads from answers.
const EXPOSED_HEADERS = ["front-token", "st-access-token", "st-refresh-token", "anti-csrf"].join(", ");

/** Parses CORS_ORIGINS (comma-separated origins such as `https://app.example.com`). */
export function parseCorsOrigins(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(",")
    .map((origin) => origin.trim().replace(/\/+$/, ""))
    .filter(Boolean);
}

export function corsHook(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  return async function cors(request: FastifyRequest, reply: FastifyReply) {
    const origin = request.headers.origin;
    const isPreflight = request.method === "OPTIONS" && request.headers["access-control-request-method"] !== undefined;
    if (!origin) return;
    reply.header("vary", "Origin");
    const granted = allowed.has(origin);
    if (granted) {
      reply.header("access-control-allow-origin", origin);
      reply.header("access-control-allow-credentials", "true");
      reply.header("access-control-expose-headers", EXPOSED_HEADERS);
    }
    if (isPreflight) {
      if (granted) {
        reply.header("access-control-allow-methods", "GET, POST, PUT, PATCH, DELETE");
        reply.header("access-control-allow-headers", ALLOWED_HEADERS);
        reply.header("access-control-max-age", "600");
      }
      return reply.code(204).send();
    }
  };
}

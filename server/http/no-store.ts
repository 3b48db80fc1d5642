import type { onRequestHookHandler } from "fastify";

/**
 * `Cache-Control: no-store` on every API answer: they carry tokens (sign-in, refresh),
 * personal data (/api/me, members, invitations, audit trails) or company data, and none
 * may stay in a browser's or a shared proxy's cache after a sign-out. Every one rather
 * than a list of the sensitive ones, so a new route cannot be forgotten; the health check
 * and the OpenAPI document lose nothing by it. Routes that need a different policy set
 * their own (downloads: `private, no-store`). The dashboard's files are not under /api and
 * keep their own caching (app.ts, built-assets.ts).
 */
export const noStoreOnApi: onRequestHookHandler = (request, reply, done) => {
  const url = request.url;
  if (url.startsWith("/api/") || url === "/api" || url.startsWith("/api?")) reply.header("cache-control", "no-store");
  done();
};

import fastifyCookie from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import { frontToken, type IssuedTokens } from "./sessions";

/**
 * How session tokens travel: as HttpOnly cookies when
 * the browser asks for `st-auth-mode: cookie` (the dashboard does), otherwise as
 * response headers the SDK stores itself. Reading accepts both, Authorization first.
 */

export const AUTH_BASE_PATH = "/api/auth";
const REFRESH_PATH = `${AUTH_BASE_PATH}/session/refresh`;

/** The status the dashboard is configured to treat as "session expired, try a refresh". */
export const SESSION_EXPIRED_STATUS = 440;

export type TransferMethod = "cookie" | "header";

export function transferMethodOf(request: FastifyRequest): TransferMethod {
  return request.headers["st-auth-mode"] === "cookie" ? "cookie" : "header";
}

function bearer(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (!auth?.startsWith("Bearer ")) return undefined;
  const token = auth.slice(7).trim();
  return token || undefined;
}

export function readAccessToken(request: FastifyRequest): string | undefined {
  // The cookie plugin parses only under /api/auth; a data route that needs the session parses here.
  const cookies = request.cookies ?? fastifyCookie.parse(request.headers.cookie ?? "");
  return bearer(request) ?? cookies.sAccessToken ?? undefined;
}

export function readRefreshToken(request: FastifyRequest): string | undefined {
  return bearer(request) ?? request.cookies.sRefreshToken ?? undefined;
}

/**
 * Secure when the dashboard's public address is https (PUBLIC_URL), or when this
 * request came over TLS: directly, or through a proxy trusted with TRUST_PROXY that
 * says X-Forwarded-Proto: https. Without TRUST_PROXY that header is ignored.
 */
function secureCookies(request: FastifyRequest, alwaysSecure: boolean): boolean {
  return alwaysSecure || request.protocol === "https";
}

export function attachTokens(
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: IssuedTokens,
  method: TransferMethod,
  alwaysSecure = false,
) {
  reply.header("front-token", frontToken(tokens.payload));
  if (method === "cookie") {
    const secure = secureCookies(request, alwaysSecure);
    reply.setCookie("sAccessToken", tokens.accessToken, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure,
      expires: new Date(Date.now() + 365 * 24 * 3600 * 1000),
    });
    reply.setCookie("sRefreshToken", tokens.refreshToken, {
      path: REFRESH_PATH,
      httpOnly: true,
      sameSite: "lax",
      secure,
      expires: tokens.refreshExpires,
    });
    // Tokens held in the other method are dropped, as the reference backend does.
    reply.header("st-access-token", "");
    reply.header("st-refresh-token", "");
  } else {
    reply.header("st-access-token", tokens.accessToken);
    reply.header("st-refresh-token", tokens.refreshToken);
  }
}

/** Tells the SDK the session is gone, and clears whatever tokens the browser holds. */
export function clearTokens(reply: FastifyReply) {
  reply.header("front-token", "remove");
  reply.header("st-access-token", "");
  reply.header("st-refresh-token", "");
  reply.clearCookie("sAccessToken", { path: "/" });
  reply.clearCookie("sRefreshToken", { path: REFRESH_PATH });
}

import type { onRequestHookHandler } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/**
 * Helmet's security headers on every answer. helmet() parses its options (the CSP
 * directives, every header's value) when it is built; @fastify/helmet built it again for
 * every request, a few per cent of a list request's CPU in the profile.
 * Built once here, a request only gets the finished headers set.
 *
 * Strict-Transport-Security only on an answer to an HTTPS request (directly, or through
 * a proxy TRUST_PROXY believes): a server reached by plain http (a local install, an
 * address without a certificate) must not tell the browser it is HTTPS-only.
 */
export function securityHeaders(options: HelmetOptions): onRequestHookHandler {
  const setHeaders = helmet(options);
  return function securityHeadersHook(request, reply, done) {
    setHeaders(request.raw, reply.raw, (error) => {
      if (request.protocol !== "https") reply.raw.removeHeader("strict-transport-security");
      done(error instanceof Error ? error : undefined);
    });
  };
}

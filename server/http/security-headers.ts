import type { onRequestHookHandler } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/**
 * Helmet's security headers on every answer. helmet() parses its options (the CSP
 * directives, every header's value) when it is built; @fastify/helmet built it again for
 * every request, a few per cent of a list request's CPU (bench/README.md, Throughput).
 * Built once here, a request only gets the finished headers set.
 */
export function securityHeaders(options: HelmetOptions): onRequestHookHandler {
  const setHeaders = helmet(options);
  return function securityHeadersHook(request, reply, done) {
    setHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  };
}

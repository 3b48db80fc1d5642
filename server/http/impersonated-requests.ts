import type { FastifyReply, FastifyRequest } from "fastify";
import { insertImpersonationRequest } from "../db/impersonation-requests";
import type { Db } from "../db/index";

/**
 * Records one data request made with an impersonation token just before the answer goes
 * out (an onSend hook), so the trail is never behind what the impersonator has already
 * seen; written after the answer, a row could still be missing when the next request (or
 * an auditor) reads the log. Method, path without the query string, status and duration;
 * never a body or a query value.
 */
export function impersonatedRequestRecorder(db: Db) {
  return async <T>(request: FastifyRequest, reply: FastifyReply, payload: T): Promise<T> => {
    const principal = request.principal;
    if (!principal?.impersonatorUserId) return payload;
    try {
      await insertImpersonationRequest(db, {
        impersonatorUserId: principal.impersonatorUserId,
        userId: principal.userId,
        companyId: principal.companyId,
        method: request.method,
        path: (request.url.split("?")[0] ?? "").slice(0, 500),
        statusCode: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime),
      });
    } catch (error) {
      // The answer is already sent; a failed trail row is logged loudly, not turned into an error.
      request.log.error({ err: error }, "could not record an impersonated request");
    }
    return payload;
  };
}

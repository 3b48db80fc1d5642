import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { impersonationLogEntryRecord } from "../../core/api/impersonation-log-entry";
import { memberRecord } from "../../core/api/member";
import { pagedResponse } from "../../core/api/paged-response";
import { listResource } from "../../core/domain/resources";
import { readCompany } from "../db/companies";
import {
  countImpersonationRequests,
  impersonationRequestPage,
  insertImpersonationRequest,
} from "../db/impersonation-requests";
import type { Db } from "../db/index";
import { memberColumns, memberQuery } from "../db/memberships";
import { notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { parseResourceQuery } from "../lists/parse";
import { runList } from "../lists/run-list";
import { dataErrors, idParams, listQuerystring } from "./schemas";

export const IMPERSONATION_LOG_PAGE_SIZE = 50;

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

/** System administrators' views: the users of any company (to impersonate one) and the impersonation trail. */
export const controlCenterRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db } = plugin;

  app.get(
    "/control-center-companies/:id/users",
    {
      config: { permission: ["manage", "controlCenter"] },
      schema: {
        tags: ["control center"],
        summary: "The members of any company with their roles there (system administrators; list grammar of users)",
        params: idParams,
        querystring: listQuerystring,
        response: { 200: pagedResponse(memberRecord), 416: dataErrors[400], ...dataErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const company = await readCompany(db, id, ["id"]);
      if (!company) throw notFound("Company not found");
      const resource = listResource("users");
      const query = parseResourceQuery(resource, request.query);
      return runList(db, (qb) => memberQuery(qb, id), { resource, columns: memberColumns, query });
    },
  );

  app.get(
    "/control-center/impersonation-log",
    {
      config: { permission: ["manage", "controlCenter"] },
      schema: {
        tags: ["control center"],
        summary: "Every request made while impersonating, newest first (system administrators)",
        querystring: Type.Object(
          {
            pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
            pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: IMPERSONATION_LOG_PAGE_SIZE })),
          },
          { additionalProperties: false },
        ),
        response: { 200: pagedResponse(impersonationLogEntryRecord), ...dataErrors },
      },
    },
    async (request) => {
      // Ajv fills in the schema's defaults; these only satisfy the type, which cannot know that.
      const { pageNumber = 1, pageSize = IMPERSONATION_LOG_PAGE_SIZE } = request.query;
      const rows = await impersonationRequestPage(db, pageNumber, pageSize);
      // A page past the end has no row to carry the total.
      const totalDocuments = rows[0]?.total ?? (await countImpersonationRequests(db));
      return {
        data: rows.map(({ total: _total, ...row }) => ({ ...row, id: String(row.id) })),
        totalDocuments,
        after: null,
      };
    },
  );
};

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { sql } from "kysely";
import { Type } from "typebox";
import { impersonationLogEntryRecord } from "../../src/domain/api/impersonation-log-entry";
import { memberRecord } from "../../src/domain/api/member";
import { listResource } from "../../src/domain/resources";
import type { Db } from "../db/index";
import { notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { parseResourceQuery } from "../lists/parse";
import { runList } from "../lists/run-list";
import { dataErrors, idParams, listQuerystring, pagedResponse } from "./schemas";
import { memberColumns, memberQuery } from "./users";

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
      await db
        .insertInto("impersonationRequests")
        .values({
          impersonatorUserId: principal.impersonatorUserId,
          userId: principal.userId,
          companyId: principal.companyId,
          method: request.method,
          path: (request.url.split("?")[0] ?? "").slice(0, 500),
          statusCode: reply.statusCode,
          durationMs: Math.round(reply.elapsedTime),
        })
        .execute();
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
      const company = await db.selectFrom("companies").select("id").where("id", "=", id).executeTakeFirst();
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
      const rows = await db
        .selectFrom("impersonationRequests as r")
        .leftJoin("users as imp", "imp.id", "r.impersonatorUserId")
        .leftJoin("users as u", "u.id", "r.userId")
        .leftJoin("companies as c", "c.id", "r.companyId")
        .select([
          "r.id",
          "r.at",
          "imp.email as impersonatorEmail",
          "u.email as userEmail",
          "c.name as companyName",
          "r.method",
          "r.path",
          "r.statusCode",
          "r.durationMs",
        ])
        .select(sql<number>`count(*) over ()::int`.as("total"))
        .orderBy("r.at", "desc")
        .orderBy("r.id", "desc")
        .limit(pageSize)
        .offset((pageNumber - 1) * pageSize)
        .execute();
      const totalDocuments =
        rows[0]?.total ??
        Number(
          (
            await db
              .selectFrom("impersonationRequests")
              .select(sql<number>`count(*)::int`.as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      return {
        data: rows.map(({ total: _total, ...row }) => ({ ...row, id: String(row.id) })),
        totalDocuments,
        after: null,
      };
    },
  );
};

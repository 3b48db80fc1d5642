import type { FastifyPluginAsync } from "fastify";
import { idParams } from "../../core/api/id-params";
import {
  IMPERSONATION_LOG_PAGE_SIZE,
  impersonationLogEntryRecord,
  impersonationLogQuery,
} from "../../core/api/impersonation-log-entry";
import { listQuerystring } from "../../core/api/list-query";
import { memberRecord } from "../../core/api/member";
import { pagedResponse } from "../../core/api/paged-response";
import { listResource } from "../../core/domain/resources";
import { readCompany } from "../db/companies";
import { countImpersonationRequests, impersonationRequestPage } from "../db/impersonation-requests";
import { memberColumns, memberQuery } from "../db/memberships";
import { notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { parseResourceQuery } from "../lists/parse";
import { runList } from "../lists/run-list";
import { dataErrors } from "./schemas";

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
        querystring: impersonationLogQuery,
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

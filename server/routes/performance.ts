import type { FastifyPluginAsync } from "fastify";
import {
  type PerformanceAnswer,
  type PerformanceQuery,
  performanceAnswer,
  performanceQuery,
} from "../../core/api/performance";
import { monthsOf, performanceCsvRows, performanceRows, periodError } from "../../core/domain/performance";
import type { Principal } from "../auth/principal";
import type { Db } from "../db/index";
import { performanceTotals } from "../db/performance";
import { badRequest } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { csvRow } from "../reports/export/csv";
import { contentDisposition } from "../reports/export/filename";
import { dataErrors } from "./schemas";

/**
 * The answer of GET /performance. A companyId narrows the caller's companies and never
 * widens them: another company's id answers no rows, as the lists' company filter does.
 */
async function performanceOf(db: Db, principal: Principal, query: PerformanceQuery): Promise<PerformanceAnswer> {
  const error = periodError(query.from, query.to);
  if (error) throw badRequest(`to ${error}`, [{ id: "to", error }]);
  const groupBy = query.groupBy ?? "lane";
  const companies = query.companyId
    ? principal.companyScope.filter((id) => id === query.companyId)
    : principal.companyScope;
  const months = monthsOf(query.from, query.to);
  const totals = await performanceTotals(db, companies, groupBy, {
    from: new Date(query.from),
    to: new Date(query.to),
  });
  return {
    from: new Date(query.from).toISOString(),
    to: new Date(query.to).toISOString(),
    groupBy,
    months,
    rows: performanceRows(totals, months),
  };
}

const SUMMARY =
  "per lane (origin → destination) or carrier, the shipments departing in the period (planned departure, else the first label's start) of the caller's companies (a distributor: its sub-companies, or one of them with companyId): shipments, the share with an alarm or violation, temperature minutes out of range per 100 h logged, the share with incomplete data, the median transit time in hours; for the period and per UTC month";

/**
 * Lane and carrier performance: SQL aggregates of the stored report
 * summaries of the shipments, for whoever may read reports.
 */
export const performanceRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db } = plugin;

  app.get(
    "/performance",
    {
      config: { permission: ["read", "labelReport"] },
      schema: {
        tags: ["shipments"],
        summary: `Lane and carrier performance: ${SUMMARY}`,
        querystring: performanceQuery,
        response: { 200: performanceAnswer, ...dataErrors },
      },
    },
    async (request) => performanceOf(db, request.principal, request.query),
  );

  app.get(
    "/performance.csv",
    {
      config: { permission: ["read", "labelReport"] },
      schema: {
        tags: ["shipments"],
        summary:
          "GET /performance as CSV: per group one line for the period (month `all`) and one per month; shares in percent",
        querystring: performanceQuery,
        response: {
          200: { description: "text/csv, as an attachment", type: "string", format: "binary" },
          ...dataErrors,
        },
      },
    },
    async (request, reply) => {
      const answer = await performanceOf(db, request.principal, request.query);
      const name = `${answer.groupBy}-performance-${answer.from.slice(0, 10)}-${answer.to.slice(0, 10)}.csv`;
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", contentDisposition(name))
        .header("cache-control", "private, no-store")
        .send(performanceCsvRows(answer).map(csvRow).join(""));
    },
  );
};

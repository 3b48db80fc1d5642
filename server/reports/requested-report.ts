import type { FastifyInstance, FastifyRequest } from "fastify";
import { notFound } from "../errors";
import { type FoundReport, findReport } from "./report-detail";

const DECORATOR = "labelReport";

/** The answer for a report that does not exist or belongs to a company the caller does not see. */
export const reportNotFound = () => notFound("Label report not found");

/** The `:id` a route under /label-reports/:id was called with (its schema has made it a uuid). */
function reportIdOf(request: FastifyRequest): string {
  // A hook runs for every route of its scope, so its params are not typed from one route's schema.
  const params: unknown = request.params;
  if (typeof params === "object" && params !== null && "id" in params && typeof params.id === "string")
    return params.id;
  throw new Error(`${request.routeOptions.url} has no :id`);
}

/**
 * Loads the report of every /label-reports/:id route of `scope` once, before its handler:
 * a preHandler, so after authentication and the permission check (onRequest) and after the
 * id and body are validated (a malformed id is 400 first), and then 404 for an id of no
 * report of the caller's companies, whatever the rest of the request says. The handlers
 * read it with requestedReport(request).
 */
export function loadRequestedReport(scope: FastifyInstance): void {
  scope.decorateRequest(DECORATOR, null);
  scope.addHook("preHandler", async (request) => {
    const report = await findReport(scope.db, request.principal.companyScope, reportIdOf(request));
    if (!report) throw reportNotFound();
    request.setDecorator(DECORATOR, report);
  });
}

/** The report loadRequestedReport found for this request (a route outside its scope throws). */
export function requestedReport(request: FastifyRequest): FoundReport {
  return request.getDecorator<FoundReport>(DECORATOR);
}

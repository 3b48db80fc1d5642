import { Readable } from "node:stream";
import type { FastifyPluginAsync } from "fastify";
import { auditListEntry } from "../../core/api/audit-entry";
import { listQuerystring } from "../../core/api/list-query";
import { pagedResponse } from "../../core/api/paged-response";
import type { ListQuery } from "../../core/domain/list-query";
import { listResource } from "../../core/domain/resources";
import { shownAuditEntry } from "../audit-log/audit-actor";
import { auditCsvHeader, auditCsvLine } from "../audit-log/audit-csv";
import { auditListColumns, auditListRows } from "../db/audit-log";
import type { Db } from "../db/index";
import type { TypedRequests } from "../http/type-provider";
import { parseResourceQuery } from "../lists/parse";
import { runList } from "../lists/run-list";
import { contentDisposition } from "../reports/export/filename";
import { dataErrors } from "./schemas";

const resource = listResource("audit");

/** Rows per statement while the CSV is written: each next chunk continues from the last one's cursor. */
const CSV_CHUNK = 1000;

/** One page of the caller's audit log, each actor worded for the customer. */
async function auditPage(db: Db, companyScope: readonly string[], query: ListQuery) {
  const page = await runList(db, (qb) => auditListRows(qb, companyScope), {
    resource,
    columns: auditListColumns,
    query,
  });
  return { ...page, data: page.data.map(shownAuditEntry) };
}

/** Every entry the query matches, page after page, as CSV lines (the header first). */
async function* auditCsvLines(db: Db, companyScope: readonly string[], query: ListQuery) {
  yield auditCsvHeader();
  let after: string | null = null;
  do {
    const chunk: ListQuery = { ...query, pageNumber: 1, pageSize: CSV_CHUNK };
    if (after) chunk.after = after;
    else delete chunk.after;
    const page = await auditPage(db, companyScope, chunk);
    yield page.data.map(auditCsvLine).join("");
    after = page.after;
  } while (after);
}

/**
 * Settings > Audit trail: the company's audit log in the list grammar, and the same as CSV.
 * A distributor's administrator reads its sub-companies' entries too (companyScope); a
 * `companyId` filter only narrows that scope, so a foreign company's id answers no rows.
 */
export const auditRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db } = plugin;

  app.get(
    "/audit",
    {
      config: { permission: ["read", "auditEntry"] },
      schema: {
        tags: ["settings"],
        summary:
          "The company's audit log (administrators; a distributor's spans its sub-companies): filter by entity, entityId, action, actorUserId, actor (name or e-mail, `ilike`), companyId, at; ordered by `at`, newest first by default. `actor` is how the change is shown: support acting through impersonation reads 'ColdChain support — <name> (on behalf of …)'",
        querystring: listQuerystring,
        response: { 200: pagedResponse(auditListEntry), 416: dataErrors[400], ...dataErrors },
      },
    },
    async (request) => auditPage(db, request.principal.companyScope, parseResourceQuery(resource, request.query)),
  );

  app.get(
    "/audit.csv",
    {
      config: { permission: ["read", "auditEntry"] },
      schema: {
        tags: ["settings"],
        summary:
          "The audit log as CSV, with the filters and order of GET /audit (every matching entry; paging is ignored): time_utc, company_id, entity, entity_id, action, actor, change, reason, before, after",
        querystring: listQuerystring,
        response: {
          200: { description: "text/csv, as an attachment", type: "string", format: "binary" },
          ...dataErrors,
        },
      },
    },
    async (request, reply) => {
      const query = parseResourceQuery(resource, request.query);
      const { companyScope } = request.principal;
      // The first chunk is read before the answer starts, so a bad filter is still a 400.
      const lines = auditCsvLines(db, companyScope, query);
      const first = await lines.next();
      const second = await lines.next();
      async function* rest() {
        if (!first.done) yield first.value;
        if (!second.done) yield second.value;
        yield* lines;
      }
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", contentDisposition(`audit-trail-${day}.csv`))
        .header("cache-control", "private, no-store")
        .send(Readable.from(rest()));
    },
  );
};

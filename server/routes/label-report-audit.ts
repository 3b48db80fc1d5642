import type { FastifyPluginAsync } from "fastify";
import { Type } from "typebox";
import { auditEntryRecord } from "../../core/api/audit-entry";
import { idParams } from "../../core/api/id-params";
import { shownAuditEntry } from "../audit-log/audit-actor";
import { auditTrailOf } from "../db/audit-log";
import type { TypedRequests } from "../http/type-provider";
import { requestedReport } from "../reports/requested-report";
import { dataErrors } from "./schemas";

/** A report's audit trail, under /label-reports/:id (label-report-by-id.ts has loaded the report). */
export const labelReportAuditRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db } = plugin;

  app.get(
    "/label-reports/:id/audit",
    {
      config: { permission: ["read", "labelReport"] },
      schema: {
        tags: ["label reports"],
        summary:
          "The audit trail of a report: who changed what, when, old and new. `actor` is how the change is shown: an impersonated one reads 'ColdChain support (on behalf of …)'",
        params: idParams,
        response: { 200: Type.Array(auditEntryRecord), ...dataErrors },
      },
    },
    async (request) => {
      const rows = await auditTrailOf(db, "labelReport", requestedReport(request).id);
      return rows.map(shownAuditEntry);
    },
  );
};

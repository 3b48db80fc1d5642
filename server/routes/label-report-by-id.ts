import type { FastifyPluginAsync } from "fastify";
import { loadRequestedReport } from "../reports/requested-report";
import { labelReportAuditRoutes } from "./label-report-audit";
import { labelReportDetailRoutes } from "./label-report-detail";
import { labelReportDispositionRoutes } from "./label-report-disposition";
import { labelReportExportRoutes } from "./label-report-exports";
import { labelReportReadingRoutes } from "./label-report-readings";
import { labelReportRecordRoutes } from "./label-report-record";
import { labelReportShareLinkRoutes } from "./label-report-share-links";
import { labelReportTrimRoutes } from "./label-report-trim";

/**
 * The signed-in routes of one report, /label-reports/:id and below: an encapsulated scope
 * whose hook loads the report the caller may see before any of their handlers run
 * (docs/decisions.md: One report's routes load it once). A gateway's stop
 * (/label-reports/:id/stop, readings.ts) is not here: it locks the report of its key's
 * company in its own transaction.
 */
export const labelReportByIdRoutes: FastifyPluginAsync = async (app) => {
  loadRequestedReport(app);
  await app.register(labelReportDetailRoutes);
  await app.register(labelReportReadingRoutes);
  await app.register(labelReportAuditRoutes);
  await app.register(labelReportTrimRoutes);
  await app.register(labelReportDispositionRoutes);
  await app.register(labelReportExportRoutes);
  await app.register(labelReportRecordRoutes);
  await app.register(labelReportShareLinkRoutes);
};

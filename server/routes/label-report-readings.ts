import type { FastifyPluginAsync } from "fastify";
import { Type } from "typebox";
import { idParams } from "../../core/api/id-params";
import {
  DEFAULT_SERIES_POINTS,
  readingSeriesQuery,
  readingSeriesRecord,
  shockEventRecord,
} from "../../core/api/reading-series";
import { shockEventsOf } from "../db/label-reports";
import { badRequest } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { requestedReport } from "../reports/requested-report";
import { readSeries } from "../reports/series";
import { dataErrors } from "./schemas";

/** A report's chart series and shock events, under /label-reports/:id (label-report-by-id.ts has loaded the report). */
export const labelReportReadingRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db } = plugin;

  app.get(
    "/label-reports/:id/readings",
    {
      config: { permission: ["read", "labelReport"] },
      schema: {
        tags: ["label reports"],
        summary:
          "The chart series of a report for a time window, downsampled to at most maxPoints points (min/max per bucket)",
        params: idParams,
        querystring: readingSeriesQuery,
        response: { 200: readingSeriesRecord, ...dataErrors },
      },
    },
    async (request) => {
      const { id } = requestedReport(request);
      const q = request.query;
      if (q.from && q.to && Date.parse(q.from) > Date.parse(q.to)) {
        throw badRequest("from must not be after to", [{ id: "to", error: "must not be before from" }]);
      }
      const window = { ...(q.from ? { from: new Date(q.from) } : {}), ...(q.to ? { to: new Date(q.to) } : {}) };
      return readSeries(db, id, window, q.maxPoints ?? DEFAULT_SERIES_POINTS);
    },
  );

  app.get(
    "/label-reports/:id/shock-events",
    {
      config: { permission: ["read", "labelReport"] },
      schema: {
        tags: ["label reports"],
        summary: "Every shock event of a report",
        params: idParams,
        response: { 200: Type.Array(shockEventRecord), ...dataErrors },
      },
    },
    async (request) => shockEventsOf(db, requestedReport(request).id),
  );
};

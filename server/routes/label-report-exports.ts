import rateLimit from "@fastify/rate-limit";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { idParams } from "../../core/api/id-params";
import { reportExportQuery } from "../../core/api/report-export";
import { printedAuditTrail } from "../audit-log/printed-audit-trail";
import { TooManyRequests } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { sharedRateLimitStore } from "../plugins/rate-limit-store";
import { loadReportContent, withVerification } from "../reports/export/report-content";
import { sendReportExport } from "../reports/export/send-report-export";
import { requestedReport } from "../reports/requested-report";
import { dataErrors } from "./schemas";

/** Whose download budget a request spends: the API key, else the person (in any company). */
const budgetKey = (request: FastifyRequest) =>
  request.principal.apiKeyId ? `key:${request.principal.apiKeyId}` : `user:${request.principal.userId}`;

/** A report's download, under /label-reports/:id (label-report-by-id.ts has loaded the report). */
export const labelReportExportRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db } = plugin;
  const { perKeyPerMinute } = plugin.exports;

  // A key that downloads all day is slowed down before it fills the queue below.
  await app.register(rateLimit, {
    // Counted in the database: every server process and instance shares the budget.
    store: sharedRateLimitStore(plugin.counters, "downloads"),
    global: false,
    // After authentication (onRequest), so the key is the caller, not the address.
    hook: "preHandler",
    errorResponseBuilder: (_request, { after, max, ttl }) => {
      const seconds = Math.max(1, Math.ceil(ttl / 1000));
      return new TooManyRequests(
        `Too many downloads with this key: at most ${max} a minute. Please try again in ${after}.`,
        seconds,
      );
    },
  });

  app.get(
    "/label-reports/:id/export",
    {
      config: {
        permission: ["read", "labelReport"],
        rateLimit: { max: perKeyPerMinute, timeWindow: 60_000, keyGenerator: budgetKey },
      },
      schema: {
        tags: ["label reports"],
        summary:
          "Download a report as PDF or CSV; X-Content-SHA256 is the content hash printed in the file (docs/api.md: Downloaded reports)",
        params: idParams,
        querystring: reportExportQuery,
        response: {
          200: {
            description: "The file (application/pdf or text/csv), as an attachment",
            type: "string",
            format: "binary",
          },
          ...dataErrors,
          429: {
            ...dataErrors[400],
            description:
              "Too many downloads: the key's per-minute budget, or the company's downloads already running and waiting; see Retry-After",
          },
        },
      },
    },
    async (request, reply) => {
      const report = requestedReport(request);
      return sendReportExport(
        request,
        reply,
        request.principal.companyId,
        request.query,
        async () =>
          withVerification(
            await loadReportContent(db, [report.companyId], report.id),
            plugin.settings.publicUrl,
            plugin.recordSigner,
          ),
        (content, format) => printedAuditTrail(db, content.report.id, format),
      );
    },
  );
};

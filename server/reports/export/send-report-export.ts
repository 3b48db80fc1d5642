import type { FastifyReply, FastifyRequest } from "fastify";
import type { ReportExportQuery } from "../../../core/api/report-export";
import type { InstantFormat } from "../../../core/domain/datetime";
import {
  DOWNLOAD_OPTION_NAMES,
  INCLUDE_AUDIT_TRAIL,
  MEDIA_TYPES,
  parseDownloadOptions,
  parseIncludeAuditTrail,
} from "../../../core/domain/download-options";
import { badRequest } from "../../errors";
import { reportNotFound } from "../requested-report";
import { csvStream } from "./csv";
import { contentDisposition, downloadFileName } from "./filename";
import { loadChartSeries, type PrintedAuditEntry, type ReportContent } from "./report-content";

/** Points of the PDF chart: about two per printed point of its width, min and max per bucket. */
const CHART_POINTS = 1000;

/**
 * Sends a report as PDF or CSV: checks the options, waits for a download slot of
 * `slots` (the company's id for its own people and keys; share links' anonymous
 * downloads have a line of their own, see server/routes/share-links.ts), loads the
 * content (null: 404) and streams the file with its content hash. Shared by the
 * signed-in download and a share link's. `auditTrail` loads the report's trail for a PDF
 * that asks for it; a share link's download has none (its trail names people), so there
 * the option is ignored.
 */
export async function sendReportExport(
  request: FastifyRequest,
  reply: FastifyReply,
  slots: string,
  query: ReportExportQuery,
  load: () => Promise<ReportContent | null>,
  auditTrail?: (content: ReportContent, format: InstantFormat) => Promise<PrintedAuditEntry[]>,
): Promise<FastifyReply> {
  const { db } = request.server;
  const { limiter, pdf } = request.server.exports;
  const parsed = parseDownloadOptions(query);
  const includeAuditTrail = parseIncludeAuditTrail(query.includeAuditTrail);
  if (!parsed.ok || includeAuditTrail === null) {
    const errors = [
      // In the order of the query parameters, one entry per bad option.
      ...(parsed.ok ? [] : DOWNLOAD_OPTION_NAMES.flatMap((name) => parsed.errors.filter((e) => e.id === name))),
      ...(includeAuditTrail === null ? [{ id: INCLUDE_AUDIT_TRAIL, error: "must be true or false" }] : []),
    ];
    throw badRequest(errors.map((e) => `${e.id} ${e.error}`).join("; "), errors);
  }
  const options = parsed.options;
  const release = await limiter.acquire(slots);
  let streaming = false;
  try {
    // The caller may have given up while it waited in line.
    if (request.raw.destroyed) return reply;
    const content = await load();
    if (!content) throw reportNotFound();

    reply
      .header("content-type", MEDIA_TYPES[options.fileType])
      .header(
        "content-disposition",
        contentDisposition(
          downloadFileName(content.report.labelId, content.generatedAt, options.timeZone, options.fileType),
        ),
      )
      .header("x-content-sha256", content.hash)
      .header("cache-control", "private, no-store");
    if (options.fileType === "csv") {
      // The slot is held until the last row is sent (or the client goes away).
      const stream = csvStream(content, options);
      stream.once("close", release);
      reply.raw.once("close", release);
      streaming = true;
      return reply.send(stream);
    }
    // A turn of the event loop for other requests between the loading and the chart query.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const series = await loadChartSeries(db, content, CHART_POINTS);
    if (includeAuditTrail && auditTrail)
      content.auditTrail = await auditTrail(content, { timeZone: options.timeZone, locale: options.locale });
    return reply.send(await pdf.render(content, series, options));
  } finally {
    if (!streaming) release();
  }
}

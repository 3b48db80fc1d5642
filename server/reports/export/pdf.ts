import { timeZoneAbbreviation } from "../../../core/domain/datetime";
import type { DownloadOptions } from "../../../core/domain/download-options";
import type { Series } from "../series";
import { PdfWriter } from "./pdf-layout";
import { renderAuditTrail } from "./pdf-sections/audit-trail";
import { renderBands } from "./pdf-sections/bands";
import { renderCharts } from "./pdf-sections/charts";
import { pdfContext } from "./pdf-sections/context";
import { renderDataTable } from "./pdf-sections/data-table";
import { renderDeviations } from "./pdf-sections/deviations";
import { renderDisposition } from "./pdf-sections/disposition";
import { renderExcursions } from "./pdf-sections/excursions";
import { renderHeader } from "./pdf-sections/header";
import { renderPreset } from "./pdf-sections/preset";
import { renderRecording } from "./pdf-sections/recording";
import { renderShipment } from "./pdf-sections/shipment";
import { renderStatistics } from "./pdf-sections/statistics";
import { renderVerdict } from "./pdf-sections/verdict";
import type { ReportContent } from "./report-content";

/**
 * The downloadable PDF of a label report (docs/domain.md section 2), in this order:
 * header (company, report id, generation time with its zone, units); Shipment
 * identification; Preset configuration; Recording summary (with the trim window and who
 * set it); Verdict per unit; Statistics (MKT as information); Excursions; Chart (one per
 * measured channel); Data table (none / minimal = readings in an excursion / full);
 * Audit trail (when the download asked for it); on every page "Page x of y" and the content SHA-256 (content-hash.ts).
 * Every time is formatInstant in the chosen zone and locale; temperatures are in the
 * chosen unit (stored in °C).
 */

export async function renderPdf(content: ReportContent, series: Series, options: DownloadOptions): Promise<Buffer> {
  const { report } = content;
  const w = new PdfWriter(options.pageSize, {
    title: `Label report ${report.labelId}`,
    author: report.companyName,
    created: content.generatedAt,
    contentHash: content.hash,
  });
  const ctx = pdfContext(w, content, series, options);
  renderHeader(ctx);
  renderShipment(ctx);
  renderPreset(ctx);
  renderRecording(ctx);
  renderVerdict(ctx);
  renderBands(ctx);
  renderDisposition(ctx);
  renderDeviations(ctx);
  renderStatistics(ctx);
  renderExcursions(ctx);
  renderCharts(ctx);
  renderDataTable(ctx);
  renderAuditTrail(ctx);

  const zone = options.timeZone;
  const generated = `${ctx.at(content.generatedAt)} ${zone === "UTC" ? "UTC" : timeZoneAbbreviation(zone, content.generatedAt)}`;
  return w.finish((page, pages) => ({
    left: `Content SHA-256: ${content.hash}`,
    right: `Page ${page} of ${pages}`,
    second: `${report.labelId} · generated ${generated} · the SHA-256 covers the readings, limits, evaluation window, shock events, record fields and signed disposition, not this file`,
  }));
}

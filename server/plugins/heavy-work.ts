import fp from "fastify-plugin";
import { DEFAULT_EXPORT_LIMITS, ExportLimiter, type ExportLimits } from "../reports/export/export-limiter";
import { PdfWorkerPool } from "../reports/export/pdf-pool";

/** Downloads per minute of one API key or one person, before the concurrency limits. */
const EXPORTS_PER_KEY_PER_MINUTE = 60;

/** List pages above this many rows take a heavy-read slot (server/reports/export/export-limiter.ts). */
export const HEAVY_PAGE_ROWS = 1000;

/** Report downloads: how many run at once, the PDF worker threads, the per-key budget. */
export interface ExportSlots {
  limiter: ExportLimiter;
  pdf: PdfWorkerPool;
  perKeyPerMinute: number;
}

export type ExportLimitOptions = Partial<ExportLimits & { perKeyPerMinute: number }>;

/**
 * `app.exports` and `app.heavyReads`: work that can take seconds and a lot of memory
 * (downloads, list pages of thousands of rows) is bounded per process, in slots of its own.
 */
export const heavyWorkPlugin = fp<{ exportLimits?: ExportLimitOptions }>(
  async (app, { exportLimits }) => {
    const limits = { ...DEFAULT_EXPORT_LIMITS, ...exportLimits };
    const exports: ExportSlots = {
      limiter: new ExportLimiter(limits),
      pdf: new PdfWorkerPool(),
      perKeyPerMinute: exportLimits?.perKeyPerMinute ?? EXPORTS_PER_KEY_PER_MINUTE,
    };
    app.decorate("exports", exports);
    app.decorate(
      "heavyReads",
      new ExportLimiter(limits, `list pages of more than ${HEAVY_PAGE_ROWS.toLocaleString("en-US")} rows`),
    );
    app.addHook("onClose", () => exports.pdf.close());
  },
  { name: "heavy-work", fastify: "5.x" },
);

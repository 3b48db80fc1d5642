import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { DownloadOptions } from "../../../core/domain/download-options";
import type { Series } from "../series";
import type { ReportContent } from "./report-content";

/**
 * Renders PDFs on worker threads (pdf-worker.ts). PDFKit is synchronous: a PDF of a
 * long report takes seconds of CPU, and on the server's own thread that stalled every
 * other request, /api/health included. Workers start on the first download and stay;
 * jobs wait here for a free one (the export limiter already bounds how many come).
 */

export interface PdfJob {
  id: number;
  content: ReportContent;
  series: Series;
  options: DownloadOptions;
}

export type PdfJobResult = { id: number; pdf: Uint8Array } | { id: number; error: string };

interface Pending {
  job: PdfJob;
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

/** One core stays with the event loop. */
const defaultPdfWorkers = () => Math.max(1, availableParallelism() - 1);

// The worker is TypeScript like the server; the boot script loads it through tsx.
const WORKER_FILE = new URL("./pdf-worker-boot.mjs", import.meta.url);

export class PdfWorkerPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly size: number = defaultPdfWorkers()) {}

  render(content: ReportContent, series: Series, options: DownloadOptions): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error("The PDF workers are shut down"));
    return new Promise((resolve, reject) => {
      this.queue.push({ job: { id: this.nextId++, content, series, options }, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new Error("The PDF workers are shut down"));
    const workers = [...this.idle.splice(0), ...this.busy.keys()];
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.busy.size < this.size ? this.spawn() : undefined);
      if (!worker) return;
      const pending = this.queue.shift() as Pending;
      this.busy.set(worker, pending);
      worker.postMessage(pending.job);
    }
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_FILE);
    // An idle worker must not keep the process (a test run, a shutdown) alive.
    worker.unref();
    worker.on("message", (result: PdfJobResult) => {
      const pending = this.busy.get(worker);
      this.busy.delete(worker);
      if (pending) {
        if ("pdf" in result)
          pending.resolve(Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength));
        else pending.reject(new Error(`PDF rendering failed: ${result.error}`));
      }
      if (!this.closed) this.idle.push(worker);
      this.dispatch();
    });
    const fail = (error: Error) => {
      const pending = this.busy.get(worker);
      this.busy.delete(worker);
      const index = this.idle.indexOf(worker);
      if (index >= 0) this.idle.splice(index, 1);
      pending?.reject(error);
      if (!this.closed) this.dispatch();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => {
      if (!this.closed) fail(new Error(`A PDF worker stopped (exit code ${code})`));
    });
    return worker;
  }
}

import { parentPort } from "node:worker_threads";
import { renderPdf } from "./pdf";
import type { PdfJob, PdfJobResult } from "./pdf-pool";

// The worker thread of pdf-pool.ts: renders one PDF per message, off the server's event loop.
if (!parentPort) throw new Error("pdf-worker.ts runs as a worker thread (pdf-pool.ts starts it)");
const port = parentPort;

port.on("message", async (job: PdfJob) => {
  let result: PdfJobResult;
  try {
    const pdf = await renderPdf(job.content, job.series, job.options);
    // A copy in its own ArrayBuffer, so it can be transferred instead of copied back.
    const bytes = new Uint8Array(pdf.byteLength);
    bytes.set(pdf);
    result = { id: job.id, pdf: bytes };
    port.postMessage(result, [bytes.buffer]);
  } catch (e) {
    result = { id: job.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
    port.postMessage(result);
  }
});

import { parentPort } from "node:worker_threads";
import { parseEpcisDocument } from "./epcis-parse";
import type { EpcisParseJob, EpcisParseResult } from "./epcis-parser-pool";

// The worker thread of epcis-parser-pool.ts: one capture body per message, off the server's event loop.
if (!parentPort) throw new Error("epcis-worker.ts runs as a worker thread (epcis-parser-pool.ts starts it)");
const port = parentPort;

port.on("message", (job: EpcisParseJob) => {
  let result: EpcisParseResult;
  try {
    result = { id: job.id, parsed: parseEpcisDocument(job.text, job.now) };
  } catch (e) {
    result = { id: job.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  port.postMessage(result);
});

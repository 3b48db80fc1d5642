import { Worker } from "node:worker_threads";
import type { ParsedCapture } from "./epcis-parse";

/**
 * Parses and maps EPCIS capture bodies on one worker thread (epcis-worker.ts). A document
 * of the largest size allowed took half a second of the server's own thread to parse and
 * check (JSON.parse, the NUL and prototype-key walks, the mapping): every other request,
 * /api/health included, waited that long. One thread is enough: the capture slots
 * (routes/epcis.ts) bound how many bodies come, and they wait here in turn.
 */

export interface EpcisParseJob {
  id: number;
  text: string;
  now: number;
}

export type EpcisParseResult = { id: number; parsed: ParsedCapture } | { id: number; error: string };

const WORKER_FILE = new URL("./epcis-worker-boot.mjs", import.meta.url);

interface Pending {
  resolve: (parsed: ParsedCapture) => void;
  reject: (error: Error) => void;
}

export class EpcisParserPool {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  parse(text: string, now: number): Promise<ParsedCapture> {
    if (this.closed) return Promise.reject(new Error("The EPCIS worker is shut down"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const job: EpcisParseJob = { id, text, now };
      this.start().postMessage(job);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.failAll(new Error("The EPCIS worker is shut down"));
    await this.worker?.terminate();
    this.worker = null;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_FILE);
    this.worker = worker;
    // An idle worker must not keep the process (a test run, a shutdown) alive.
    worker.unref();
    worker.on("message", (result: EpcisParseResult) => {
      const pending = this.pending.get(result.id);
      this.pending.delete(result.id);
      if (!pending) return;
      if ("parsed" in result) pending.resolve(result.parsed);
      else pending.reject(new Error(`EPCIS parsing failed: ${result.error}`));
    });
    // A worker that dies fails what it held; the next capture starts a new one.
    const lost = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      this.failAll(error);
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`The EPCIS worker stopped (exit code ${code})`)));
    return worker;
  }

  private failAll(error: Error): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}

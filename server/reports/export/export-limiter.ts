import { TooManyRequests } from "../../errors";

/**
 * Bounds the heavy work of downloads (loading every reading, rendering a PDF, streaming a
 * CSV): at most `perCompany` run at once for one company and `global` for the whole
 * server; a few more wait in line, and past that the caller gets 429 with Retry-After.
 * A company can never hold every global slot (perCompany < global), so one company's
 * export storm does not queue another company's download behind it. In-process: with
 * several instances each one limits on its own.
 */

export interface ExportLimits {
  /** Downloads running at once for one company. */
  perCompany: number;
  /** Downloads running at once on this server. */
  global: number;
  /** Downloads of one company waiting for a slot; one more is refused. */
  queuePerCompany: number;
  /** Downloads waiting on this server; one more is refused. */
  queueGlobal: number;
  /** Retry-After of a refused download, in seconds. */
  retryAfterSeconds: number;
}

export const DEFAULT_EXPORT_LIMITS: ExportLimits = {
  perCompany: 2,
  global: 4,
  queuePerCompany: 4,
  queueGlobal: 32,
  retryAfterSeconds: 10,
};

interface Waiter {
  companyId: string;
  start: () => void;
}

export class ExportLimiter {
  private readonly running = new Map<string, number>();
  private runningTotal = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    readonly limits: ExportLimits = DEFAULT_EXPORT_LIMITS,
    /** What is limited, for the 429's message ("downloads"). */
    private readonly what = "downloads",
  ) {}

  /**
   * Waits for a slot of the company (throws TooManyRequests when its line is full) and
   * resolves with the function that gives the slot back; calling it twice is harmless.
   */
  async acquire(companyId: string): Promise<() => void> {
    const { perCompany, global, queuePerCompany, queueGlobal, retryAfterSeconds } = this.limits;
    if (this.canStart(companyId) && !this.waiting.some((w) => w.companyId === companyId)) {
      return this.start(companyId);
    }
    const queued = this.waiting.filter((w) => w.companyId === companyId).length;
    if (queued >= queuePerCompany || this.waiting.length >= queueGlobal) {
      throw new TooManyRequests(
        `Too many ${this.what} at once (at most ${perCompany} per company and ${global} in total run at a time, ` +
          `${queuePerCompany} per company wait). Please try again in ${retryAfterSeconds} seconds.`,
        retryAfterSeconds,
      );
    }
    return new Promise((resolve) => {
      this.waiting.push({ companyId, start: () => resolve(this.start(companyId)) });
    });
  }

  /** Runs `work` in a slot of the company. */
  async run<T>(companyId: string, work: () => Promise<T>): Promise<T> {
    const release = await this.acquire(companyId);
    try {
      return await work();
    } finally {
      release();
    }
  }

  stats(): { running: number; waiting: number } {
    return { running: this.runningTotal, waiting: this.waiting.length };
  }

  private canStart(companyId: string): boolean {
    return this.runningTotal < this.limits.global && (this.running.get(companyId) ?? 0) < this.limits.perCompany;
  }

  private start(companyId: string): () => void {
    this.running.set(companyId, (this.running.get(companyId) ?? 0) + 1);
    this.runningTotal += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(companyId) ?? 1) - 1;
      if (left > 0) this.running.set(companyId, left);
      else this.running.delete(companyId);
      this.runningTotal -= 1;
      this.startWaiting();
    };
  }

  /** First come, first served among the companies that have a free slot. */
  private startWaiting(): void {
    for (let i = 0; i < this.waiting.length; ) {
      const waiter = this.waiting[i] as Waiter;
      if (this.canStart(waiter.companyId)) {
        this.waiting.splice(i, 1);
        waiter.start();
      } else {
        i++;
      }
    }
  }
}

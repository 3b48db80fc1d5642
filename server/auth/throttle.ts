import { HttpError } from "../errors";

/**
 * A fixed-window counter per key (an IP address or an account), for sign-in, code
 * and reset attempts. It lives in the process: with several instances each one
 * limits on its own, which still bounds guessing to instances × limit per window.
 */
export class Throttle {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one attempt; throws 429 once the key is over its limit in the window. */
  hit(key: string, what: string): void {
    const now = Date.now();
    if (this.hits.size > 50_000) this.sweep(now);
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      return;
    }
    entry.count += 1;
    if (entry.count > this.limit) {
      const minutes = Math.ceil((entry.resetAt - now) / 60_000);
      throw new HttpError(
        429,
        `Too many ${what}. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
      );
    }
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}

/**
 * Per account the limits are tight (guessing one person's password); per address
 * they are looser, since a whole office may sign in from one address.
 */
export interface AuthThrottles {
  perAccount: Throttle;
  perAddress: Throttle;
  codes: Throttle;
  reset: Throttle;
}

export function createThrottles(): AuthThrottles {
  return {
    perAccount: new Throttle(10, 15 * 60_000),
    perAddress: new Throttle(Number(process.env.AUTH_ATTEMPTS_PER_ADDRESS ?? 200), 15 * 60_000),
    codes: new Throttle(5, 15 * 60_000),
    reset: new Throttle(5, 60 * 60_000),
  };
}

import { isIPv6 } from "node:net";
import {
  DEFAULT_AUTH_ATTEMPTS_PER_ADDRESS,
  DEFAULT_AUTH_FAILURES_PER_ACCOUNT,
  DEFAULT_AUTH_LOOKUPS_PER_ADDRESS,
} from "../config";
import { TooManyRequests } from "../errors";

/**
 * Counters live in the process: with several instances each one limits on its own,
 * which still bounds guessing to instances × limit.
 */

type Clock = () => number;

function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

function tooMany(what: string, waitMs: number): TooManyRequests {
  return new TooManyRequests(
    `Too many ${what}. Please wait ${waitText(waitMs)} and try again.`,
    Math.max(1, Math.ceil(waitMs / 1000)),
  );
}

/** A fixed-window counter per key (an address, an account, or both). */
export class Throttle {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: Clock = Date.now,
  ) {}

  /** Counts one attempt; throws 429 once the key is over its limit in the window. */
  hit(key: string, what: string): void {
    this.add(key);
    this.check(key, what, this.limit + 1);
  }

  /** Throws 429 while the key has used up its limit; counts nothing (pair with add on failure). */
  check(key: string, what: string, over = this.limit): void {
    const now = this.now();
    const entry = this.hits.get(key);
    if (entry && entry.resetAt > now && entry.count >= over) throw tooMany(what, entry.resetAt - now);
  }

  add(key: string): void {
    const now = this.now();
    if (this.hits.size > 50_000) this.sweep(now);
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
    else entry.count += 1;
  }

  /** Takes back one count (an attempt counted in advance that turned out to succeed). */
  remove(key: string): void {
    const entry = this.hits.get(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}

export interface BackoffRule {
  /** Failures in a row before the first wait (typing mistakes). */
  freeFailures: number;
  /** The wait after the last free failure; it doubles with each further failure. */
  firstWaitMs: number;
  maxWaitMs: number;
  /** A key with no failure for this long starts afresh. */
  forgetAfterMs: number;
}

/**
 * Exponential backoff per key: one (account, address) pair waits longer after each
 * failure, without locking the account for anyone else. Even the right password is
 * refused while waiting, so the waits bound guessing and reveal nothing.
 */
export class Backoff {
  private readonly entries = new Map<string, { failures: number; blockedUntil: number; lastFailure: number }>();

  constructor(
    private readonly rule: BackoffRule,
    private readonly now: Clock = Date.now,
  ) {}

  check(key: string, what: string): void {
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry && entry.blockedUntil > now) throw tooMany(what, entry.blockedUntil - now);
  }

  fail(key: string): void {
    const now = this.now();
    if (this.entries.size > 50_000) this.sweep(now);
    let entry = this.entries.get(key);
    if (!entry || now - entry.lastFailure > this.rule.forgetAfterMs) {
      entry = { failures: 0, blockedUntil: 0, lastFailure: now };
      this.entries.set(key, entry);
    }
    entry.failures += 1;
    this.settle(key);
  }

  /** Starts the current wait from now: a failure counted in advance is known only after a slow check. */
  settle(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    const now = this.now();
    entry.lastFailure = now;
    const beyond = entry.failures - this.rule.freeFailures;
    if (beyond >= 0) {
      // Capped exponent: 2 ** 40 ms is far past any sensible cap already.
      const wait = Math.min(this.rule.firstWaitMs * 2 ** Math.min(beyond, 40), this.rule.maxWaitMs);
      entry.blockedUntil = Math.max(entry.blockedUntil, now + wait);
    }
  }

  succeed(key: string): void {
    this.entries.delete(key);
  }

  private sweep(now: number) {
    for (const [key, entry] of this.entries) {
      if (entry.blockedUntil <= now && now - entry.lastFailure > this.rule.forgetAfterMs) this.entries.delete(key);
    }
  }
}

/**
 * The part of a client address one party controls: an IPv6 client usually holds a
 * whole /64, so its addresses count as one. IPv4-mapped IPv6 counts as the IPv4 address.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

export interface AuthThrottles {
  /** Password guesses per account (the current password when changing it, server/routes/me.ts). */
  perAccount: Throttle;
  /** Every attempt or failure from one address, whichever account it is for (AUTH_ATTEMPTS_PER_ADDRESS). */
  perAddress: Throttle;
  /** Wrong passwords per (account, address), or per (account, known device). */
  passwordFailures: Backoff;
  /**
   * Wrong passwords per account from unknown devices, all addresses together: high, so
   * one stranger cannot reach it; a crowd that does only stops other strangers.
   */
  accountFailures: Throttle;
  /** Code requests per (account, address) or (account, known device). */
  codes: Throttle;
  /** Code requests per account from unknown devices (mail flooding). */
  accountCodes: Throttle;
  /** Reset-link requests per (account, address). */
  reset: Throttle;
  /** Reset-link requests per account, all addresses together (mail flooding). */
  accountResets: Throttle;
  /** Account look-ups (exists, sign-up) per address: the answers say who has an account. */
  lookups: Throttle;
}

export interface ThrottleSettings {
  now?: Clock;
  /**
   * Server processes that share the limits (SERVER_PROCESSES, server/cluster.ts). The counters
   * live in each process, and the cluster hands connections out in turn, so each process keeps
   * its share of every limit: together they never allow more than one process would.
   */
  processes?: number;
  perAddress?: number;
  accountFailures?: number;
  accountCodes?: number;
  accountResets?: number;
  lookups?: number;
  backoff?: Partial<BackoffRule>;
}

const MINUTE = 60_000;

export function createThrottles(settings: ThrottleSettings = {}): AuthThrottles {
  const now = settings.now ?? Date.now;
  const processes = Math.max(1, settings.processes ?? 1);
  const throttle = (limit: number, windowMs: number, clock: Clock) =>
    new Throttle(Math.max(1, Math.ceil(limit / processes)), windowMs, clock);
  return {
    perAccount: throttle(10, 15 * MINUTE, now),
    perAddress: throttle(settings.perAddress ?? DEFAULT_AUTH_ATTEMPTS_PER_ADDRESS, 15 * MINUTE, now),
    passwordFailures: new Backoff(
      {
        freeFailures: 5,
        firstWaitMs: 1000,
        maxWaitMs: 15 * MINUTE,
        forgetAfterMs: 24 * 60 * MINUTE,
        ...settings.backoff,
      },
      now,
    ),
    accountFailures: throttle(settings.accountFailures ?? DEFAULT_AUTH_FAILURES_PER_ACCOUNT, 15 * MINUTE, now),
    codes: throttle(5, 15 * MINUTE, now),
    accountCodes: throttle(settings.accountCodes ?? 30, 60 * MINUTE, now),
    reset: throttle(5, 60 * MINUTE, now),
    accountResets: throttle(settings.accountResets ?? 30, 60 * MINUTE, now),
    lookups: throttle(settings.lookups ?? DEFAULT_AUTH_LOOKUPS_PER_ADDRESS, 15 * MINUTE, now),
  };
}

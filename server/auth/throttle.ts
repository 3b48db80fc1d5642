import { isIPv6 } from "node:net";
import {
  DEFAULT_AUTH_ATTEMPTS_PER_ADDRESS,
  DEFAULT_AUTH_FAILURES_PER_ACCOUNT,
  DEFAULT_AUTH_LOOKUPS_PER_ADDRESS,
} from "../config";
import { TooManyRequests } from "../errors";
import { type BackoffSteps, type CounterStore, memoryCounters } from "./counter-store";

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

/**
 * A fixed-window counter per key (an address, an account, or both). The counts live in a
 * CounterStore: the database in the server, so every process and instance shares one budget.
 * `name` keeps the keys of different throttles apart in the store.
 */
export class Throttle {
  constructor(
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly store: CounterStore = memoryCounters(),
    private readonly now: Clock = Date.now,
  ) {}

  /** Counts one attempt; throws 429 once the key is over its limit in the window. */
  async hit(key: string, what: string): Promise<void> {
    const now = this.now();
    const window = await this.store.add(this.key(key), this.windowMs, now);
    if (window.count > this.limit) throw tooMany(what, window.resetAt - now);
  }

  /** Throws 429 while the key has used up its limit; counts nothing (pair with add on failure). */
  async check(key: string, what: string): Promise<void> {
    const now = this.now();
    const window = await this.store.read(this.key(key), now);
    if (window && window.count >= this.limit) throw tooMany(what, window.resetAt - now);
  }

  async add(key: string): Promise<void> {
    await this.store.add(this.key(key), this.windowMs, this.now());
  }

  /** Takes back one count (an attempt counted in advance that turned out to succeed). */
  async remove(key: string): Promise<void> {
    await this.store.remove(this.key(key), this.now());
  }

  async reset(key: string): Promise<void> {
    await this.store.clear(this.key(key));
  }

  private key(key: string): string {
    return `${this.name}:${key}`;
  }
}

export type BackoffRule = BackoffSteps;

/**
 * Exponential backoff per key: one (account, address) pair waits longer after each
 * failure, without locking the account for anyone else. Even the right password is
 * refused while waiting, so the waits bound guessing and reveal nothing.
 */
export class Backoff {
  constructor(
    private readonly rule: BackoffRule,
    private readonly now: Clock = Date.now,
    private readonly store: CounterStore = memoryCounters(),
    private readonly name = "backoff",
  ) {}

  async check(key: string, what: string): Promise<void> {
    const now = this.now();
    const until = await this.store.blockedUntil(this.key(key));
    if (until > now) throw tooMany(what, until - now);
  }

  async fail(key: string): Promise<void> {
    await this.store.fail(this.key(key), this.rule, this.now());
  }

  /** Starts the current wait from now: a failure counted in advance is known only after a slow check. */
  async settle(key: string): Promise<void> {
    await this.store.settle(this.key(key), this.rule, this.now());
  }

  async succeed(key: string): Promise<void> {
    await this.store.clear(this.key(key));
  }

  private key(key: string): string {
    return `${this.name}:${key}`;
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
   * Where the counts live: the server passes the database (databaseCounters), so every
   * server process (SERVER_PROCESSES) and instance on the database shares each limit.
   */
  store?: CounterStore;
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
  const store = settings.store ?? memoryCounters();
  const throttle = (name: string, limit: number, windowMs: number) =>
    new Throttle(name, Math.max(1, limit), windowMs, store, now);
  return {
    perAccount: throttle("account", 10, 15 * MINUTE),
    perAddress: throttle("address", settings.perAddress ?? DEFAULT_AUTH_ATTEMPTS_PER_ADDRESS, 15 * MINUTE),
    passwordFailures: new Backoff(
      {
        freeFailures: 5,
        firstWaitMs: 1000,
        maxWaitMs: 15 * MINUTE,
        forgetAfterMs: 24 * 60 * MINUTE,
        ...settings.backoff,
      },
      now,
      store,
      "password-failures",
    ),
    accountFailures: throttle(
      "account-failures",
      settings.accountFailures ?? DEFAULT_AUTH_FAILURES_PER_ACCOUNT,
      15 * MINUTE,
    ),
    codes: throttle("codes", 5, 15 * MINUTE),
    accountCodes: throttle("account-codes", settings.accountCodes ?? 30, 60 * MINUTE),
    reset: throttle("reset", 5, 60 * MINUTE),
    accountResets: throttle("account-resets", settings.accountResets ?? 30, 60 * MINUTE),
    lookups: throttle("lookups", settings.lookups ?? DEFAULT_AUTH_LOOKUPS_PER_ADDRESS, 15 * MINUTE),
  };
}

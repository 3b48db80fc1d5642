import { sql } from "kysely";
import type { Db } from "../db/index";

/** A fixed window: `count` hits until `resetAt` (epoch ms). */
interface Window {
  count: number;
  resetAt: number;
}

export interface BackoffSteps {
  freeFailures: number;
  firstWaitMs: number;
  maxWaitMs: number;
  forgetAfterMs: number;
}

/**
 * Where the counters of Throttle and Backoff (server/auth/throttle.ts) and of the route
 * rate limits (server/plugins/rate-limit-store.ts) live. The server uses the database,
 * so every process and instance on it counts against one budget; unit tests use memory.
 * Each call is one round trip, made only by the routes that count.
 */
export interface CounterStore {
  /** Counts one hit; a window past its end starts afresh with this hit. */
  add(key: string, windowMs: number, now: number): Promise<Window>;
  /** The current window, or none when it has ended. */
  read(key: string, now: number): Promise<Window | undefined>;
  /** Takes back one hit of the current window. */
  remove(key: string, now: number): Promise<void>;
  clear(key: string): Promise<void>;
  /** Counts one failure in a row (afresh after forgetAfterMs without one) and starts its wait. */
  fail(key: string, steps: BackoffSteps, now: number): Promise<void>;
  /** Starts the current wait from now. */
  settle(key: string, steps: BackoffSteps, now: number): Promise<void>;
  /** When the key's wait ends (0 when none). */
  blockedUntil(key: string): Promise<number>;
}

function waitFor(failures: number, steps: BackoffSteps): number {
  const beyond = failures - steps.freeFailures;
  if (beyond < 0) return 0;
  // Capped exponent: 2 ** 40 ms is far past any sensible cap already.
  return Math.min(steps.firstWaitMs * 2 ** Math.min(beyond, 40), steps.maxWaitMs);
}

interface Entry {
  count: number;
  resetAt: number;
  blockedUntil: number;
}

/** Counters in this process only: unit tests, and apps built without a database store. */
export function memoryCounters(): CounterStore {
  const entries = new Map<string, Entry>();
  const sweep = (now: number) => {
    if (entries.size <= 50_000) return;
    for (const [key, e] of entries) if (e.resetAt <= now && e.blockedUntil <= now) entries.delete(key);
  };
  const settle = (e: Entry, steps: BackoffSteps, now: number) => {
    e.resetAt = now + steps.forgetAfterMs;
    const wait = waitFor(e.count, steps);
    if (wait > 0) e.blockedUntil = Math.max(e.blockedUntil, now + wait);
  };
  return {
    async add(key, windowMs, now) {
      sweep(now);
      const e = entries.get(key);
      if (!e || e.resetAt <= now) {
        entries.set(key, { count: 1, resetAt: now + windowMs, blockedUntil: 0 });
        return { count: 1, resetAt: now + windowMs };
      }
      e.count += 1;
      return { count: e.count, resetAt: e.resetAt };
    },
    async read(key, now) {
      const e = entries.get(key);
      return e && e.resetAt > now ? { count: e.count, resetAt: e.resetAt } : undefined;
    },
    async remove(key) {
      const e = entries.get(key);
      if (e && e.count > 0) e.count -= 1;
    },
    async clear(key) {
      entries.delete(key);
    },
    async fail(key, steps, now) {
      sweep(now);
      let e = entries.get(key);
      if (!e || e.resetAt < now) {
        e = { count: 0, resetAt: now, blockedUntil: 0 };
        entries.set(key, e);
      }
      e.count += 1;
      settle(e, steps, now);
    },
    async settle(key, steps, now) {
      const e = entries.get(key);
      if (e) settle(e, steps, now);
    },
    async blockedUntil(key) {
      return entries.get(key)?.blockedUntil ?? 0;
    },
  };
}

/** Rows past both their window and their wait are deleted about once in this many hits. */
const PRUNE_ONE_IN = 500;

/**
 * Counters in the rate_counters table (migration 0028), shared by every process and
 * instance on the database. Each change is one atomic upsert, so two processes counting
 * the same key at once never lose a hit. Columns are read under one-word aliases: the
 * Kysely instance renames snake_case result columns to camelCase.
 */
export function databaseCounters(db: Db): CounterStore {
  const prune = async (now: number) => {
    if (Math.random() * PRUNE_ONE_IN >= 1) return;
    await sql`delete from rate_counters where reset_at <= ${now} and blocked_until <= ${now}`.execute(db);
  };
  // Wait in SQL, as waitFor: free failures first, then doubling up to the longest wait.
  const waitSql = (steps: BackoffSteps) =>
    sql`case when rate_counters.count < ${steps.freeFailures} then 0 else least(${steps.firstWaitMs}::bigint * power(2, least(rate_counters.count - ${steps.freeFailures}, 40))::bigint, ${steps.maxWaitMs}::bigint) end`;
  return {
    async add(key, windowMs, now) {
      await prune(now);
      const result = await sql<{ count: number; ends: string | number }>`
        insert into rate_counters (key, count, reset_at) values (${key}, 1, ${now + windowMs})
        on conflict (key) do update set
          count = case when rate_counters.reset_at <= ${now} then 1 else rate_counters.count + 1 end,
          reset_at = case when rate_counters.reset_at <= ${now} then excluded.reset_at else rate_counters.reset_at end
        returning count, reset_at as ends`.execute(db);
      const row = result.rows[0];
      return { count: Number(row?.count ?? 1), resetAt: Number(row?.ends ?? now + windowMs) };
    },
    async read(key, now) {
      const result = await sql<{ count: number; ends: string | number }>`
        select count, reset_at as ends from rate_counters where key = ${key} and reset_at > ${now}`.execute(db);
      const row = result.rows[0];
      return row ? { count: Number(row.count), resetAt: Number(row.ends) } : undefined;
    },
    async remove(key) {
      await sql`update rate_counters set count = count - 1 where key = ${key} and count > 0`.execute(db);
    },
    async clear(key) {
      await sql`delete from rate_counters where key = ${key}`.execute(db);
    },
    async fail(key, steps, now) {
      await prune(now);
      await sql`
        insert into rate_counters (key, count, reset_at, blocked_until)
        values (${key}, 1, ${now + steps.forgetAfterMs}, ${now + waitFor(1, steps)})
        on conflict (key) do update set
          count = case when rate_counters.reset_at < ${now} then 1 else rate_counters.count + 1 end,
          blocked_until = case when rate_counters.reset_at < ${now} then excluded.blocked_until
            else greatest(rate_counters.blocked_until, ${now}::bigint + ${sql`case when rate_counters.count + 1 < ${steps.freeFailures} then 0 else least(${steps.firstWaitMs}::bigint * power(2, least(rate_counters.count + 1 - ${steps.freeFailures}, 40))::bigint, ${steps.maxWaitMs}::bigint) end`}) end,
          reset_at = excluded.reset_at`.execute(db);
    },
    async settle(key, steps, now) {
      await sql`
        update rate_counters set
          reset_at = ${now + steps.forgetAfterMs},
          blocked_until = greatest(blocked_until, ${now}::bigint + ${waitSql(steps)})
        where key = ${key}`.execute(db);
    },
    async blockedUntil(key) {
      const result = await sql<{ blocked: string | number }>`
        select blocked_until as blocked from rate_counters where key = ${key}`.execute(db);
      return Number(result.rows[0]?.blocked ?? 0);
    },
  };
}

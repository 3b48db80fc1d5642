import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { CounterStore } from "../auth/counter-store";

/**
 * A store for @fastify/rate-limit over the shared counters (rate_counters), so the route
 * budgets (downloads, captures, registrations a minute per key) hold across every server
 * process and instance on the database. `name` keeps the budgets of different routes apart.
 */
export function sharedRateLimitStore(counters: CounterStore, name: string): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const now = Date.now();
      counters.add(`${name}:${key}`, timeWindow, now).then(
        (window) => callback(null, { current: window.count, ttl: Math.max(0, window.resetAt - now) }),
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return SharedStore;
}

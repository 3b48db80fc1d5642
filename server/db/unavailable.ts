/**
 * Telling "the database is away" (stopped, restarting, unreachable, its connection cut)
 * from a query's own failure: the first is a 503 the client may retry, the second a bug.
 */

/** What every request answers while the database is away. */
export const DATABASE_UNAVAILABLE_MESSAGE = "The database is unavailable; try again shortly";

/** Retry-After of that answer: a restart or failover usually takes seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const UNAVAILABLE_CODES = new Set([
  // The socket: refused, reset, timed out, no route, closed under a write.
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  // PostgreSQL: shutting down (admin, crash, cannot connect now: starting up or in recovery).
  "57P01",
  "57P02",
  "57P03",
  // Connection exceptions, and too many connections (a restart's reconnect storm).
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "53300",
]);

// pg's own errors for a lost or never-made connection carry no code, only these messages.
const UNAVAILABLE_MESSAGES = [
  // "…unexpectedly" (the server went), "…due to connection timeout" (it never answered).
  /^Connection terminated/,
  // The pool's connectionTimeoutMillis.
  /^timeout exceeded when trying to connect/,
  // A client whose connection failed earlier, asked again.
  /is not queryable$/,
];

/** Whether `error` says the database cannot be reached right now (rather than that a query is wrong). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
  // An AggregateError (a host with IPv4 and IPv6 addresses, both refused) wraps the socket errors.
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message));
}

/**
 * Runs `attempt` until the database answers it: a start (or a worker's restart) while
 * the database is away waits for it instead of ending, so the server is back as soon as
 * the database is. Any other error ends the wait. Tries every 0.5 s, doubling to 5 s.
 */
export async function untilDatabaseAnswers<T>(
  what: string,
  attempt: () => Promise<T>,
  log: (line: string) => void = console.error,
): Promise<T> {
  let delayMs = 500;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      log(`${what}: the database is unavailable (${(error as Error).message}); trying again in ${delayMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      delayMs = Math.min(delayMs * 2, 5_000);
    }
  }
}

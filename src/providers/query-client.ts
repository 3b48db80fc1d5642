import { QueryClient, type QueryClientConfig } from "@tanstack/react-query";

/** Query cache settings: unused answers kept 5 minutes, failed requests retried 3 times with a growing wait. */

const QUERY_GC_TIME_MS = 5 * 60 * 1000;
const QUERY_MAX_RETRIES = 3;
const QUERY_RETRY_BASE_MS = 1000;
const QUERY_RETRY_CAP_MS = 30_000;

/** 1000 ms doubled each attempt (react-query counts attempts from 0), capped at 30 s. */
export function queryRetryDelay(attempt: number): number {
  return Math.min(QUERY_RETRY_BASE_MS * 2 ** attempt, QUERY_RETRY_CAP_MS);
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" ? status : undefined;
}

/**
 * A failed query retries 3 times, except when the server refused the request itself
 * (4xx other than 408 and 429): asking again cannot succeed and only delays the error
 * (a 401 would sign the user out seven seconds late).
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) return false;
  return failureCount < QUERY_MAX_RETRIES;
}

const queryClientConfig: QueryClientConfig = {
  defaultOptions: {
    queries: { gcTime: QUERY_GC_TIME_MS, retry: shouldRetryQuery, retryDelay: queryRetryDelay },
  },
};

export function createQueryClient(): QueryClient {
  return new QueryClient(queryClientConfig);
}

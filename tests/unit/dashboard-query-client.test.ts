import { describe, expect, it } from "vitest";
import { createQueryClient, queryRetryDelay, shouldRetryQuery } from "@/providers/query-client";

describe("query client", () => {
  it("the retry delay starts at 1000 ms and doubles each attempt", () => {
    expect([0, 1, 2, 3].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000]);
  });

  it("the retry delay is capped at 30 s", () => {
    expect(queryRetryDelay(5)).toBe(30_000);
    expect(queryRetryDelay(12)).toBe(30_000);
  });

  it("a failed query retries 3 times", () => {
    const error = { statusCode: 503 };
    expect([0, 1, 2, 3].map((n) => shouldRetryQuery(n, error))).toEqual([true, true, true, false]);
    expect(shouldRetryQuery(0, new TypeError("Failed to fetch"))).toBe(true);
  });

  it("a request the server refused (4xx) is not retried, except 408 and 429", () => {
    for (const statusCode of [400, 401, 403, 404, 416]) expect(shouldRetryQuery(0, { statusCode })).toBe(false);
    for (const statusCode of [408, 429]) expect(shouldRetryQuery(0, { statusCode })).toBe(true);
  });

  it("cached queries are garbage-collected after 5 minutes", () => {
    const options = createQueryClient().getDefaultOptions().queries;
    expect(options?.gcTime).toBe(300_000);
    expect(options?.retryDelay).toBe(queryRetryDelay);
  });
});

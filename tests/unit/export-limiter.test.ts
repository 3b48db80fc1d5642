import { describe, expect, test } from "vitest";
import { TooManyRequests } from "../../server/errors";
import { ExportLimiter } from "../../server/reports/export/export-limiter";

const limits = { perCompany: 2, global: 3, queuePerCompany: 2, queueGlobal: 3, retryAfterSeconds: 7 };
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("the export limiter", () => {
  test("one company runs at most its share at once; the next ones wait in line", async () => {
    const limiter = new ExportLimiter(limits);
    const first = await limiter.acquire("a");
    await limiter.acquire("a");
    let third = false;
    void limiter.acquire("a").then(() => {
      third = true;
    });
    await settled();
    expect(third).toBe(false);
    first();
    await settled();
    expect(third).toBe(true);
  });

  test("a storm from one company never takes the slot another company is due", async () => {
    const limiter = new ExportLimiter(limits);
    await limiter.acquire("a");
    await limiter.acquire("a");
    // Company A's line is full of its own work; company B still starts at once.
    void limiter.acquire("a");
    void limiter.acquire("a");
    let started = false;
    void limiter.acquire("b").then(() => {
      started = true;
    });
    await settled();
    expect(started).toBe(true);
  });

  test("past the company's line the answer is 429 with the seconds to wait", async () => {
    const limiter = new ExportLimiter(limits);
    await limiter.acquire("a");
    await limiter.acquire("a");
    void limiter.acquire("a");
    void limiter.acquire("a");
    const refused = await limiter.acquire("a").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TooManyRequests);
    expect((refused as TooManyRequests).statusCode).toBe(429);
    expect((refused as TooManyRequests).retryAfterSeconds).toBe(7);
  });

  test("a slot given back twice frees only one", async () => {
    const limiter = new ExportLimiter(limits);
    const release = await limiter.acquire("a");
    await limiter.acquire("a");
    release();
    release();
    expect(limiter.stats().running).toBe(1);
  });
});

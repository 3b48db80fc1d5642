import { describe, expect, test } from "vitest";
import { memoryCounters } from "../../server/auth/counter-store";
import { addressKey, Backoff, createThrottles } from "../../server/auth/throttle";

describe("throttle keys", () => {
  test("an attacker cannot dodge the per-address limits by rotating through their IPv6 /64", () => {
    expect(addressKey("2001:db8:1:2::1")).toBe(addressKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff"));
    expect(addressKey("2001:db8:1:2::1")).not.toBe(addressKey("2001:db8:1:3::1"));
  });

  test("an IPv4 client counts as the same address over IPv4 and IPv4-mapped IPv6", () => {
    expect(addressKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(addressKey("192.0.2.1")).toBe("192.0.2.1");
  });
});

describe("backoff", () => {
  const rule = { freeFailures: 2, firstWaitMs: 1000, maxWaitMs: 5000, forgetAfterMs: 60_000 };

  test("a guesser waits twice as long after each failure, up to the longest wait", async () => {
    let now = 0;
    const backoff = new Backoff(rule, () => now);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      await backoff.fail("k");
      let waited = 0;
      while (await blocked(backoff)) {
        now += 1000;
        waited += 1000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([0, 1000, 2000, 4000, 5000, 5000]);
  });

  test("a guesser who pauses long enough starts afresh, but not sooner", async () => {
    let now = 0;
    const backoff = new Backoff(rule, () => now);
    for (let i = 0; i < 4; i++) await backoff.fail("k");
    now += 30_000;
    await backoff.fail("k");
    expect(await blocked(backoff)).toBe(true);
    now += 61_000;
    await backoff.fail("k");
    expect(await blocked(backoff)).toBe(false);
  });
});

async function blocked(backoff: Backoff): Promise<boolean> {
  try {
    await backoff.check("k", "tries");
    return false;
  } catch {
    return true;
  }
}

describe("throttles shared by server processes", () => {
  async function allowed(throttles: ReturnType<typeof createThrottles>): Promise<number> {
    let n = 0;
    try {
      for (;;) {
        await throttles.perAddress.hit("192.0.2.1", "attempts");
        n++;
      }
    } catch {
      return n;
    }
  }

  test("two server processes on one counter store together allow no more sign-in attempts per address than one", async () => {
    const store = memoryCounters();
    const first = createThrottles({ perAddress: 10, store });
    const second = createThrottles({ perAddress: 10, store });
    expect((await allowed(first)) + (await allowed(second))).toBe(10);
  });

  test("different throttles keep their counts apart in one store", async () => {
    const throttles = createThrottles({ perAddress: 1, lookups: 1 });
    await throttles.perAddress.hit("k", "attempts");
    await expect(throttles.lookups.hit("k", "look-ups")).resolves.toBeUndefined();
  });
});

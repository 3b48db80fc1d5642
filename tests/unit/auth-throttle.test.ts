import { describe, expect, test } from "vitest";
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

  test("a guesser waits twice as long after each failure, up to the longest wait", () => {
    let now = 0;
    const backoff = new Backoff(rule, () => now);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      backoff.fail("k");
      let waited = 0;
      while (blocked(backoff)) {
        now += 1000;
        waited += 1000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([0, 1000, 2000, 4000, 5000, 5000]);
  });

  test("a guesser who pauses long enough starts afresh, but not sooner", () => {
    let now = 0;
    const backoff = new Backoff(rule, () => now);
    for (let i = 0; i < 4; i++) backoff.fail("k");
    now += 30_000;
    backoff.fail("k");
    expect(blocked(backoff)).toBe(true);
    now += 61_000;
    backoff.fail("k");
    expect(blocked(backoff)).toBe(false);
  });
});

function blocked(backoff: Backoff): boolean {
  try {
    backoff.check("k", "tries");
    return false;
  } catch {
    return true;
  }
}

describe("throttles shared by server processes", () => {
  function allowed(throttles: ReturnType<typeof createThrottles>): number {
    let n = 0;
    try {
      for (;;) {
        throttles.perAddress.hit("192.0.2.1", "attempts");
        n++;
      }
    } catch {
      return n;
    }
  }

  test("two server processes together allow no more sign-in attempts per address than one", () => {
    const one = allowed(createThrottles({ perAddress: 10 }));
    const each = allowed(createThrottles({ perAddress: 10, processes: 2 }));
    expect(one).toBe(10);
    expect(each * 2).toBe(10);
  });

  test("a limit smaller than the process count still lets each process allow one attempt", () => {
    expect(allowed(createThrottles({ perAddress: 1, processes: 4 }))).toBe(1);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { watchImpersonation } from "@/providers/auth/impersonation-timer";

const MIN = 60_000;
beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

describe("the impersonation timer", () => {
  it("checks every 60 seconds and stops impersonation when less than 1 minute remains", () => {
    const stop = vi.fn();
    watchImpersonation(15 * MIN, stop);
    vi.advanceTimersByTime(14 * MIN);
    expect(stop).not.toHaveBeenCalled(); // at 14:00, exactly 1 minute left: not yet below
    vi.advanceTimersByTime(MIN);
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it("stops at the first check after the remaining time drops below 1 minute, not between checks", () => {
    const stop = vi.fn();
    watchImpersonation(14.5 * MIN, stop);
    vi.advanceTimersByTime(13 * MIN + 59_000);
    expect(stop).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it("does not start when 10 minutes or less remain", () => {
    const stop = vi.fn();
    watchImpersonation(10 * MIN, stop);
    vi.advanceTimersByTime(20 * MIN);
    expect(stop).not.toHaveBeenCalled();
  });

  it("stops checking once cancelled", () => {
    const stop = vi.fn();
    const cancel = watchImpersonation(15 * MIN, stop);
    cancel();
    vi.advanceTimersByTime(30 * MIN);
    expect(stop).not.toHaveBeenCalled();
  });

  it("stops only once", () => {
    const stop = vi.fn();
    watchImpersonation(11 * MIN, stop);
    vi.advanceTimersByTime(60 * MIN);
    expect(stop).toHaveBeenCalledTimes(1);
  });
});

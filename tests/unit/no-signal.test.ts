import { describe, expect, it } from "vitest";
import { silentFrom } from "../../core/domain/no-signal";

const MINUTE = 60_000;
const last = Date.parse("2026-11-24T10:00:00Z");
const recording = { status: "recording", lastReadingAt: last, intervalMinutes: 5 };

describe("no signal: silent for more than 3 intervals + the company's grace", () => {
  it("is silent only once more than 3 intervals + 15 minutes have passed since the last reading", () => {
    expect(silentFrom(recording)).toBe(last + 30 * MINUTE);
  });

  it("takes the company's grace instead of 15 minutes", () => {
    expect(silentFrom({ ...recording, graceMinutes: 60 })).toBe(last + 75 * MINUTE);
    expect(silentFrom({ ...recording, graceMinutes: 0 })).toBe(last + 15 * MINUTE);
  });

  it("never flags a label that has not started, has stopped or ended, or was never heard of", () => {
    for (const status of ["notStarted", "stopped", "ended"]) expect(silentFrom({ ...recording, status })).toBeNull();
    expect(silentFrom({ ...recording, lastReadingAt: null })).toBeNull();
  });
});

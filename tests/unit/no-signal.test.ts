import { describe, expect, it } from "vitest";
import { isNoSignal, silentFrom } from "../../core/domain/no-signal";

const MINUTE = 60_000;
const last = Date.parse("2026-11-24T10:00:00Z");
const recording = { status: "recording", lastReadingAt: last, intervalMinutes: 5 };

describe("no signal: silent for more than 3 intervals + the company's grace", () => {
  it("is silent only once more than 3 intervals + 15 minutes have passed since the last reading", () => {
    expect(silentFrom(recording)).toBe(last + 30 * MINUTE);
    expect(isNoSignal(recording, last + 30 * MINUTE)).toBe(false);
    expect(isNoSignal(recording, last + 30 * MINUTE + 1)).toBe(true);
  });

  it("takes the company's grace instead of 15 minutes", () => {
    expect(isNoSignal({ ...recording, graceMinutes: 60 }, last + 70 * MINUTE)).toBe(false);
    expect(isNoSignal({ ...recording, graceMinutes: 0 }, last + 16 * MINUTE)).toBe(true);
  });

  it("never flags a label that has not started, has stopped or ended, or was never heard of", () => {
    const later = last + 10 * 86_400_000;
    for (const status of ["notStarted", "stopped", "ended"])
      expect(isNoSignal({ ...recording, status }, later)).toBe(false);
    expect(isNoSignal({ ...recording, lastReadingAt: null }, later)).toBe(false);
  });
});

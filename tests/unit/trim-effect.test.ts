import { describe, expect, test } from "vitest";
import type { PresetThresholds, ReportSummaryInput } from "../../core/domain/report-summary";
import { TRIM_REASON_PRESETS, trimEffect, trimReasonError, UNTRIM_REASON_PRESETS } from "../../core/domain/trim-effect";

const T0 = Date.parse("2026-10-01T00:00:00Z");
const STEP = 10 * 60_000;

const preset: PresetThresholds = {
  temperatureEnabled: true,
  temperatureMin: 2,
  temperatureMax: 8,
  humidityEnabled: false,
  humidityMin: null,
  humidityMax: null,
  shockEnabled: false,
  shockThresholdG: null,
  alarmDelayMinutes: 30,
  alarmType: "single",
  intervalMinutes: 10,
  batteryWarningLevel: 20,
};

/** 60 readings every 10 min at 5 °C; readings in `hot` at 12 °C. */
function input(hot: (i: number) => boolean, window: ReportSummaryInput["window"] = null): ReportSummaryInput {
  const readings = Array.from({ length: 60 }, (_, i) => ({
    t: T0 + i * STEP,
    temperature: hot(i) ? 12 : 5,
    humidity: null,
    battery: 90,
  }));
  return { preset, readings, status: "ended", window };
}

describe("a trim's reason", () => {
  test("is required, and at least 10 characters once blanks are trimmed", () => {
    expect(trimReasonError(undefined)).not.toBeNull();
    expect(trimReasonError("   ")).not.toBeNull();
    expect(trimReasonError("  123456789  ")).not.toBeNull();
    expect(trimReasonError("1234567890")).toBeNull();
  });

  test("each offered short reason is long enough on its own", () => {
    for (const reason of [...TRIM_REASON_PRESETS, ...UNTRIM_REASON_PRESETS]) expect(trimReasonError(reason)).toBeNull();
  });
});

describe("what a trim changes", () => {
  test("taking out the excursion that raised the alarm names the verdict change and the excursion's length", () => {
    // Readings 0..18 hot: 19 readings, 3 h 10 min above the limit.
    const effect = trimEffect(
      input((i) => i <= 18),
      { start: T0 + 30 * STEP, end: null },
    );
    expect(effect.message).toBe(
      "The verdict changes from Temperature violation to OK; 1 excursion of 3 h 10 min falls outside the window.",
    );
    expect(effect.requiresTypedConfirmation).toBe(true);
  });

  test("an excursion shorter than the alarm delay needs no typed confirmation", () => {
    const effect = trimEffect(
      input((i) => i === 5 || i === 6),
      { start: T0 + 30 * STEP, end: null },
    );
    expect(effect.removedExcursions).toHaveLength(1);
    expect(effect.verdictBefore).toBe("OK");
    expect(effect.requiresTypedConfirmation).toBe(false);
    expect(effect.message).toBe("The verdict stays OK; 1 excursion of 20 min falls outside the window.");
  });

  test("an excursion cut by the window counts as taken out", () => {
    const effect = trimEffect(
      input((i) => i >= 10 && i <= 20),
      { start: T0 + 15 * STEP, end: null },
    );
    expect(effect.removedExcursions.map((e) => e.durationMinutes)).toEqual([110]);
  });

  test("clearing a trim brings the verdict back and takes nothing out", () => {
    const effect = trimEffect(
      input((i) => i <= 18, { start: T0 + 30 * STEP, end: null }),
      { start: null, end: null },
    );
    expect(effect).toMatchObject({ verdictBefore: "OK", verdictAfter: "Temperature violation", removedExcursions: [] });
    expect(effect.requiresTypedConfirmation).toBe(false);
  });
});

import { describe, expect, test } from "vitest";
import {
  type PresetThresholds,
  type ReportSummaryInput,
  type SummaryReading,
  summariseReport,
  violationColumns,
} from "../../core/domain/report-summary";
import { PHARMA } from "../support/pharma-thresholds";

const MIN = 60_000;
const T0 = Date.UTC(2026, 5, 1, 8, 0);
const iso = (minute: number) => new Date(T0 + minute * MIN).toISOString();

/** Readings every 5 minutes from T0, with humidity 50 %RH and battery draining 1 % per reading. */
function readings(temperatures: (number | null)[], humidity: (number | null)[] = []): SummaryReading[] {
  return temperatures.map((temperature, i) => ({
    t: T0 + i * 5 * MIN,
    temperature,
    humidity: humidity[i] ?? 50,
    battery: 100 - i,
  }));
}

function summarise(overrides: Partial<ReportSummaryInput> = {}) {
  return summariseReport({ preset: PHARMA, readings: readings([5, 5, 5]), status: "ended", ...overrides });
}

describe("report summary", () => {
  test("a report in range everywhere is success on every unit", () => {
    const s = summarise();
    expect(s.temperature.state).toBe("success");
    expect(s.temperature.violation).toBe(false);
    expect(s.shock.state).toBe("success");
    expect(s.battery.state).toBe("success");
    expect(s.label).toEqual({ status: "ended", state: "success" });
    expect(s.overall).toEqual({ violation: false, state: "success", verdict: "ok" });
    expect(s.readingCount).toBe(3);
  });

  test("an excursion lasting the alarm delay is a violation with state error", () => {
    const s = summarise({ readings: readings([5, 9, 9, 9, 9, 9, 9, 5]) });
    expect(s.temperature).toMatchObject({
      violation: true,
      state: "error",
      excursionCount: 1,
      timeAboveMinutes: 30,
      timeBelowMinutes: 0,
      longestExcursionMinutes: 30,
    });
    expect(s.overall).toEqual({ violation: true, state: "error", verdict: "violation" });
  });

  test("single alarm type: the summary gives the alarm at the excursion's start plus the delay, and the start", () => {
    const s = summarise({ readings: readings([5, 9, 9, 9, 9, 9, 9, 9, 5]) });
    expect(s.temperature.firstTriggered).toBe(iso(35));
    expect(s.temperature.triggeringExcursionStart).toBe(iso(5));
  });

  test("cumulative alarm type: the summary gives the alarm where the running total reaches the delay", () => {
    // 15 minutes above (5–20), then below from 25: the other 15 are spent at 40.
    const preset: PresetThresholds = { ...PHARMA, alarmType: "cumulative" };
    const s = summarise({ preset, readings: readings([5, 9, 9, 9, 5, 1, 1, 1, 1, 1, 5]) });
    expect(s.temperature.firstTriggered).toBe(iso(40));
    expect(s.temperature.triggeringExcursionStart).toBe(iso(25));
  });

  test("an excursion shorter than the delay is a warning, not a violation", () => {
    const s = summarise({ readings: readings([5, 9, 9, 5]) });
    expect(s.temperature.violation).toBe(false);
    expect(s.temperature.state).toBe("warning");
    expect(s.temperature.firstTriggered).toBeNull();
  });

  test("temperature statistics give min and max with ISO times, the average and MKT", () => {
    const s = summarise({ readings: readings([5, 5, 5, 25]) });
    expect(s.temperature.min).toEqual({ value: 5, t: iso(0) });
    expect(s.temperature.max).toEqual({ value: 25, t: iso(15) });
    expect(s.temperature.average).toBe(10);
    expect(s.temperature.mkt).toBe(15.13);
  });

  test("statistics are rounded to two decimals to drop float4 noise", () => {
    const s = summarise({ readings: readings([4.369999885559082, 5.5]) });
    expect(s.temperature.min?.value).toBe(4.37);
    expect(s.temperature.average).toBe(4.93);
  });

  test("a unit the preset does not measure is not measured and has no statistics", () => {
    const s = summarise({ readings: readings([5, 5], [99, 99]) });
    expect(s.humidity).toEqual({
      measured: false,
      readingCount: 0,
      violation: false,
      state: "success",
      excursionCount: 0,
      timeAboveMinutes: 0,
      timeBelowMinutes: 0,
      longestExcursionMinutes: 0,
      firstTriggered: null,
      triggeringExcursionStart: null,
      min: null,
      max: null,
      average: null,
      mkt: null,
    });
  });

  test("humidity is judged against its own limits and has no MKT", () => {
    const preset = { ...PHARMA, humidityEnabled: true, humidityMin: 30, humidityMax: 70 };
    const s = summarise({ preset, readings: readings([5, 5, 5, 5, 5, 5, 5], [50, 20, 20, 20, 20, 20, 20]) });
    expect(s.humidity).toMatchObject({ measured: true, violation: true, state: "error", timeBelowMinutes: 30 });
    expect(s.humidity.mkt).toBeNull();
    expect(s.temperature.violation).toBe(false);
  });

  test("a trim window leaves readings outside it out of every figure", () => {
    // A warm acclimatisation spike in the first 30 minutes, trimmed away.
    const s = summarise({
      readings: readings([15, 15, 15, 15, 15, 15, 5, 5, 5]),
      window: { start: T0 + 30 * MIN, end: null },
    });
    expect(s.temperature.violation).toBe(false);
    expect(s.temperature.max?.value).toBe(5);
    expect(s.readingCount).toBe(3);
    expect(s.window).toEqual({ start: iso(30), end: iso(40) });
  });

  test("without a window the window runs from the first to the last reading", () => {
    expect(summarise().window).toEqual({ start: iso(0), end: iso(10) });
  });

  test("shock events at or above the threshold are violations; below it they are not", () => {
    const preset = { ...PHARMA, shockEnabled: true, shockThresholdG: 8 };
    const shockEvents = [
      { t: T0, magnitudeG: 8 },
      { t: T0 + MIN, magnitudeG: 12.5 },
      { t: T0 + 2 * MIN, magnitudeG: 3 },
    ];
    const s = summarise({ preset, shockEvents });
    expect(s.shock).toEqual({ measured: true, violation: true, state: "error", eventCount: 2, maxG: 12.5 });
  });

  test("shock events below the threshold leave shock at success", () => {
    const preset = { ...PHARMA, shockEnabled: true, shockThresholdG: 8 };
    const s = summarise({ preset, shockEvents: [{ t: T0, magnitudeG: 4 }] });
    expect(s.shock).toEqual({ measured: true, violation: false, state: "success", eventCount: 0, maxG: 4 });
  });

  test("shock events outside the window do not count", () => {
    const preset = { ...PHARMA, shockEnabled: true, shockThresholdG: 8 };
    const s = summarise({ preset, shockEvents: [{ t: T0, magnitudeG: 20 }], window: { start: T0 + MIN } });
    expect(s.shock.eventCount).toBe(0);
    expect(s.shock.violation).toBe(false);
  });

  test("shock is not measured when the preset has it off", () => {
    const s = summarise({ shockEvents: [{ t: T0, magnitudeG: 20 }] });
    expect(s.shock).toEqual({ measured: false, violation: false, state: "success", eventCount: 0, maxG: null });
  });

  test("battery level is the last reading and is low at the warning level", () => {
    const rows = readings([5, 5]).map((r, i) => ({ ...r, battery: [21, 20][i] ?? null }));
    const s = summarise({ readings: rows });
    expect(s.battery).toEqual({ measured: true, level: 20, low: true, state: "warning" });
  });

  test("battery above the warning level is not low", () => {
    expect(summarise().battery).toEqual({ measured: true, level: 98, low: false, state: "success" });
  });

  test("offline gaps are listed with ISO times", () => {
    // Every 5 minutes, silent from 10 to 30 min: more than twice the label's interval.
    const rows = readings([5, 5, 5, 5, 5, 5, 5, 5, 5]).filter((_, i) => i < 3 || i > 5);
    expect(summarise({ readings: rows }).gaps).toEqual([{ start: iso(10), end: iso(30), minutes: 20 }]);
  });

  test("a report without readings has no statistics, no violation and no window", () => {
    const s = summarise({ readings: [], status: "notStarted" });
    expect(s.temperature).toMatchObject({ measured: true, violation: false, min: null, average: null, mkt: null });
    expect(s.battery).toEqual({ measured: false, level: null, low: false, state: "success" });
    expect(s.label).toEqual({ status: "notStarted", state: "warning" });
    expect(s.window).toEqual({ start: null, end: null });
    expect(s.readingCount).toBe(0);
  });

  test("violationColumns copy the per-unit verdicts", () => {
    const preset = { ...PHARMA, shockEnabled: true, shockThresholdG: 8 };
    const rows = readings([5, 9, 9, 9, 9, 9, 9, 5]).map((r) => ({ ...r, battery: 10 }));
    const s = summarise({ preset, readings: rows, shockEvents: [{ t: T0, magnitudeG: 2 }] });
    expect(violationColumns(s)).toEqual({
      temperatureViolation: true,
      humidityViolation: false,
      shockViolation: false,
      batteryLow: true,
      dataIncomplete: false,
      worstSeverity: "alarm",
    });
  });

  test("the summary survives a JSON round trip unchanged", () => {
    const s = summarise({ readings: readings([5, 9, 9, 9, 9, 9, 9, 1, 5]) });
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });
});

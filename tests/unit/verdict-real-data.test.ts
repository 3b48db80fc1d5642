import { describe, expect, test } from "vitest";
import {
  type PresetThresholds,
  type SummaryReading,
  type SummaryShockEvent,
  summariseReport,
  VERDICT_TEXT,
  verdictOf,
} from "../../core/domain/report-summary";
import { PHARMA as PHARMA_2_8 } from "../support/pharma-thresholds";

/**
 * The verdict on readings as real labels send them, on the demo's "Pharma 2–8 °C" rule
 * (single alarm after 30 min, 5-minute interval): units arriving separately, labels
 * logging at their own pace, falling silent.
 */

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 2, 10, 0);

const PHARMA: PresetThresholds = { ...PHARMA_2_8, shockEnabled: true, shockThresholdG: 3, maxGapMinutes: 60 };

const temp = (minute: number, temperature: number): SummaryReading => ({
  t: T0 + minute * MIN,
  temperature,
  humidity: null,
  battery: null,
});

/** `count` readings every `every` minutes from `from`, all at `value`. */
const run = (from: number, count: number, every: number, value: number) =>
  Array.from({ length: count }, (_, i) => temp(from + i * every, value));

const summarise = (readings: SummaryReading[], extra: Partial<Parameters<typeof summariseReport>[0]> = {}) =>
  summariseReport({
    preset: PHARMA,
    readings: [...readings].sort((a, b) => a.t - b.t),
    status: "recording",
    ...extra,
  });

describe("one series per unit", () => {
  test("a shock-only reading in the middle of an excursion neither splits nor ends it", () => {
    // 35 min at 9 °C logged every 5 min, then back in range; a shock arrives at 10:15 alone.
    const readings = [
      ...run(0, 7, 5, 9),
      temp(35, 5),
      { t: T0 + 15 * MIN, temperature: null, humidity: null, battery: null },
    ];
    const shocks: SummaryShockEvent[] = [{ t: T0 + 15 * MIN, magnitudeG: 3 }];
    const summary = summarise(readings, { shockEvents: shocks });
    expect(summary.temperature.excursionCount).toBe(1);
    expect(summary.temperature.longestExcursionMinutes).toBe(35);
    expect(summary.temperature.violation).toBe(true);
  });

  test("a battery-only reading does not end a temperature excursion", () => {
    const readings = [
      ...run(0, 7, 5, 9),
      { t: T0 + 12 * MIN, temperature: null, humidity: null, battery: 80 },
      temp(35, 5),
    ];
    expect(summarise(readings).temperature.excursionCount).toBe(1);
  });
});

describe("time from the readings' times", () => {
  test("a label logging every minute: 21 readings above count about 21 minutes, no alarm", () => {
    const summary = summarise([...run(0, 5, 1, 5), ...run(5, 21, 1, 9), ...run(26, 5, 1, 5)]);
    expect(summary.temperature.timeAboveMinutes).toBe(21);
    expect(summary.temperature.violation).toBe(false);
  });

  test("a label logging every 9 minutes, out 10:03–10:39: 36 minutes, alarm at 10:33", () => {
    const readings = [temp(-6, 5), ...run(3, 4, 9, 9), temp(39, 5), temp(48, 5)];
    const summary = summarise(readings);
    expect(summary.temperature.longestExcursionMinutes).toBe(36);
    expect(summary.temperature.violation).toBe(true);
    expect(summary.temperature.firstTriggered).toBe(new Date(T0 + 33 * MIN).toISOString());
  });

  test("an excursion that runs to the last reading counts it for the label's own interval", () => {
    // Every minute, above from 10:05 to the last reading at 10:09: 10:05 -> 10:10.
    const summary = summarise([...run(0, 5, 1, 5), ...run(5, 5, 1, 9)]);
    expect(summary.temperature.timeAboveMinutes).toBe(5);
  });
});

describe("the label's real interval", () => {
  test("the report states the median spacing of its readings beside the rule's", () => {
    const summary = summarise(run(0, 30, 1, 5));
    expect(summary.completeness?.labelIntervalMinutes).toBe(1);
    expect(summary.completeness?.ruleIntervalMinutes).toBe(5);
  });

  test("a label more than 20 % off the rule's interval is a mismatch", () => {
    expect(summarise(run(0, 30, 1, 5)).completeness?.intervalMismatch).toBe(true);
    expect(summarise(run(0, 30, 5, 5)).completeness?.intervalMismatch).toBe(false);
    expect(summarise(run(0, 30, 6, 5)).completeness?.intervalMismatch).toBe(false);
  });

  test("the gap threshold is twice the larger of the label's and the rule's interval", () => {
    expect(summarise(run(0, 30, 1, 5)).completeness?.gapThresholdMinutes).toBe(10);
    expect(summarise(run(0, 30, 9, 5)).completeness?.gapThresholdMinutes).toBe(18);
  });

  test("a 9-minute label has no gap between its readings", () => {
    expect(summarise(run(0, 30, 9, 5)).gaps).toEqual([]);
  });
});

describe("completeness is part of the verdict", () => {
  test("a report silent for 12 hours in the middle is incomplete, never OK", () => {
    const summary = summarise([...run(0, 12, 5, 5), ...run(60 + 12 * 60, 12, 5, 5)]);
    expect(summary.completeness?.state).toBe("incomplete");
    expect(summary.overall.state).toBe("warning");
    expect(verdictOf(summary)).toBe("incomplete");
    expect(VERDICT_TEXT[verdictOf(summary)]).toBe("Incomplete data");
    expect(summary.gaps).toHaveLength(1);
    expect(summary.gaps[0]?.minutes).toBe(12 * 60 + 5);
  });

  test("a gap shorter than the company's threshold lists the gap but keeps the data complete", () => {
    const summary = summarise([...run(0, 12, 5, 5), ...run(55 + 30, 12, 5, 5)]);
    expect(summary.gaps).toHaveLength(1);
    expect(summary.completeness?.state).toBe("complete");
    expect(verdictOf(summary)).toBe("ok");
  });

  test("an ended report whose last reading came 23 days before its end is incomplete, silence at the end", () => {
    const readings = run(0, 100, 5, 5);
    const endTime = T0 + 495 * MIN + 23 * 24 * 60 * MIN;
    const summary = summarise(readings, { status: "ended", endTime });
    expect(summary.completeness?.state).toBe("incomplete");
    expect(summary.completeness?.silenceEnd).toEqual({
      start: new Date(T0 + 495 * MIN).toISOString(),
      end: new Date(endTime).toISOString(),
      minutes: 23 * 24 * 60,
    });
    expect(summary.overall.state).toBe("warning");
  });

  test("a recording label has no silence at the end yet (no signal watches it)", () => {
    const summary = summarise(run(0, 100, 5, 5), { status: "recording", endTime: null });
    expect(summary.completeness?.silenceEnd).toBeNull();
  });

  test("coverage is the share of the window the unit's readings cover", () => {
    // 10:00–11:00 covered, then silent until the end at 12:00: half the window.
    const summary = summarise(run(0, 12, 5, 5), { status: "ended", endTime: T0 + 120 * MIN });
    expect(summary.completeness?.coverage.temperature).toBe(50);
  });

  test("a trim start before the first reading is a silence at the start", () => {
    const summary = summarise(run(90, 12, 5, 5), { window: { start: T0, end: null } });
    expect(summary.completeness?.silenceStart?.minutes).toBe(90);
    expect(summary.completeness?.state).toBe("incomplete");
  });

  test("a report with no readings is No data, never green", () => {
    const summary = summarise([], { status: "notStarted" });
    expect(summary.completeness?.state).toBe("noData");
    expect(verdictOf(summary)).toBe("noData");
    expect(summary.overall.state).toBe("warning");
    expect(summary.temperature.readingCount).toBe(0);
  });

  test("a violation stays the verdict when the data is also incomplete", () => {
    const summary = summarise([...run(0, 10, 5, 9), ...run(10 * 60, 3, 5, 5)]);
    expect(verdictOf(summary)).toBe("violation");
    expect(summary.completeness?.state).toBe("incomplete");
  });
});

describe("shock threshold", () => {
  test("a shock at the threshold is an event", () => {
    const summary = summarise(run(0, 3, 5, 5), { shockEvents: [{ t: T0, magnitudeG: 3 }] });
    expect(summary.shock.eventCount).toBe(1);
    expect(summary.shock.violation).toBe(true);
  });

  test("a shock just below the threshold is not", () => {
    const summary = summarise(run(0, 3, 5, 5), { shockEvents: [{ t: T0, magnitudeG: 2.99 }] });
    expect(summary.shock.eventCount).toBe(0);
  });
});

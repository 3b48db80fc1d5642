import { describe, expect, test } from "vitest";
import type { Reading } from "../../core/domain/excursions";
import {
  describeSeries,
  MKT_ACTIVATION_OVER_R,
  meanKineticTemperature,
  meanKineticTemperatureOf,
} from "../../core/domain/statistics";
import { roundTo } from "../../core/domain/units";

const MIN = 60_000;
const series = (values: (number | null)[]): Reading[] => values.map((value, i) => ({ t: i * 5 * MIN, value }));

describe("series statistics", () => {
  test("min and max carry the time of their reading", () => {
    const s = describeSeries(series([5, 3, 9, 4]));
    expect(s.min).toEqual({ value: 3, t: 5 * MIN });
    expect(s.max).toEqual({ value: 9, t: 10 * MIN });
  });

  test("a repeated extreme keeps the time of its first occurrence", () => {
    const s = describeSeries(series([9, 5, 9]));
    expect(s.max).toEqual({ value: 9, t: 0 });
  });

  test("the average is the plain mean of the values, ignoring readings without one", () => {
    const s = describeSeries(series([5, null, 5, 5, 25]));
    expect(s.average).toBe(10);
    expect(s.count).toBe(4);
  });

  test("no values give null statistics and a count of 0", () => {
    expect(describeSeries(series([null, null]))).toEqual({ count: 0, min: null, max: null, average: null });
  });
});

describe("mean kinetic temperature", () => {
  test("ΔH/R is 10000 K", () => {
    expect(MKT_ACTIVATION_OVER_R).toBeCloseTo(10_000, 9);
  });

  test("MKT of 5,5,5,25 °C is 15.13 °C", () => {
    const mkt = meanKineticTemperature([5, 5, 5, 25]);
    expect(mkt).not.toBeNull();
    expect(roundTo(mkt ?? Number.NaN, 2)).toBe(15.13);
    expect(describeSeries(series([5, 5, 5, 25])).average).toBe(10);
  });

  test("MKT of a constant temperature is that temperature", () => {
    expect(meanKineticTemperature([-20, -20, -20])).toBeCloseTo(-20, 9);
  });

  test("MKT is never below the arithmetic mean", () => {
    const values = [2, 4, 8, 3, 7.5, 6];
    const mean = values.reduce((a, b) => a + b) / values.length;
    expect(meanKineticTemperature(values)).toBeGreaterThanOrEqual(mean);
  });

  test("equal weights give the unweighted MKT", () => {
    expect(meanKineticTemperature([5, 5, 5, 25], [10, 10, 10, 10])).toBeCloseTo(
      meanKineticTemperature([5, 5, 5, 25]) ?? Number.NaN,
      10,
    );
  });

  test("a weight of three equals three equal readings", () => {
    expect(meanKineticTemperature([5, 25], [3, 1])).toBeCloseTo(meanKineticTemperature([5, 5, 5, 25]) ?? 0, 10);
  });

  test("MKT of no values is null", () => {
    expect(meanKineticTemperature([])).toBeNull();
    expect(meanKineticTemperatureOf(series([null]))).toBeNull();
  });

  test("MKT of readings skips readings without a value", () => {
    expect(roundTo(meanKineticTemperatureOf(series([5, null, 5, 5, 25])) ?? 0, 2)).toBe(15.13);
  });

  test("MKT stays finite for deep-frozen values", () => {
    const mkt = meanKineticTemperature([-80, -79, -81]) ?? Number.NaN;
    expect(Number.isFinite(mkt)).toBe(true);
    expect(mkt).toBeGreaterThan(-80);
    expect(mkt).toBeLessThan(-79);
  });
});

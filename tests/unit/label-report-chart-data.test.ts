import { describe, expect, it } from "vitest";
import { timeAxisValues } from "@/resources/label-reports/chart/chart-axis";
import {
  bandLineNames,
  type ReadingSeries,
  type SeriesPoint,
  toChartData,
  yRange,
} from "@/resources/label-reports/chart/series-data";

const T0 = Date.parse("2026-03-01T00:00:00Z");
const MIN = 60_000;

function point(minutes: number, temperature: number | null, humidity: number | null = 50): SeriesPoint {
  return {
    t: new Date(T0 + minutes * MIN).toISOString(),
    n: 1,
    temperatureMin: temperature,
    temperatureMax: temperature,
    humidityMin: humidity,
    humidityMax: humidity,
    battery: 90,
  };
}

const series = (points: SeriesPoint[], bucketSeconds = 0): ReadingSeries => ({
  from: points[0]?.t ?? null,
  to: points.at(-1)?.t ?? null,
  total: points.length,
  bucketSeconds,
  points,
});

const celsius = { intervalMinutes: 10, lower: 2, upper: 8, temperatureUnit: "celsius" as const };

describe("series to chart data", () => {
  it("puts x in epoch seconds and the bucket's min and max in two columns", () => {
    const data = toChartData(series([point(0, 5), point(10, 6)]), "temperature", celsius);
    expect(data.columns[0]).toEqual([T0 / 1000, T0 / 1000 + 600]);
    expect(data.columns[1]).toEqual([5, 6]);
    expect(data.columns[2]).toEqual([5, 6]);
  });

  it("breaks the line with a null point where readings are missing for more than two intervals", () => {
    const data = toChartData(series([point(0, 5), point(10, 5), point(50, 5)]), "temperature", celsius);
    expect(data.columns[1]).toEqual([5, 5, null, 5]);
    expect(data.gaps).toEqual([{ start: T0 / 1000 + 1200, end: T0 / 1000 + 3000 }]);
  });

  it("keeps a missing reading of two intervals or less as a line, not a gap", () => {
    const data = toChartData(series([point(0, 5), point(20, 5)]), "temperature", celsius);
    expect(data.columns[1]).toEqual([5, 5]);
    expect(data.gaps).toEqual([]);
  });

  it("shades each run of out-of-range points as one excursion band, strictly above or below the limits", () => {
    const data = toChartData(
      series([point(0, 5), point(10, 8.5), point(20, 9), point(30, 8), point(40, 1.5), point(50, 2)]),
      "temperature",
      celsius,
    );
    expect(data.excursions).toEqual([
      { start: T0 / 1000 + 600, end: T0 / 1000 + 1800 },
      { start: T0 / 1000 + 2400, end: T0 / 1000 + 3000 },
    ]);
  });

  it("ends an excursion band at the reading that ended it, as the verdict counts it (a 9-minute label)", () => {
    const data = toChartData(series([point(0, 5), point(9, 9), point(18, 9), point(27, 5)]), "temperature", celsius);
    expect(data.excursions).toEqual([{ start: T0 / 1000 + 540, end: T0 / 1000 + 1620 }]);
  });

  it("a point without this unit's value neither ends nor splits a band", () => {
    const data = toChartData(
      series([point(0, 9), { ...point(5, 9), temperatureMin: null, temperatureMax: null }, point(10, 9), point(15, 5)]),
      "temperature",
      { ...celsius, intervalMinutes: 5 },
    );
    expect(data.excursions).toEqual([{ start: T0 / 1000, end: T0 / 1000 + 900 }]);
  });

  it("sees a spike inside a downsampled bucket through the bucket's max", () => {
    const bucket = { ...point(0, 5), temperatureMin: 4, temperatureMax: 12 };
    const data = toChartData(series([bucket, point(60, 5)], 3600), "temperature", celsius);
    expect(data.excursions).toHaveLength(1);
  });

  it("ends an excursion band at a gap", () => {
    const data = toChartData(series([point(0, 9), point(60, 9)]), "temperature", celsius);
    expect(data.excursions).toHaveLength(2);
  });

  it("shows temperatures and limits in °F when the user chose Fahrenheit", () => {
    const data = toChartData(series([point(0, 10)]), "temperature", { ...celsius, temperatureUnit: "fahrenheit" });
    expect(data.columns[1]).toEqual([50]);
    expect([data.lower, data.upper]).toEqual([35.6, 46.4]);
    expect(data.symbol).toBe("°F");
  });

  it("draws humidity from the humidity columns in %RH, never converted", () => {
    const data = toChartData(series([point(0, 10, 61)]), "humidity", {
      ...celsius,
      lower: 30,
      upper: 60,
      temperatureUnit: "fahrenheit",
    });
    expect(data.columns[2]).toEqual([61]);
    expect(data.symbol).toBe("%RH");
    expect(data.excursions).toHaveLength(1);
  });

  it("widens the y range so both limits stay visible", () => {
    const data = toChartData(series([point(0, 5)]), "temperature", celsius);
    const [lo, hi] = yRange(data) ?? [0, 0];
    expect(lo).toBeLessThan(2);
    expect(hi).toBeGreaterThan(8);
  });
});

describe("chart time axis", () => {
  it("labels ticks on the 24-hour clock in the user's zone, with the date where the day changes", () => {
    const values = timeAxisValues("Asia/Tokyo");
    const t = Date.parse("2026-03-01T13:00:00Z") / 1000; // 22:00 in Tokyo
    expect(values(null, [t, t + 3600, t + 7200], 0, 0, 3600)).toEqual(["22:00\n03/01", "23:00", "00:00\n03/02"]);
  });

  it("labels ticks a day or more apart with the date alone", () => {
    const values = timeAxisValues("UTC");
    const t = Date.parse("2026-03-01T00:00:00Z") / 1000;
    expect(values(null, [t, t + 86_400], 0, 0, 86_400)).toEqual(["03/01", "03/02"]);
  });
});

describe("band lines by name", () => {
  it("names each band of the rule by its severity and limit, in the shown unit", () => {
    const bands = [
      { limit: 8, severity: "warning" as const },
      { limit: 15, severity: "critical" as const },
    ];
    const data = toChartData(series([point(0, 5)]), "temperature", {
      ...celsius,
      bands,
      temperatureUnit: "fahrenheit",
    });
    expect(bandLineNames(data, "en-US").map((b) => b.name)).toEqual(["Warning 46.4 °F", "Critical 59.0 °F"]);
  });

  it("names none without bands of the rule's own", () => {
    expect(bandLineNames(toChartData(series([point(0, 5)]), "temperature", celsius), "en-US")).toEqual([]);
  });
});

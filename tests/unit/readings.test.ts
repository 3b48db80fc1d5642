import { describe, expect, test } from "vitest";
import { parseReadings } from "../../core/domain/readings";

const now = Date.parse("2026-11-24T12:00:00Z");

describe("readings from labels", () => {
  test("a good reading is parsed with its time in epoch milliseconds, whatever its offset", () => {
    const { readings, problems } = parseReadings(
      [{ time: "2026-11-24T09:00:00+01:00", temperature: 4.5, humidity: 50, shock: 0, battery: 80 }],
      now,
    );
    expect(problems).toEqual([]);
    expect(readings).toEqual([
      { t: Date.parse("2026-11-24T08:00:00Z"), temperature: 4.5, humidity: 50, shock: 0, battery: 80 },
    ]);
  });

  test("each bad reading is named by its index and field, and then no reading is returned", () => {
    const { readings, problems } = parseReadings(
      [
        { time: "2026-11-24T08:00:00Z", temperature: 4 },
        { time: "2026-11-24 08:05", temperature: 4 },
        { time: "2026-11-24T08:10:00Z", temperature: 140 },
        { time: "2026-11-24T08:15:00Z", humidity: -1, battery: 101, shock: 1001 },
        { time: "2026-11-24T08:20:00Z", temperature: "5" },
        { temperature: 5 },
        { time: "2026-02-31T08:00:00Z", temperature: 5 },
        { time: "2026-11-25T08:00:00Z", temperature: 5 },
        { time: "2026-11-24T08:25:00Z" },
        { time: "2026-11-24T08:30:00Z", temperature: 5, pressure: 1 },
      ],
      now,
    );
    expect(readings).toEqual([]);
    expect(problems.map((p) => p.id)).toEqual([
      "readings.1.time",
      "readings.2.temperature",
      "readings.3.humidity",
      "readings.3.shock",
      "readings.3.battery",
      "readings.4.temperature",
      "readings.5.time",
      "readings.6.time",
      "readings.7.time",
      "readings.8",
      "readings.9.pressure",
    ]);
  });

  test("the edges of the physical ranges are readings", () => {
    const edges = [
      { time: "2026-11-24T08:00:00Z", temperature: -100, humidity: 0, shock: 0, battery: 0 },
      { time: "2026-11-24T08:05:00Z", temperature: 100, humidity: 100, shock: 1000, battery: 100 },
    ];
    expect(parseReadings(edges, now).problems).toEqual([]);
  });
});

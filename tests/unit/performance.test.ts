import { describe, expect, test } from "vitest";
import {
  type GroupTotals,
  laneName,
  measureText,
  monthLabel,
  monthsOf,
  per100Hours,
  performanceCsvRows,
  performanceRows,
  periodError,
  shareOf,
} from "../../core/domain/performance";

const totals = (fields: Partial<GroupTotals>): GroupTotals => ({
  origin: "",
  destination: "",
  carrier: "",
  month: null,
  shipments: 0,
  alarmed: 0,
  incomplete: 0,
  outOfRangeMinutes: 0,
  loggedMinutes: 0,
  medianTransitHours: null,
  ...fields,
});

describe("rates", () => {
  test("time out of range is minutes per 100 hours logged", () => {
    expect(per100Hours(30, 6000)).toBe(30);
    expect(per100Hours(20, 300)).toBe(400);
  });

  test("no logged time has no rate rather than zero", () => {
    expect(per100Hours(0, 0)).toBeNull();
  });

  test("a share is a fraction with 4 decimals, none without shipments", () => {
    expect(shareOf(1, 3)).toBe(0.3333);
    expect(shareOf(0, 0)).toBeNull();
  });
});

describe("months", () => {
  test("a period covers every UTC month it touches, its end excluded", () => {
    expect(monthsOf("2025-11-15T00:00:00Z", "2026-02-01T00:00:00Z")).toEqual(["2025-11", "2025-12", "2026-01"]);
  });

  test("a month reads as its short English name and year", () => {
    expect(monthLabel("2026-03")).toBe("Mar 2026");
  });

  test("a period must end after it starts and cover at most 36 months", () => {
    expect(periodError("2026-03-01T00:00:00Z", "2026-03-01T00:00:00Z")).toBe("must be after from");
    expect(periodError("2023-01-01T00:00:00Z", "2026-01-01T00:00:00Z")).toBeNull();
    expect(periodError("2023-01-01T00:00:00Z", "2026-01-02T00:00:00Z")).toContain("36 months");
  });
});

describe("rows", () => {
  test("a lane without an origin or destination is named as not set", () => {
    expect(laneName("Basel", "")).toBe("Basel → (not set)");
  });

  test("every month of the period gets figures, a month without shipments none", () => {
    const [row] = performanceRows(
      [
        totals({ carrier: "DHL", shipments: 2, alarmed: 1, loggedMinutes: 600, outOfRangeMinutes: 60 }),
        totals({
          carrier: "DHL",
          month: "2026-04",
          shipments: 2,
          alarmed: 1,
          loggedMinutes: 600,
          outOfRangeMinutes: 60,
        }),
      ],
      ["2026-03", "2026-04"],
    );
    expect(row?.alarmShare).toBe(0.5);
    expect(row?.outOfRangePer100h).toBe(600);
    expect(row?.months.map((m) => [m.month, m.shipments, m.alarmShare])).toEqual([
      ["2026-03", 0, null],
      ["2026-04", 2, 0.5],
    ]);
  });

  test("groups come most shipments first, then by name", () => {
    const rows = performanceRows(
      [
        totals({ carrier: "B", shipments: 1 }),
        totals({ carrier: "C", shipments: 5 }),
        totals({ carrier: "A", shipments: 1 }),
      ],
      [],
    );
    expect(rows.map((row) => row.carrier)).toEqual(["C", "A", "B"]);
  });
});

describe("CSV", () => {
  test("a lane's origin and destination are columns, shares are percent, each month a line after the period's", () => {
    const rows = performanceRows(
      [
        totals({ origin: "Basel", destination: "Oslo", shipments: 4, incomplete: 1, medianTransitHours: 30.04 }),
        totals({ origin: "Basel", destination: "Oslo", month: "2026-03", shipments: 4, incomplete: 1 }),
      ],
      ["2026-03"],
    );
    expect(performanceCsvRows({ groupBy: "lane", rows })).toEqual([
      [
        "origin",
        "destination",
        "month",
        "shipments",
        "alarm_share_percent",
        "out_of_range_minutes_per_100h",
        "incomplete_share_percent",
        "median_transit_hours",
      ],
      ["Basel", "Oslo", "all", 4, 0, null, 25, 30],
      ["Basel", "Oslo", "2026-03", 4, 0, null, 25, null],
    ]);
  });
});

describe("values for people", () => {
  test("shares read in percent, rates and times with their unit, a missing value as a dash", () => {
    expect(measureText("alarmShare", 0.3333)).toBe("33.3 %");
    expect(measureText("outOfRangePer100h", 1234.56)).toBe("1,234.6 min");
    expect(measureText("medianTransitHours", 24)).toBe("24 h");
    expect(measureText("shipments", 3)).toBe("3");
    expect(measureText("incompleteShare", null)).toBe("–");
  });
});

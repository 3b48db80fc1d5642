import { describe, expect, it } from "vitest";
import { type FilterValues, startOfDayIn, toFilters, toValues } from "@/resources/label-reports/filter-values";

const none: FilterValues = {
  status: [],
  transportMode: [],
  presetId: [],
  disposition: [],
  severity: [],
  violations: [],
  started: null,
  showArchived: false,
  companyId: [],
  anyViolation: false,
  awaitingDisposition: false,
};

describe("label report filters", () => {
  it("filters a date range as whole days of the user's time zone over the start time", () => {
    const filters = toFilters({ ...none, started: { from: "2026-03-01", to: "2026-03-31" } }, "America/New_York");
    expect(filters).toContainEqual({ key: "startTime", operator: "gte", value: "2026-03-01T05:00:00.000Z" });
    // 2026-03-08 is the DST change in New York: April 1st begins at 04:00 UTC.
    expect(filters).toContainEqual({ key: "startTime", operator: "lt", value: "2026-04-01T04:00:00.000Z" });
  });

  it("reads the filters back into the same form values", () => {
    const values: FilterValues = {
      status: ["ended"],
      transportMode: [],
      presetId: ["p1", "p2"],
      disposition: ["quarantined", "rejected"],
      severity: ["alarm", "critical"],
      violations: ["temperatureViolation", "batteryLow"],
      started: { from: "2026-03-01", to: "2026-03-02" },
      showArchived: true,
      companyId: ["c1", "c2"],
      anyViolation: true,
      awaitingDisposition: true,
    };
    expect(toValues(toFilters(values, "Europe/Berlin"), "Europe/Berlin")).toEqual(values);
  });

  it("filters by one disposition as disposition[eq]released, the API contract's form", () => {
    expect(toFilters({ ...none, disposition: ["released"] }, "UTC")).toContainEqual({
      key: "disposition",
      operator: "eq",
      value: "released",
    });
    expect(toValues([{ key: "disposition", operator: "eq", value: "released" }], "UTC").disposition).toEqual([
      "released",
    ]);
  });

  it("filters by one worst severity as severity[eq]critical and reads it back", () => {
    const filters = toFilters({ ...none, severity: ["critical"] }, "UTC");
    expect(filters).toContainEqual({ key: "severity", operator: "eq", value: "critical" });
    expect(toValues(filters, "UTC").severity).toEqual(["critical"]);
  });

  it("'No signal' filters noSignal[eq]true, the server's list filter, and reads back", () => {
    const filters = toFilters({ ...none, violations: ["noSignal"] }, "UTC");
    expect(filters).toContainEqual({ key: "noSignal", operator: "eq", value: "true" });
    expect(toValues(filters, "UTC").violations).toEqual(["noSignal"]);
  });

  it("filters ended reports with a violation and no disposition yet as the needs-attention view links them", () => {
    const filters = toFilters({ ...none, status: ["ended"], anyViolation: true, awaitingDisposition: true }, "UTC");
    expect(filters).toContainEqual({ key: "violation", operator: "eq", value: "true" });
    expect(filters).toContainEqual({ key: "dispositioned", operator: "eq", value: "false" });
  });

  it("keeps archived reports out unless asked for", () => {
    expect(toFilters(none, "UTC")).toEqual([{ key: "isArchived", operator: "eq", value: "false" }]);
  });

  it("finds midnight in zones east and west of UTC", () => {
    expect(startOfDayIn("2026-06-15", "Asia/Tokyo").toISOString()).toBe("2026-06-14T15:00:00.000Z");
    expect(startOfDayIn("2026-06-15", "UTC").toISOString()).toBe("2026-06-15T00:00:00.000Z");
  });
});

import { describe, expect, test } from "vitest";
import {
  performanceFiltersOf,
  performanceQueryOf,
  performanceSearch,
} from "../../src/resources/performance/performance-url";

const TODAY = new Date("2026-11-28T12:00:00Z");

describe("the performance page's address", () => {
  test("without filters it shows lanes of the current month and the five before, to today", () => {
    expect(performanceFiltersOf("", TODAY)).toEqual({
      from: "2026-06-01",
      to: "2026-11-28",
      groupBy: "lane",
      companyId: null,
    });
  });

  test("the filters written to the address read back the same", () => {
    const filters = { from: "2026-01-01", to: "2026-03-31", groupBy: "carrier" as const, companyId: "c-1" };
    expect(performanceFiltersOf(performanceSearch(filters), TODAY)).toEqual(filters);
  });

  test("a malformed period or grouping falls back to the default", () => {
    expect(performanceFiltersOf("?from=soon&to=2026-03-31&groupBy=product", TODAY)).toMatchObject({
      from: "2026-06-01",
      groupBy: "lane",
    });
  });

  test("the last day is included: the API's period ends at the next day's start (UTC)", () => {
    expect(performanceQueryOf({ from: "2026-01-01", to: "2026-03-31", groupBy: "lane", companyId: null })).toEqual({
      from: "2026-01-01T00:00:00.000Z",
      to: "2026-04-01T00:00:00.000Z",
      groupBy: "lane",
    });
  });
});

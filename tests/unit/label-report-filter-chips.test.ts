import { describe, expect, test } from "vitest";
import { isNarrowed } from "@/components/list/list-selection";
import { labelReportFilterChips } from "@/resources/label-reports/filter-chips";
import { toFilters, toValues } from "@/resources/label-reports/filter-values";

const NOT_ARCHIVED = { key: "isArchived", operator: "eq", value: "false" } as const;
const names = {
  timeZone: "UTC",
  presets: new Map([["p1", "Pharma 2-8 °C"]]),
  companies: new Map<string, string>(),
  customFields: new Map([["lot", "Lot"]]),
};

describe("applied label report filters as chips", () => {
  test("the default (archived reports hidden) is no chip", () => {
    expect(labelReportFilterChips([NOT_ARCHIVED], names)).toEqual([]);
  });

  test("each control's choice is one chip in words, with names for ids", () => {
    const filters = toFilters(
      {
        ...toValues([NOT_ARCHIVED], "UTC"),
        status: ["recording", "ended"],
        presetId: ["p1"],
        violations: ["noSignal"],
      },
      "UTC",
    );
    expect(labelReportFilterChips(filters, names).map((c) => c.label)).toEqual([
      "Status: Recording, Ended",
      "Preset: Pharma 2-8 °C",
      "No signal",
    ]);
  });

  test("a range is one chip that removes both its ends", () => {
    const filters = toFilters(
      { ...toValues([NOT_ARCHIVED], "UTC"), started: { from: "2026-11-01", to: "2026-11-05" } },
      "UTC",
    );
    expect(labelReportFilterChips(filters, names)).toEqual([
      { label: "Started: 11/01/2026 – 11/05/2026", keys: ["startTime"] },
    ]);
  });

  test("an id whose name has not come yet is counted, never shown raw", () => {
    const chips = labelReportFilterChips([{ key: "companyId", operator: "eq", value: "c-1" }, NOT_ARCHIVED], names);
    expect(chips[0]?.label).toBe("Company: 1 chosen");
  });

  test("showing archived reports is a chip, since it is not the default", () => {
    expect(labelReportFilterChips([], names)).toEqual([{ label: "Archived reports shown", keys: ["isArchived"] }]);
  });

  test("a custom-field filter reads by the field's name and the text searched", () => {
    const chips = labelReportFilterChips(
      [NOT_ARCHIVED, { key: "customFields.lot", operator: "ilike", value: "%L-7%" }],
      names,
    );
    expect(chips).toEqual([{ label: "Lot: L-7", keys: ["customFields.lot"] }]);
  });
});

describe("an empty list offers to clear what hides its rows", () => {
  test("the defaults alone hide nothing the person chose", () => {
    expect(isNarrowed("", [NOT_ARCHIVED], [NOT_ARCHIVED])).toBe(false);
  });

  test("a search or a chosen filter narrows the list", () => {
    expect(isNarrowed("A1", [NOT_ARCHIVED], [NOT_ARCHIVED])).toBe(true);
    expect(isNarrowed("", [{ key: "status", operator: "eq", value: "ended" }], [])).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { antdSorterToCrudSorting, columnSortOrder } from "@/components/list/antd-table-state";

describe("list table glue (antd Table ⇄ Refine sorting)", () => {
  it("clicking a column header to sort descending sorts the list by that column, descending", () => {
    expect(antdSorterToCrudSorting({ field: "createdAt", order: "descend" })).toEqual([
      { field: "createdAt", order: "desc" },
    ]);
  });

  it("a column's key names the sort field when it differs from its data field", () => {
    expect(
      antdSorterToCrudSorting({ field: ["shipment", "name"], columnKey: "shipmentName", order: "ascend" }),
    ).toEqual([{ field: "shipmentName", order: "asc" }]);
  });

  it("clearing a column's sort removes it from the list order", () => {
    expect(antdSorterToCrudSorting({ field: "createdAt", order: null })).toEqual([]);
  });

  it("the sorted column shows its arrow; other columns show none", () => {
    const sorting = [{ field: "name", order: "asc" as const }];
    expect(columnSortOrder("name", sorting)).toBe("ascend");
    expect(columnSortOrder("createdAt", sorting)).toBeUndefined();
    expect(columnSortOrder("createdAt", [{ field: "createdAt", order: "desc" }])).toBe("descend");
  });
});

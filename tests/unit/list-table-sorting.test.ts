import { describe, expect, test } from "vitest";
import { antdSorterToCrud, columnSortOrder } from "../../src/components/list/sort-order";

describe("table sorting between antd and the list state", () => {
  test("a column sorted ascending or descending becomes that field's asc or desc order", () => {
    expect(antdSorterToCrud({ field: "labelId", columnKey: "labelId", order: "ascend" })).toEqual([
      { field: "labelId", order: "asc" },
    ]);
    expect(antdSorterToCrud({ field: "created", order: "descend" })).toEqual([{ field: "created", order: "desc" }]);
  });

  test("the column key names the order when the column shows another field", () => {
    expect(antdSorterToCrud({ field: "shipment", columnKey: "origin", order: "ascend" })).toEqual([
      { field: "origin", order: "asc" },
    ]);
  });

  test("a column whose sorting was cleared gives no order (the list falls back to its default)", () => {
    expect(antdSorterToCrud({ field: "labelId", order: null })).toEqual([]);
  });

  test("several sorted columns keep their priority order", () => {
    const column = (multiple: number) => ({ sorter: { multiple } });
    expect(
      antdSorterToCrud([
        { field: "created", order: "descend", column: column(2) },
        { field: "status", order: "ascend", column: column(1) },
      ]),
    ).toEqual([
      { field: "status", order: "asc" },
      { field: "created", order: "desc" },
    ]);
  });

  test("a column shows the direction the list is ordered by, and no arrow otherwise", () => {
    const sorters = [{ field: "created", order: "desc" as const }];
    expect(columnSortOrder("created", sorters)).toBe("descend");
    expect(columnSortOrder("labelId", sorters)).toBeNull();
    expect(columnSortOrder("labelId", [{ field: "labelId", order: "asc" }])).toBe("ascend");
  });
});

import { describe, expect, test } from "vitest";
import { antdSortOrder, sortingFromAntd } from "../../src/components/table/antd-table-props";

describe("table sorting between antd and TanStack Table", () => {
  test("a column sorted ascending or descending becomes that column's asc or desc sorting", () => {
    expect(sortingFromAntd({ field: "labelId", columnKey: "labelId", order: "ascend" })).toEqual([
      { id: "labelId", desc: false },
    ]);
    expect(sortingFromAntd({ columnKey: "created", order: "descend" })).toEqual([{ id: "created", desc: true }]);
  });

  test("the column key names the order when the column shows another field", () => {
    expect(sortingFromAntd({ field: "shipment", columnKey: "origin", order: "ascend" })).toEqual([
      { id: "origin", desc: false },
    ]);
  });

  test("a column whose sorting was cleared gives no order (the list falls back to its default)", () => {
    expect(sortingFromAntd({ columnKey: "labelId", order: null })).toEqual([]);
  });

  test("several sorted columns keep their priority order", () => {
    const column = (multiple: number) => ({ sorter: { multiple } });
    expect(
      sortingFromAntd([
        { columnKey: "created", order: "descend", column: column(2) },
        { columnKey: "status", order: "ascend", column: column(1) },
      ]),
    ).toEqual([
      { id: "status", desc: false },
      { id: "created", desc: true },
    ]);
  });

  test("a column shows the direction the list is ordered by, and no arrow otherwise", () => {
    const sorting = [{ id: "created", desc: true }];
    expect(antdSortOrder(sorting, "created")).toBe("descend");
    expect(antdSortOrder(sorting, "labelId")).toBeNull();
    expect(antdSortOrder([{ id: "labelId", desc: false }], "labelId")).toBe("ascend");
  });
});

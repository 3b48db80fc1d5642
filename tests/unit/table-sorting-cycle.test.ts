import { describe, expect, test } from "vitest";
import { ariaSortOf, sortingAfterClick } from "@/components/table/sorting-cycle";

describe("a click on a sortable column's header", () => {
  test("orders an unsorted column ascending", () => {
    expect(sortingAfterClick([], "labelId")).toEqual([{ id: "labelId", desc: false }]);
  });

  test("turns an ascending column descending", () => {
    expect(sortingAfterClick([{ id: "labelId", desc: false }], "labelId")).toEqual([{ id: "labelId", desc: true }]);
  });

  test("clears a descending column, so the list falls back to its default order", () => {
    expect(sortingAfterClick([{ id: "labelId", desc: true }], "labelId")).toEqual([]);
  });

  test("on another column replaces the order: one column at a time", () => {
    expect(sortingAfterClick([{ id: "created", desc: true }], "labelId")).toEqual([{ id: "labelId", desc: false }]);
  });
});

describe("a header's aria-sort", () => {
  test("says the direction of the column the list is ordered by, and none for the others", () => {
    const sorting = [{ id: "created", desc: true }];
    expect(ariaSortOf(sorting, "created")).toBe("descending");
    expect(ariaSortOf([{ id: "labelId", desc: false }], "labelId")).toBe("ascending");
    expect(ariaSortOf(sorting, "labelId")).toBe("none");
  });
});

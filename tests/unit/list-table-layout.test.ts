import { describe, expect, test } from "vitest";
import { pageTableColumns, tableLayout } from "@/components/list/table-layout";

const columns = [
  { key: "labelId", title: "Label ID", fixed: "left" as const },
  { key: "status", title: "Status", className: "status" },
];

describe("a page of up to 100 rows", () => {
  test("is laid out without antd's scroll.x, whose measuring row renders every cell twice", () => {
    expect(tableLayout(25)).not.toHaveProperty("scroll");
    expect(tableLayout(100)).not.toHaveProperty("virtual");
  });

  test("pins its first column by the class, not by antd's fixed (which needs that measuring row)", () => {
    const [first, second] = pageTableColumns(columns, 25, "pinned");
    expect(first).not.toHaveProperty("fixed");
    expect(first?.className).toBe("pinned");
    expect(second).toEqual({ key: "status", title: "Status", className: "status" });
  });

  test("a column pinned after the first is not pinned: the class sticks at the left edge only", () => {
    const [, second] = pageTableColumns([{ key: "a" }, { key: "b", fixed: "left" as const }], 25, "pinned");
    expect(second).toEqual({ key: "b" });
  });
});

describe("a virtualised page (over 100 rows)", () => {
  test("keeps antd's scrolling box and antd's own pinning: its rows are not in a table box", () => {
    expect(tableLayout(101)).toMatchObject({ virtual: true, scroll: { x: 1280, y: 640 } });
    expect(pageTableColumns(columns, 101, "pinned")).toBe(columns);
  });
});

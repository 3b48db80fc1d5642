import { describe, expect, it } from "vitest";
import { includesFilter } from "../../core/domain/list-query";
import { listResource } from "../../core/domain/resources";
import {
  columnFiltersToCrud,
  crudToColumnFilters,
  crudToSorting,
  type ListState,
  listStateOf,
  sortingToCrud,
  tableStateOf,
} from "../../src/components/list/table-state";
import { listQueryString } from "../../src/providers/crud-list-query";

const reports = listResource("label-reports");
const users = listResource("users");

const state = (changes: Partial<ListState> = {}): ListState => ({
  filters: [],
  order: [],
  search: "",
  pageNumber: 1,
  pageSize: 25,
  ...changes,
});

/** What the data provider would ask the API for, from TanStack's state. */
const requestOf = (s: ListState) => {
  const table = tableStateOf(s, reports);
  return decodeURIComponent(
    listQueryString(columnFiltersToCrud(table.columnFilters), sortingToCrud(table.sorting), {
      currentPage: table.pagination.pageIndex + 1,
      pageSize: table.pagination.pageSize,
    }),
  );
};

describe("list state in TanStack Table", () => {
  it("filters, order, search and page survive TanStack's state unchanged", () => {
    const s = state({
      filters: [
        { key: "isArchived", operator: "eq", value: "false" },
        includesFilter("status", ["recording", "stopped"]),
      ],
      order: [{ key: "labelId", direction: "asc" }],
      search: "cold",
      pageNumber: 3,
      pageSize: 100,
    });
    expect(listStateOf(tableStateOf(s, reports))).toEqual(s);
  });

  it("a range on one field keeps both ends", () => {
    const s = state({
      filters: [
        { key: "startTime", operator: "gte", value: "2026-01-01T00:00:00.000Z" },
        { key: "startTime", operator: "lte", value: "2026-02-01T00:00:00.000Z" },
      ],
    });
    expect(tableStateOf(s, reports).columnFilters).toHaveLength(2);
    expect(requestOf(s)).toContain(
      "filter=startTime[gte]2026-01-01T00:00:00.000Z,startTime[lte]2026-02-01T00:00:00.000Z",
    );
  });

  it("a search box sets a case-insensitive like search on the resource's search key", () => {
    expect(requestOf(state({ search: "cold" }))).toContain("filter=labelId[ilike]cold");
  });

  it("a search replaces an earlier filter on the same key", () => {
    const s = state({ filters: [{ key: "labelId", operator: "ilike", value: "old" }], search: "new" });
    expect(requestOf(s)).toContain("filter=labelId[ilike]new");
    expect(requestOf(s)).not.toContain("old");
  });

  it("TanStack's page index is the API's pageNumber less one", () => {
    expect(tableStateOf(state({ pageNumber: 4 }), reports).pagination).toEqual({ pageIndex: 3, pageSize: 25 });
    expect(requestOf(state({ pageNumber: 4 }))).toContain("pageNumber=4&pageSize=25");
  });

  it("TanStack's sorting is the list's order, first column first", () => {
    const order = [
      { field: "status", order: "asc" as const },
      { field: "created", order: "desc" as const },
    ];
    expect(crudToSorting(order)).toEqual([
      { id: "status", desc: false },
      { id: "created", desc: true },
    ]);
    expect(sortingToCrud(crudToSorting(order))).toEqual(order);
  });

  it("a filter control cleared in TanStack's state sends no filter", () => {
    expect(
      listQueryString(columnFiltersToCrud([{ id: "status", operator: "in", value: [] }]), [], { mode: "off" }),
    ).toBe("");
  });

  it("includes on an array column (a user's roles) stays Refine's `ina` through TanStack", () => {
    const table = tableStateOf(state({ filters: [includesFilter("roles", ["admin", "user"])] }), users);
    expect(table.columnFilters).toEqual([{ id: "roles", operator: "ina", value: ["admin", "user"] }]);
    expect(columnFiltersToCrud(table.columnFilters)).toEqual([
      { field: "roles", operator: "ina", value: ["admin", "user"] },
    ]);
    expect(crudToColumnFilters(columnFiltersToCrud(table.columnFilters))).toEqual(table.columnFilters);
  });
});

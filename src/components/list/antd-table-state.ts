import type { CrudSort, CrudSorting } from "@refinedev/core";
import type { SorterResult } from "antd/es/table/interface";

/**
 * The two pieces of @refinedev/antd's table glue the lists use, kept here so the list
 * pages run on @refinedev/core's useTable: @refinedev/antd's useTable also builds a
 * search form (antd Form and its validator, ~20 kB gzip) that no list renders.
 */

/** antd's sorter(s) from a Table change as Refine sorting ("ascend" → "asc"). */
export function antdSorterToCrudSorting<T>(sorter: SorterResult<T> | SorterResult<T>[]): CrudSorting {
  const priority = (item: SorterResult<T>) => (item.column?.sorter as { multiple?: number } | undefined)?.multiple ?? 0;
  const items = Array.isArray(sorter) ? [...sorter].sort((a, b) => (priority(a) < priority(b) ? -1 : 0)) : [sorter];
  const sorting: CrudSort[] = [];
  for (const item of items) {
    if (!item.field || !item.order) continue;
    const field = Array.isArray(item.field) ? item.field.join(".") : `${item.field}`;
    sorting.push({ field: `${item.columnKey ?? field}`, order: item.order === "ascend" ? "asc" : "desc" });
  }
  return sorting;
}

/** A column's sort order for antd ("ascend" | "descend"), from Refine's sorting. */
export function columnSortOrder(field: string, sorting: CrudSorting = []): "ascend" | "descend" | undefined {
  const sort = sorting.find((item) => item.field === field);
  if (!sort) return undefined;
  return sort.order === "asc" ? "ascend" : "descend";
}

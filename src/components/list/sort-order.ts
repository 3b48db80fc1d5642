import type { CrudSort } from "@refinedev/core";
import type { SorterResult } from "antd/es/table/interface";

/** antd's sorter (one column, or several by priority) as Refine's sorting, as @refinedev/antd maps it. */
export function antdSorterToCrud<T>(sorter: SorterResult<T> | SorterResult<T>[]): CrudSort[] {
  const all = Array.isArray(sorter) ? sorter : [sorter];
  const priority = (s: SorterResult<T>) => {
    const spec = s.column?.sorter;
    return typeof spec === "object" && spec !== null && "multiple" in spec ? (spec.multiple ?? 0) : 0;
  };
  return [...all]
    .sort((a, b) => priority(a) - priority(b))
    .flatMap((s) => {
      if (!s.field || !s.order) return [];
      const field = Array.isArray(s.field) ? s.field.join(".") : String(s.field);
      return [{ field: String(s.columnKey ?? field), order: s.order === "ascend" ? "asc" : "desc" } as CrudSort];
    });
}

/** The antd sort order of a column under Refine's sorting (what @refinedev/antd's getDefaultSortOrder gives). */
export function columnSortOrder(field: string, sorters: readonly CrudSort[]): "ascend" | "descend" | null {
  const order = sorters.find((s) => s.field === field)?.order;
  return order === "asc" ? "ascend" : order === "desc" ? "descend" : null;
}

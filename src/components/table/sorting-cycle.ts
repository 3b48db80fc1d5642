import type { SortingState } from "@tanstack/react-table";

/** How a sorted column reads to assistive technology (the header's `aria-sort`). */
export type AriaSort = "ascending" | "descending" | "none";

/**
 * The order after a click on a column's header: unsorted, then ascending, then descending,
 * then unsorted again (the list's default order), as antd's tables cycle. One column at a time:
 * a click on another column replaces the order.
 */
export function sortingAfterClick(sorting: SortingState, columnId: string): SortingState {
  const current = sorting.find((s) => s.id === columnId);
  if (!current) return [{ id: columnId, desc: false }];
  if (!current.desc) return [{ id: columnId, desc: true }];
  return [];
}

export function ariaSortOf(sorting: SortingState, columnId: string): AriaSort {
  const sort = sorting.find((s) => s.id === columnId);
  if (!sort) return "none";
  return sort.desc ? "descending" : "ascending";
}

import type { Filter } from "@core/domain/list-query";

/**
 * The count on the Filters button: the filters beyond the default (not archived), one per
 * key, so a range (from and to on one key) counts once, like the control that set it.
 * (Its own file: the list loads it at once, the filters panel's code loads on demand.)
 */
export function activeFilterCount(filters: readonly Filter[]): number {
  return new Set(filters.filter((f) => !(f.key === "isArchived" && f.value === "false")).map((f) => f.key)).size;
}

import type { Filter } from "@core/domain/list-query";

/** One applied filter as a removable chip: what it says, and the list keys removing it clears. */
export interface FilterChip {
  label: string;
  keys: string[];
}

const same = (a: Filter, b: Filter) => a.key === b.key && a.operator === b.operator && a.value === b.value;

/** Filters the person chose: those beyond the list's defaults (label reports: not archived). */
function chosenFilters(filters: readonly Filter[], defaults: readonly Filter[]): Filter[] {
  return filters.filter((filter) => !defaults.some((d) => same(d, filter)));
}

/** Whether rows may be missing because of the person's search or filters: an empty list then offers to clear them. */
export function isNarrowed(search: string, filters: readonly Filter[], defaults: readonly Filter[]): boolean {
  return search !== "" || chosenFilters(filters, defaults).length > 0;
}

import {
  encodeFilters,
  encodeOrder,
  type Filter,
  ListQueryError,
  MAX_PAGE_SIZE,
  mergeFilters,
  type Order,
  parseFilters,
  parseOrder,
} from "@core/domain/list-query";
import { LIST_RESOURCES, type ListResource, type ListResourceName, listResource } from "@core/domain/resources";
import type { CrudFilter, CrudSort } from "@refinedev/core";
import type { ListState } from "@/components/list/table-state";
import { crudSortingToWire, splitSearch, wireOrderToCrud, wireToCrudFilters } from "@/providers/crud-list-query";

/**
 * The list state a URL carries (filter, order, search, pageNumber,
 * pageSize), and its codec. Pure functions: the router provider and the list pages
 * use them, and tests/unit/dashboard-list-url.test.ts pins them down.
 *
 * A parameter equal to the resource's default is left out of the URL, so a list with
 * its defaults has a bare URL. An empty `filter=` or `order=` means "none", which
 * differs from the default when the resource has default filters or order.
 */

export const LIST_URL_KEYS = ["filter", "order", "search", "pageNumber", "pageSize"] as const;
export type ListUrlKey = (typeof LIST_URL_KEYS)[number];

/** Refine's own list keys (and its older spellings): translated by the router provider, never in the URL. */
export const REFINE_LIST_KEYS = ["filters", "sorters", "currentPage", "pageSize", "current", "sorter"] as const;

/** The list state a URL carries. */
export type ListUrlState = ListState;

/** The list state in Refine's vocabulary, as useTable reads it from the parsed route. */
export interface RefineListParams {
  filters: CrudFilter[];
  sorters: CrudSort[];
  currentPage: number;
  pageSize: number;
}

export function isListResourceName(name: string | undefined): name is ListResourceName {
  return name !== undefined && Object.hasOwn(LIST_RESOURCES, name);
}

export function listResourceOf(name: string | undefined): ListResource | undefined {
  return isListResourceName(name) ? listResource(name) : undefined;
}

export function defaultListState(resource: ListResource): ListUrlState {
  return {
    filters: [...resource.defaultFilters],
    order: [...resource.defaultOrder],
    search: "",
    pageNumber: 1,
    pageSize: resource.pageSize,
  };
}

function positiveInt(raw: string | null, fallback: number, max: number): number {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return fallback;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : fallback;
}

/** Parses one grammar parameter; a hand-typed URL that breaks the grammar falls back to the default. */
function lenient<T>(raw: string, parse: (raw: string) => T, fallback: T): T {
  try {
    return parse(raw);
  } catch (error) {
    if (!(error instanceof ListQueryError)) throw error;
    console.warn(`Ignoring an invalid list parameter: ${error.message}`);
    return fallback;
  }
}

export function parseListUrl(search: URLSearchParams | string, resource: ListResource): ListUrlState {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const defaults = defaultListState(resource);
  const filter = params.get("filter");
  const order = params.get("order");
  return {
    filters: filter === null ? defaults.filters : lenient(filter, parseFilters, defaults.filters),
    order: order === null ? defaults.order : lenient(order, parseOrder, defaults.order),
    search: params.get("search") ?? "",
    pageNumber: positiveInt(params.get("pageNumber"), 1, 1_000_000_000),
    pageSize: positiveInt(params.get("pageSize"), defaults.pageSize, MAX_PAGE_SIZE),
  };
}

const sameFilters = (a: readonly Filter[], b: readonly Filter[]) => encodeFilters(a) === encodeFilters(b);
const sameOrder = (a: readonly Order[], b: readonly Order[]) => encodeOrder(a) === encodeOrder(b);

/** Whether two states select the same records (filter, order and search), whatever the page. */
export function sameSelection(a: ListUrlState, b: ListUrlState): boolean {
  return sameFilters(a.filters, b.filters) && sameOrder(a.order, b.order) && a.search === b.search;
}

export function sameListState(a: ListUrlState, b: ListUrlState): boolean {
  return sameSelection(a, b) && a.pageNumber === b.pageNumber && a.pageSize === b.pageSize;
}

/** The URL parameters of a state; `undefined` for a parameter left at its default. */
export function formatListUrl(state: ListUrlState, resource: ListResource): Record<ListUrlKey, string | undefined> {
  const defaults = defaultListState(resource);
  return {
    filter: sameFilters(state.filters, defaults.filters) ? undefined : encodeFilters(state.filters),
    order: sameOrder(state.order, defaults.order) ? undefined : encodeOrder(state.order),
    search: state.search === "" ? undefined : state.search,
    pageNumber: state.pageNumber === 1 ? undefined : String(state.pageNumber),
    pageSize: state.pageSize === defaults.pageSize ? undefined : String(state.pageSize),
  };
}

/**
 * Percent-encodes a query value, but keeps the grammar's `[`, `]`, `,`, `|` and `:`
 * readable (`filter=status[includes]recording|stopped`). The grammar's own escapes
 * (`%2C` inside a value) become `%252C`, so they survive the URL layer.
 */
export function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/%(5B|5D|2C|7C|3A)/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/** The query string (with `?`, or empty) of a state. */
export function listSearchString(state: ListUrlState, resource: ListResource): string {
  const parts = Object.entries(formatListUrl(state, resource))
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${encodeQueryValue(value)}`);
  return parts.length ? `?${parts.join("&")}` : "";
}

export function hasListParams(search: URLSearchParams | string): boolean {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  return LIST_URL_KEYS.some((key) => params.has(key));
}

/** Any change of filter, order or search resets to page 1. */
export function withPageReset(previous: ListUrlState, next: ListUrlState): ListUrlState {
  return sameSelection(previous, next) ? next : { ...next, pageNumber: 1 };
}

/**
 * Filters on the same key replace earlier ones; filters on the `cleared` keys go
 * (a control emptied by the user); the page goes back to 1.
 */
export function applyFilters(
  state: ListUrlState,
  next: readonly Filter[],
  cleared: readonly string[] = [],
): ListUrlState {
  const kept = state.filters.filter((f) => !cleared.includes(f.key));
  return withPageReset(state, { ...state, filters: mergeFilters(kept, next) });
}

export function applyOrder(state: ListUrlState, order: readonly Order[]): ListUrlState {
  return withPageReset(state, { ...state, order: [...order] });
}

export function applySearch(state: ListUrlState, text: string): ListUrlState {
  return withPageReset(state, { ...state, search: text.trim() });
}

export function listStateToRefine(state: ListUrlState, resource: ListResource): RefineListParams {
  return {
    filters: wireToCrudFilters(resource, state.filters, state.search),
    sorters: wireOrderToCrud(state.order),
    currentPage: state.pageNumber,
    pageSize: state.pageSize,
  };
}

/**
 * Reads what Refine hands the router (`go({ query })`) into a list state. Keys Refine
 * did not send keep their value from `base` (the current URL, or the defaults).
 */
export function refineToListState(query: Record<string, unknown>, base: ListUrlState): ListUrlState {
  const next = { ...base };
  const filters = query.filters;
  if (Array.isArray(filters)) {
    const split = splitSearch(filters as CrudFilter[]);
    next.filters = split.filters;
    next.search = split.search;
  }
  const sorters = query.sorters ?? query.sorter;
  if (Array.isArray(sorters)) {
    next.order = crudSortingToWire(sorters as CrudSort[]);
  }
  const page = Number(query.currentPage ?? query.current);
  if (Number.isInteger(page) && page >= 1) next.pageNumber = page;
  const size = Number(query.pageSize);
  if (Number.isInteger(size) && size >= 1 && size <= MAX_PAGE_SIZE) next.pageSize = size;
  return next;
}

export function hasRefineListKeys(query: Record<string, unknown> | undefined): boolean {
  return query !== undefined && REFINE_LIST_KEYS.some((key) => query[key] !== undefined);
}

/**
 * The query a list opened without one starts from: its saved selection (the page filter
 * store), or "" when that is the resource's defaults.
 */
export function savedSelectionSearch(
  saved: { filters: Filter[]; order: Order[]; search: { value: string } | null },
  resource: ListResource,
): string {
  return listSearchString(
    {
      filters: saved.filters,
      order: saved.order,
      search: saved.search?.value ?? "",
      pageNumber: 1,
      pageSize: resource.pageSize,
    },
    resource,
  );
}

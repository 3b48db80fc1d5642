import {
  encodeFilters,
  encodeOrder,
  type Filter,
  type ListQuery,
  ListQueryError,
  MAX_PAGE_SIZE,
  mergeFilters,
  type Order,
  parseFilters,
  parseOrder,
  searchFilter,
} from "@core/domain/list-query";
import type { ListResource } from "@core/domain/resources";

/**
 * The list state a URL carries (filter, order, search, pageNumber, pageSize in the list
 * grammar), its codec and the list rules. Pure functions: the list hook
 * (src/components/list/use-list-state.ts) and the controls that write a list's URL use them,
 * and tests/unit/dashboard-list-url.test.ts pins them down.
 *
 * A parameter equal to the resource's default is left out of the URL, so a list with
 * its defaults has a bare URL. An empty `filter=` or `order=` means "none", which
 * differs from the default when the resource has default filters or order.
 */

export const LIST_URL_KEYS = ["filter", "order", "search", "pageNumber", "pageSize"] as const;
export type ListUrlKey = (typeof LIST_URL_KEYS)[number];

/** A list's state in the grammar's words: what its URL carries. */
export interface ListState {
  filters: Filter[];
  order: Order[];
  /** The search box text; folded into the filters only when the API is called. */
  search: string;
  pageNumber: number;
  pageSize: number;
}

export function defaultListState(resource: ListResource): ListState {
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

export function parseListUrl(search: URLSearchParams | string, resource: ListResource): ListState {
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
function sameSelection(a: ListState, b: ListState): boolean {
  return sameFilters(a.filters, b.filters) && sameOrder(a.order, b.order) && a.search === b.search;
}

/** The URL parameters of a state; `undefined` for a parameter left at its default. */
export function formatListUrl(state: ListState, resource: ListResource): Record<ListUrlKey, string | undefined> {
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
export function listSearchString(state: ListState, resource: ListResource): string {
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
export function withPageReset(previous: ListState, next: ListState): ListState {
  return sameSelection(previous, next) ? next : { ...next, pageNumber: 1 };
}

/**
 * Filters on the same key replace earlier ones; filters on the `cleared` keys go
 * (a control emptied by the user); the page goes back to 1.
 */
export function applyFilters(state: ListState, next: readonly Filter[], cleared: readonly string[] = []): ListState {
  const kept = state.filters.filter((f) => !cleared.includes(f.key));
  return withPageReset(state, { ...state, filters: mergeFilters(kept, next) });
}

export function applyOrder(state: ListState, order: readonly Order[]): ListState {
  return withPageReset(state, { ...state, order: [...order] });
}

export function applySearch(state: ListState, text: string): ListState {
  return withPageReset(state, { ...state, search: text.trim() });
}

/**
 * The state a list opens in: its URL's when the URL has list parameters, else the selection
 * saved for this person and company (page 1, the resource's page size), else the defaults.
 * The list (use-list-state.ts) and the boot's request for the landing list
 * (landing-prefetch.ts) both open through this.
 */
export function openingListState(
  search: string,
  resource: ListResource,
  saved: { filters: Filter[]; order: Order[]; search: { value: string } | null } | undefined,
): ListState {
  if (hasListParams(search) || !saved) return parseListUrl(search, resource);
  return {
    ...defaultListState(resource),
    filters: saved.filters,
    order: saved.order,
    search: saved.search?.value ?? "",
  };
}

/** What the API is asked for a list state: the search box is one more filter, on the resource's search key. */
export function listQueryOf(state: ListState, resource: ListResource): ListQuery {
  const search = state.search ? [searchFilter(resource.searchKey, state.search)] : [];
  // A control left empty in a hand-typed URL (`key[eq]`) asks nothing.
  const filters = state.filters.filter((f) => f.value !== "");
  return {
    filters: mergeFilters(filters, search),
    order: state.order,
    pageNumber: state.pageNumber,
    pageSize: state.pageSize,
  };
}

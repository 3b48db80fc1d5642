import type { FieldError } from "../api/error-answer";
/**
 * The list query grammar (`key[op]value`, order, paging), shared by the dashboard (to encode)
 * and the server (to parse and validate):
 *
 *   GET {endpoint}?filter=key[op]value,...&order=key[dir],...&pageNumber=n&pageSize=n[&after=cursor]
 *
 * Value encoding: inside a value the characters `%`, `,`, `[`, `]` and `|` are
 * written as `%25`, `%2C`, `%5B`, `%5D` and `%7C`. Every other character is kept
 * as it is (the URL layer percent-encodes the whole parameter once more, as for any
 * query parameter). So after escaping, every `%` of a value starts one of those five
 * escapes, the `,` only separates filters, and `[`/`]` only surround the operator.
 *
 * `includes` takes a list: its value is the escaped items joined by `|`
 * (`status[includes]recording|stopped`). On a scalar column it means "the column is
 * one of the items"; on an array column (a user's role types) "the array contains at
 * least one of the items".
 *
 * Search is folded into filter: the dashboard sends its search box as one more
 * filter (`name[ilike]cold`), so the server only ever sees filters.
 */

export const FILTER_OPERATORS = ["eq", "gt", "lt", "gte", "lte", "ne", "like", "ilike", "includes"] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

const ORDER_DIRECTIONS = ["asc", "desc"] as const;
type OrderDirection = (typeof ORDER_DIRECTIONS)[number];

export interface Filter {
  key: string;
  operator: FilterOperator;
  value: string;
}

export interface Order {
  key: string;
  direction: OrderDirection;
}

/** The spec's search: a key, an operator and a value; the search box uses `ilike`. */
export type Search = Filter;

export interface ListQuery {
  filters: Filter[];
  order: Order[];
  pageNumber: number;
  pageSize: number;
  /** Opaque keyset cursor from a previous page's `after`; replaces pageNumber when present. */
  after?: string;
}

export const MAX_PAGE_SIZE = 10_000;
const LIST_SEPARATOR = "|";

export class ListQueryError extends Error {
  constructor(readonly fields: FieldError[]) {
    super(fields.map((f) => `${f.id}: ${f.error}`).join("; "));
    this.name = "ListQueryError";
  }
}

const ESCAPES: Record<string, string> = { "%": "%25", ",": "%2C", "[": "%5B", "]": "%5D", "|": "%7C" };
const UNESCAPES: Record<string, string> = { "25": "%", "2C": ",", "5B": "[", "5D": "]", "7C": "|" };

export function escapeValue(value: string): string {
  return value.replace(/[%,[\]|]/g, (c) => ESCAPES[c] ?? c);
}

export function unescapeValue(value: string): string {
  // A `%` not followed by one of our escapes (a hand-typed URL) stays literal.
  return value.replace(/%(25|2C|5B|5D|7C)/gi, (_, hex: string) => UNESCAPES[hex.toUpperCase()] ?? "");
}

function isFilterOperator(op: string): op is FilterOperator {
  return (FILTER_OPERATORS as readonly string[]).includes(op);
}

/** The wire value of an `includes` filter: each item escaped, then joined by `|`. */
function encodeList(items: readonly string[]): string {
  return items.map(escapeValue).join(LIST_SEPARATOR);
}

function encodeFilter(filter: Filter): string {
  const value = filter.operator === "includes" ? filter.value : escapeValue(filter.value);
  return `${filter.key}[${filter.operator}]${value}`;
}

/**
 * A filter whose value is a list, for `includes`. The value kept in `Filter.value`
 * for `includes` is the already joined, escaped list (see encodeList), so that
 * `|` inside an item survives.
 */
export function includesFilter(key: string, items: readonly string[]): Filter {
  if (items.length === 0)
    throw new Error(`An includes filter on '${key}' needs at least one item; leave the filter out instead`);
  return { key, operator: "includes", value: encodeList(items) };
}

/** The items of an `includes` filter's value. */
export function listItems(filter: Filter): string[] {
  // An empty value is one empty item: an includes filter always has at least one.
  return filter.value.split(LIST_SEPARATOR).map(unescapeValue);
}

export function encodeFilters(filters: readonly Filter[]): string {
  return filters.map(encodeFilter).join(",");
}

export function encodeOrder(order: readonly Order[]): string {
  return order.map((o) => `${o.key}[${o.direction}]`).join(",");
}

const FILTER_ITEM = /^([A-Za-z_][A-Za-z0-9_.]*)\[([a-z]+)\]([\s\S]*)$/;
const ORDER_ITEM = /^([A-Za-z_][A-Za-z0-9_.]*)\[([a-z]+)\]$/;

export function parseFilters(raw: string): Filter[] {
  if (raw === "") return [];
  const errors: FieldError[] = [];
  const filters: Filter[] = [];
  for (const item of raw.split(",")) {
    const match = FILTER_ITEM.exec(item);
    if (!match) {
      errors.push({ id: "filter", error: `'${item}' is not of the form key[operator]value` });
      continue;
    }
    const [, key = "", op = "", value = ""] = match;
    if (!isFilterOperator(op)) {
      errors.push({ id: "filter", error: `Unknown operator '${op}' on '${key}'` });
      continue;
    }
    // `includes` keeps its escaped list so that listItems() can split on `|`.
    filters.push({ key, operator: op, value: op === "includes" ? value : unescapeValue(value) });
  }
  if (errors.length) throw new ListQueryError(errors);
  return latestPerKey(filters);
}

/**
 * Filters on the same key replace earlier ones, in a typed URL or an
 * API query as in the filters panel: the last `status[eq]…` wins. The key is the field and its
 * operator, so a range (`startTime[gte]…,startTime[lte]…`) keeps both ends.
 */
function latestPerKey(filters: readonly Filter[]): Filter[] {
  const latest = new Map<string, Filter>();
  for (const filter of filters) {
    const id = `${filter.key}[${filter.operator}]`;
    latest.delete(id);
    latest.set(id, filter);
  }
  return [...latest.values()];
}

export function parseOrder(raw: string): Order[] {
  if (raw === "") return [];
  return raw.split(",").map((item) => {
    const match = ORDER_ITEM.exec(item);
    const direction = match?.[2];
    if (!match || (direction !== "asc" && direction !== "desc")) {
      throw new ListQueryError([{ id: "order", error: `'${item}' is not of the form key[asc] or key[desc]` }]);
    }
    return { key: match[1] ?? "", direction };
  });
}

function parsePositiveInt(id: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d{1,9}$/.test(raw)) throw new ListQueryError([{ id, error: `${id} must be a whole number` }]);
  const n = Number(raw);
  if (n < 1 || n > max) throw new ListQueryError([{ id, error: `${id} must be between 1 and ${max}` }]);
  return n;
}

export interface ListDefaults {
  pageSize: number;
  order: Order[];
  /**
   * Applied only when the call has no `filter` parameter at all; an explicit empty
   * `filter=` means "no filter" (how a caller asks for archived reports too).
   */
  filters?: Filter[];
}

/** Parses the raw query parameters of a list call; throws ListQueryError with every bad field. */
export function parseListQuery(params: Record<string, string | undefined>, defaults: ListDefaults): ListQuery {
  const errors: FieldError[] = [];
  const attempt = <T>(fn: () => T, fallback: T): T => {
    try {
      return fn();
    } catch (e) {
      if (e instanceof ListQueryError) {
        errors.push(...e.fields);
        return fallback;
      }
      throw e;
    }
  };
  const filters =
    params.filter === undefined ? [...(defaults.filters ?? [])] : attempt(() => parseFilters(params.filter ?? ""), []);
  const order = attempt(() => parseOrder(params.order ?? ""), []);
  const pageNumber = attempt(() => parsePositiveInt("pageNumber", params.pageNumber, 1, 1_000_000_000), 1);
  const pageSize = attempt(() => parsePositiveInt("pageSize", params.pageSize, defaults.pageSize, MAX_PAGE_SIZE), 1);
  if (errors.length) throw new ListQueryError(errors);
  const query: ListQuery = {
    filters,
    order: order.length ? order : defaults.order,
    pageNumber,
    pageSize,
  };
  if (params.after) query.after = params.after;
  return query;
}

/** Builds the query string of a list call (without the leading `?`). */
export function encodeListQuery(query: Partial<ListQuery>): string {
  const params = new URLSearchParams();
  if (query.filters?.length) params.set("filter", encodeFilters(query.filters));
  if (query.order?.length) params.set("order", encodeOrder(query.order));
  if (query.after) params.set("after", query.after);
  else if (query.pageNumber !== undefined) params.set("pageNumber", String(query.pageNumber));
  if (query.pageSize !== undefined) params.set("pageSize", String(query.pageSize));
  return params.toString();
}

/** Filters on the same key replace earlier ones: the last filter on a key wins. */
export function mergeFilters(current: readonly Filter[], next: readonly Filter[]): Filter[] {
  const replaced = new Set(next.map((f) => f.key));
  return [...current.filter((f) => !replaced.has(f.key)), ...next];
}

/** A search box sets a case-insensitive like search on the chosen key. */
export function searchFilter(key: string, text: string): Filter {
  return { key, operator: "ilike", value: text };
}

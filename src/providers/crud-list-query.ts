import {
  encodeListQuery,
  type Filter,
  type FilterOperator,
  includesFilter,
  listItems,
  mergeFilters,
  type Order,
  searchFilter,
} from "@core/domain/list-query";
import type { ListResource } from "@core/domain/resources";
import type {
  ConditionalFilter,
  CrudFilter,
  CrudOperators,
  CrudSort,
  LogicalFilter,
  Pagination,
} from "@refinedev/core";

/**
 * The one table between Refine's closed operator union and the wire operators of the
 * list grammar (core/domain/list-query.ts). Read left to right for requests; read
 * right to left (first row wins) for the URL. Anything not in it has no wire form.
 */
export const OPERATOR_TABLE = [
  ["eq", "eq"],
  ["ne", "ne"],
  ["gt", "gt"],
  ["lt", "lt"],
  ["gte", "gte"],
  ["lte", "lte"],
  ["contains", "ilike"],
  ["containss", "like"],
  ["in", "includes"],
  ["ina", "includes"],
] as const satisfies readonly (readonly [CrudOperators, FilterOperator])[];

export type MappedCrudOperator = (typeof OPERATOR_TABLE)[number][0];

// Every wire operator must have a row: this line stops compiling when one is missing.
const everyWireOperatorMapped: Record<Exclude<FilterOperator, (typeof OPERATOR_TABLE)[number][1]>, never> = {};
void everyWireOperatorMapped;

/** The key of the conditional filter that carries the search box in Refine's filter state. */
export const SEARCH_FILTER_KEY = "search";

export class UnsupportedFilterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnsupportedFilterError";
  }
}

export function toWireOperator(operator: CrudOperators, field = "?"): FilterOperator {
  const row = OPERATOR_TABLE.find(([crud]) => crud === operator);
  if (!row) {
    const supported = OPERATOR_TABLE.map(([crud]) => crud).join(", ");
    throw new UnsupportedFilterError(
      `Filter operator '${operator}' on '${field}' has no list API equivalent (supported: ${supported})`,
    );
  }
  return row[1];
}

/** `includes` reads back as `ina` on array columns (a user's roles) and `in` elsewhere. */
export function toCrudOperator(operator: FilterOperator, arrayField = false): MappedCrudOperator {
  if (operator === "includes") return arrayField ? "ina" : "in";
  const row = OPERATOR_TABLE.find(([, wire]) => wire === operator);
  if (!row) throw new UnsupportedFilterError(`Wire operator '${operator}' has no Refine equivalent`);
  return row[0];
}

function scalar(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === "object" && "toISOString" in value) {
    return (value as { toISOString(): string }).toISOString(); // dayjs
  }
  return String(value);
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);
}

function logicalToWire(filter: LogicalFilter): Filter | null {
  const operator = toWireOperator(filter.operator, filter.field);
  if (isEmpty(filter.value)) return null; // a cleared filter control sends no filter
  if (operator === "includes") {
    const items = Array.isArray(filter.value) ? filter.value : [filter.value];
    return includesFilter(filter.field, items.map(scalar));
  }
  if (Array.isArray(filter.value)) {
    throw new UnsupportedFilterError(`Filter operator '${filter.operator}' on '${filter.field}' takes one value`);
  }
  return { key: filter.field, operator, value: scalar(filter.value) };
}

function isLogical(filter: CrudFilter): filter is LogicalFilter {
  return filter.operator !== "or" && filter.operator !== "and";
}

function isSearch(filter: CrudFilter): filter is ConditionalFilter {
  return filter.operator === "and" && "key" in filter && filter.key === SEARCH_FILTER_KEY;
}

/**
 * Refine filters -> wire filters. `and` groups flatten (the wire list is a
 * conjunction); the search group is folded in last, replacing a filter on its key.
 */
export function crudFiltersToWire(filters: readonly CrudFilter[] = []): Filter[] {
  const plain: Filter[] = [];
  const search: Filter[] = [];
  const walk = (items: readonly CrudFilter[], into: Filter[]) => {
    for (const filter of items) {
      if (isLogical(filter)) {
        const wire = logicalToWire(filter);
        if (wire) into.push(wire);
      } else if (filter.operator === "and") {
        walk(filter.value, isSearch(filter) ? search : into);
      } else {
        throw new UnsupportedFilterError(
          "Filter operator 'or' has no list API equivalent (filters always combine with and)",
        );
      }
    }
  };
  walk(filters, plain);
  return search.length ? mergeFilters(plain, search) : plain;
}

export function crudSortingToWire(sorters: readonly CrudSort[] = []): Order[] {
  return sorters.map((s) => ({ key: s.field, direction: s.order }));
}

export function wireOrderToCrud(order: readonly Order[]): CrudSort[] {
  return order.map((o) => ({ field: o.key, order: o.direction }));
}

export function wireFilterToCrud(filter: Filter, resource?: ListResource): LogicalFilter {
  const arrayField = resource?.fields[filter.key]?.type === "textArray";
  const operator = toCrudOperator(filter.operator, arrayField);
  const value = filter.operator === "includes" ? listItems(filter) : filter.value;
  return { field: filter.key, operator, value };
}

/** The Refine form of a search box text (an `and` group keyed `search`), or none for empty text. */
export function searchToCrud(resource: ListResource, text: string): ConditionalFilter[] {
  if (text === "") return [];
  const wire = searchFilter(resource.searchKey, text);
  return [{ key: SEARCH_FILTER_KEY, operator: "and", value: [wireFilterToCrud(wire, resource)] }];
}

/** Splits Refine's filter state into the wire filters and the search box text. */
export function splitSearch(filters: readonly CrudFilter[]): { filters: Filter[]; search: string } {
  const searchGroup = filters.find(isSearch);
  const rest = filters.filter((f) => !isSearch(f));
  const inner = searchGroup?.value[0];
  const search = inner && "field" in inner && typeof inner.value === "string" ? inner.value : "";
  return { filters: crudFiltersToWire(rest), search };
}

/** Wire filters plus search text -> Refine's filter state. */
export function wireToCrudFilters(resource: ListResource, filters: readonly Filter[], search: string): CrudFilter[] {
  return [...filters.map((f) => wireFilterToCrud(f, resource)), ...searchToCrud(resource, search)];
}

/** The list grammar's query string of a Refine list call (the data provider's request; also the landing list's prefetch). */
export function listQueryString(filters?: CrudFilter[], sorters?: CrudSort[], pagination?: Pagination): string {
  const paged = pagination?.mode !== "off" && pagination?.mode !== "client";
  return encodeListQuery({
    filters: crudFiltersToWire(filters),
    order: crudSortingToWire(sorters),
    ...(paged ? { pageNumber: pagination?.currentPage ?? 1, pageSize: pagination?.pageSize ?? 10 } : {}),
  });
}

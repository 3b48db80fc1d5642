import { type Filter, type FilterOperator, includesFilter, type ListQuery, type Order } from "@core/domain/list-query";
import type { CrudFilter, CrudOperators, CrudSort, LogicalFilter, Pagination } from "@refinedev/core";

/**
 * Refine's filters, sorters and pagination as the list grammar (core/domain/list-query.ts),
 * for Refine's own hooks that ask for lists (useList, useSelect, a table that is not one of
 * the list resources). The list resources hand the data provider their list query as it
 * is (src/components/list/use-resource-list.ts), with nothing to translate.
 */

/** The one table between Refine's closed operator union and the wire operators. Anything not in it has no wire form. */
const OPERATOR_TABLE = [
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

// Every wire operator must have a row: this line stops compiling when one is missing.
const everyWireOperatorMapped: Record<Exclude<FilterOperator, (typeof OPERATOR_TABLE)[number][1]>, never> = {};
void everyWireOperatorMapped;

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

/** Refine filters -> wire filters. `and` groups flatten (the wire list is a conjunction); `or` has no wire form. */
function crudFiltersToWire(filters: readonly CrudFilter[] = []): Filter[] {
  const wire: Filter[] = [];
  for (const filter of filters) {
    if ("field" in filter) {
      const one = logicalToWire(filter);
      if (one) wire.push(one);
    } else if (filter.operator === "and") wire.push(...crudFiltersToWire(filter.value));
    else {
      throw new UnsupportedFilterError(
        "Filter operator 'or' has no list API equivalent (filters always combine with and)",
      );
    }
  }
  return wire;
}

function crudSortingToWire(sorters: readonly CrudSort[] = []): Order[] {
  return sorters.map((s) => ({ key: s.field, direction: s.order }));
}

/** The list query of a Refine list call; no page for pagination "off" or "client". */
export function crudListQuery(
  filters?: CrudFilter[],
  sorters?: CrudSort[],
  pagination?: Pagination,
): Partial<ListQuery> {
  const paged = pagination?.mode !== "off" && pagination?.mode !== "client";
  return {
    filters: crudFiltersToWire(filters),
    order: crudSortingToWire(sorters),
    ...(paged ? { pageNumber: pagination?.currentPage ?? 1, pageSize: pagination?.pageSize ?? 10 } : {}),
  };
}

import type { Filter, Order } from "@core/domain/list-query";
import type { ListResource } from "@core/domain/resources";
import type { CrudFilter, CrudOperators, CrudSort } from "@refinedev/core";
import type { ColumnFilter, PaginationState, SortingState } from "@tanstack/react-table";
import { crudSortingToWire, splitSearch, wireToCrudFilters } from "../../providers/crud-list-query";

/**
 * A list's state as TanStack Table holds it, and its one mapping to Refine's
 * CrudFilters/CrudSorting (what @refinedev/react-table hands the data provider, and
 * the router provider writes to the URL) and to the list grammar's filters and order.
 *
 * A column filter carries Refine's operator (the convention @refinedev/react-table
 * reads), so one field can hold several filters (a range: `startTime[gte]`,
 * `startTime[lte]`) and filters on fields without a column (`isArchived`) have a home.
 * The search box is the column filter `search`: an `and` group around one `contains`
 * filter on the resource's search key.
 */

export interface OperatorColumnFilter extends ColumnFilter {
  operator: CrudOperators;
}

export interface TableListState {
  columnFilters: OperatorColumnFilter[];
  sorting: SortingState;
  pagination: PaginationState;
}

/** The list state in the grammar's words (filter, order, search, page). */
export interface ListState {
  filters: Filter[];
  order: Order[];
  /** The search box text; folded into the filters only when the API is called. */
  search: string;
  pageNumber: number;
  pageSize: number;
}

export function crudToColumnFilters(filters: readonly CrudFilter[]): OperatorColumnFilter[] {
  return filters.map((filter) =>
    "field" in filter
      ? { id: filter.field, operator: filter.operator, value: filter.value }
      : { id: filter.key ?? filter.operator, operator: filter.operator, value: filter.value },
  );
}

/** A column filter without an operator (set by TanStack's own column API) is `in` for a list of values, else `eq`. */
export function columnFiltersToCrud(filters: readonly (ColumnFilter & { operator?: CrudOperators })[]): CrudFilter[] {
  return filters.map((filter) => {
    const operator = filter.operator ?? (Array.isArray(filter.value) ? "in" : "eq");
    if (operator === "and" || operator === "or") {
      return { key: filter.id, operator, value: filter.value as CrudFilter[] };
    }
    return { field: filter.id, operator, value: filter.value };
  });
}

export const crudToSorting = (sorters: readonly CrudSort[]): SortingState =>
  sorters.map((s) => ({ id: s.field, desc: s.order === "desc" }));

export const sortingToCrud = (sorting: SortingState): CrudSort[] =>
  sorting.map((s) => ({ field: s.id, order: s.desc ? "desc" : "asc" }));

/** The TanStack state of a list state (a URL, a saved selection, a filters panel's choice). */
export function tableStateOf(state: ListState, resource: ListResource): TableListState {
  return {
    columnFilters: crudToColumnFilters(wireToCrudFilters(resource, state.filters, state.search)),
    sorting: crudToSorting(state.order.map((o) => ({ field: o.key, order: o.direction }))),
    pagination: { pageIndex: state.pageNumber - 1, pageSize: state.pageSize },
  };
}

/** The list state of TanStack's state. */
export function listStateOf(table: TableListState): ListState {
  return {
    ...splitSearch(columnFiltersToCrud(table.columnFilters)),
    order: crudSortingToWire(sortingToCrud(table.sorting)),
    pageNumber: table.pagination.pageIndex + 1,
    pageSize: table.pagination.pageSize,
  };
}

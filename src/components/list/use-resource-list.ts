import { type Filter, type Order, searchFilter } from "@core/domain/list-query";
import { type ListResourceName, listResource } from "@core/domain/resources";
import type { BaseRecord, HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/react-table";
import type { ColumnDef, VisibilityState } from "@tanstack/react-table";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigationType } from "react-router";
import { type ListState, listStateOf, type TableListState, tableStateOf } from "@/components/list/table-state";
import { apiUrl } from "@/providers/api-url";
import { wireOrderToCrud, wireToCrudFilters } from "@/providers/crud-list-query";
import { type ListResult, listRequestUrl } from "@/providers/data-provider";
import { takeLandingList } from "@/providers/landing-prefetch";
import { applyFilters, applyOrder, applySearch, parseListUrl, sameListState } from "@/providers/list-url";
import { usePageFilterStore } from "@/providers/stores/page-filters";

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100];

/** The history state of the address a list completes from its saved selection (see ResourceList). */
export const RESTORED_SELECTION_STATE = { restoredListSelection: true } as const;

function isRestoredSelection(state: unknown): boolean {
  return (state as Partial<typeof RESTORED_SELECTION_STATE> | null)?.restoredListSelection === true;
}

const rowIdOf = (record: BaseRecord) => String(record.id);

/**
 * How long the boot's rows count as fresh from the moment the list took them: enough for the
 * table's first mount (which would otherwise ask again at once), short enough that coming
 * back to the list later asks the server as always.
 */
const BOOT_ROWS_FRESH_MS = 5_000;

const NO_HIDDEN_COLUMNS: VisibilityState = {};

/**
 * One of the five list resources on @refinedev/react-table's useTable: TanStack Table owns
 * sorting, column filters (the search box among them), pagination and column visibility;
 * Refine's data provider fetches, and its router provider keeps the state in the URL. On
 * top, the list rules: page 1 after any change of filter, order or
 * search, same-key filters replacing earlier ones, back to page 1 on a 416, and the
 * selection saved in the page filter store.
 */
export function useResourceList<T extends BaseRecord>(
  name: ListResourceName,
  columns: ColumnDef<T>[],
  columnVisibility: VisibilityState = NO_HIDDEN_COLUMNS,
) {
  const resource = listResource(name);
  const location = useLocation();
  const navigationType = useNavigationType();

  // The landing list's answer, when the boot's request for it is already in (landing-prefetch.ts).
  const [boot] = useState(() => (name === "label-reports" ? takeLandingList<T>(location) : undefined));
  const bootRows = useRef(boot?.result);

  const { reactTable, refineCore } = useTable<T, HttpError>({
    columns,
    getRowId: rowIdOf,
    state: { columnVisibility },
    refineCoreProps: {
      resource: name,
      syncWithLocation: true,
      pagination: { pageSize: resource.pageSize },
      sorters: { initial: wireOrderToCrud(resource.defaultOrder) },
      filters: { initial: wireToCrudFilters(resource, resource.defaultFilters, ""), defaultBehavior: "replace" },
      queryOptions: boot && {
        // The first query only: any later list state (a filter, a page) is a query of its own.
        initialData: () => {
          const rows = bootRows.current;
          bootRows.current = undefined;
          return rows;
        },
        initialDataUpdatedAt: boot.takenAt,
        // Fetched just now as far as the page goes: not asked again when the table mounts.
        staleTime: (query) => (query.state.dataUpdatedAt === boot.takenAt ? BOOT_ROWS_FRESH_MS : 0),
      },
    },
  });
  const { columnFilters, sorting, pagination } = reactTable.getState();
  const { setCurrentPage } = refineCore;

  // The boot's rows were asked for the address as landing-prefetch.ts reads it; should the
  // table have read it otherwise, the first query asks the server for its own state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked once, for the first query.
  useEffect(() => {
    if (!boot) return;
    const { filters, sorters, currentPage, pageSize, tableQuery } = refineCore;
    const asked = listRequestUrl(apiUrl(), name, filters, sorters, { currentPage, pageSize, mode: "server" });
    if (asked !== boot.url) void tableQuery.refetch();
  }, []);

  // TanStack's page is the page: @refinedev/react-table moves Refine to page 1 whenever the
  // filters or the columns change, which would lose the page of a deep link or of the back
  // button. Run after its effects, this puts TanStack's page back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: columnFilters, sorting and columns are the changes after which Refine's page may have moved.
  useEffect(() => {
    setCurrentPage(pagination.pageIndex + 1);
  }, [pagination.pageIndex, columnFilters, sorting, columns, setCurrentPage]);

  const state = useMemo<ListState>(
    () => listStateOf({ columnFilters, sorting, pagination } as TableListState),
    [columnFilters, sorting, pagination],
  );
  const stateRef = useRef(state);
  stateRef.current = state;

  const setPageFilter = usePageFilterStore((s) => s.setPageFilter);

  /** Moves the table to `next`. */
  const apply = useCallback(
    (next: ListState) => {
      // Saved at once, not only after the table has rendered: a panel that closes onto the
      // bare list URL (its defaults) must not find the previous selection there to restore.
      setPageFilter(name, {
        filters: next.filters,
        order: next.order,
        search: next.search ? searchFilter(resource.searchKey, next.search) : null,
      });
      const table = tableStateOf(next, resource);
      reactTable.setColumnFilters(table.columnFilters);
      reactTable.setSorting(table.sorting);
      reactTable.setPagination(table.pagination);
    },
    [name, resource, reactTable, setPageFilter],
  );

  // The table writes the URL with `replace`; a push or pop (a menu link, the back
  // button) comes from elsewhere, and the table follows it. So does the saved selection
  // restored into a bare address: a `replace` too, but not the table's own, and without
  // following it the URL showed the selection over unfiltered rows.
  useEffect(() => {
    if (navigationType === "REPLACE" && !isRestoredSelection(location.state)) return;
    const fromUrl = parseListUrl(location.search, resource);
    if (!sameListState(fromUrl, stateRef.current)) apply(fromUrl);
  }, [navigationType, location.search, location.state, resource, apply]);

  // HTTP 416: the page lies past the end; go back to page 1.
  const result = refineCore.tableQuery.data as ListResult<T> | undefined;
  const pageOutOfRange = result?.pageOutOfRange === true;
  useEffect(() => {
    if (pageOutOfRange && pagination.pageIndex !== 0) reactTable.setPageIndex(0);
  }, [pageOutOfRange, pagination.pageIndex, reactTable]);

  // The selection is saved per page, to restore a list opened without parameters.
  const setCurrentPageFilterKey = usePageFilterStore((s) => s.setCurrentPageFilterKey);
  useEffect(() => setCurrentPageFilterKey(name), [name, setCurrentPageFilterKey]);
  useEffect(() => {
    setPageFilter(name, {
      filters: state.filters,
      order: state.order,
      search: state.search ? searchFilter(resource.searchKey, state.search) : null,
    });
  }, [name, resource.searchKey, state.filters, state.order, state.search, setPageFilter]);

  const setSearch = useCallback((text: string) => apply(applySearch(stateRef.current, text)), [apply]);
  const setListFilters = useCallback(
    (next: Filter[], cleared: string[] = []) => apply(applyFilters(stateRef.current, next, cleared)),
    [apply],
  );
  const setOrder = useCallback((order: Order[]) => apply(applyOrder(stateRef.current, order)), [apply]);

  return {
    reactTable,
    refineCore,
    resource,
    state,
    total: result?.total,
    totalIsEstimate: result?.totalIsEstimate === true,
    setSearch,
    setListFilters,
    setOrder,
  };
}

/** What a list hands the overlays rendered over it (read with useOutletContext). */
export interface ListOutletContext {
  state: ListState;
  setListFilters: (next: Filter[], cleared?: string[]) => void;
}

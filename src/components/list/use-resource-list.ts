import type { ListResource } from "@core/domain/resources";
import { type BaseRecord, type HttpError, useParsed } from "@refinedev/core";
import { useTable } from "@refinedev/react-table";
import {
  type ColumnDef,
  functionalUpdate,
  type PaginationState,
  type SortingState,
  type Updater,
  type VisibilityState,
} from "@tanstack/react-table";
import { useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { ListQueryMeta, ListResult } from "@/providers/data-provider";
import { takeLandingList } from "@/providers/landing-prefetch";
import { type ListState, listQueryOf } from "@/providers/list-url";
import type { ListStateControls } from "./use-list-state";

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100];

const rowIdOf = (record: BaseRecord) => String(record.id);

/**
 * How long the boot's rows count as fresh from the moment the list took them: enough for the
 * table's first mount (which would otherwise ask again at once), short enough that coming
 * back to the list later asks the server as always.
 */
const BOOT_ROWS_FRESH_MS = 5_000;

const NO_HIDDEN_COLUMNS: VisibilityState = {};

/**
 * A list resource's table: the list state (from the URL, use-list-state.ts) drives TanStack
 * Table's sorting and pagination as controlled state, and TanStack's changes go back to the
 * URL. Refine's useTable (@refinedev/react-table) fetches: it is handed the list query as it
 * is (the data provider sends it), so Refine itself neither pages, sorts nor filters and has
 * no state of the list's to keep in step. Back to page 1 on a 416.
 */
export function useResourceList<T extends BaseRecord>(
  resource: ListResource,
  list: ListStateControls,
  columns: ColumnDef<T>[],
  columnVisibility: VisibilityState = NO_HIDDEN_COLUMNS,
) {
  const { state, setOrder, setPage, toFirstPage } = list;
  const location = useLocation();

  // The landing list's answer, when the boot's request for it is already in (landing-prefetch.ts).
  const [boot] = useState(() => (resource.name === "label-reports" ? takeLandingList<T>(location) : undefined));
  const bootRows = useRef(boot?.result);

  const sorting = useMemo<SortingState>(() => sortingOf(state), [state]);
  const pagination = useMemo<PaginationState>(
    () => ({ pageIndex: state.pageNumber - 1, pageSize: state.pageSize }),
    [state.pageNumber, state.pageSize],
  );
  const meta = useListMeta(state, resource);

  const { reactTable, refineCore } = useTable<T, HttpError>({
    columns,
    getRowId: rowIdOf,
    state: { columnVisibility, sorting, pagination },
    onSortingChange: (updater: Updater<SortingState>) =>
      setOrder(functionalUpdate(updater, sorting).map((s) => ({ key: s.id, direction: s.desc ? "desc" : "asc" }))),
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = functionalUpdate(updater, pagination);
      setPage(next.pageIndex + 1, next.pageSize);
    },
    manualSorting: true,
    manualFiltering: true,
    refineCoreProps: {
      resource: resource.name,
      syncWithLocation: false,
      pagination: { mode: "off" },
      sorters: { mode: "off" },
      filters: { mode: "off" },
      meta,
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

  // HTTP 416: the page lies past the end; go back to page 1.
  const result = refineCore.tableQuery.data as ListResult<T> | undefined;
  const pageOutOfRange = result?.pageOutOfRange === true;
  useEffect(() => {
    if (pageOutOfRange && state.pageNumber !== 1) toFirstPage();
  }, [pageOutOfRange, state.pageNumber, toFirstPage]);

  return {
    reactTable,
    refineCore,
    total: result?.total,
    totalIsEstimate: result?.totalIsEstimate === true,
  };
}

function sortingOf(state: ListState): SortingState {
  return state.order.map((o) => ({ id: o.key, desc: o.direction === "desc" }));
}

/**
 * The list query for the data provider. Refine also copies every parameter of the address
 * into a list's meta, which is part of its query key: an overlay's `id` opening over the list
 * would make its rows a new query. The rows depend on the list query alone, so those copies
 * are blanked (a key's undefined values are left out of it).
 */
function useListMeta(state: ListState, resource: ListResource): ListQueryMeta & Record<string, unknown> {
  const { params } = useParsed();
  const names = Object.keys(params ?? {}).join("\n");
  return useMemo(() => {
    const blanked = Object.fromEntries(names.split("\n").flatMap((name) => (name ? [[name, undefined]] : [])));
    return { ...blanked, listQuery: listQueryOf(state, resource) };
  }, [names, state, resource]);
}

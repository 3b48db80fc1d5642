import { type BaseRecord, type HttpError, useTable } from "@refinedev/core";
import type { TableProps } from "antd";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";
import { encodeFilters, encodeOrder, type Filter, type Order, searchFilter } from "@/domain/list-query";
import { formatDecimal } from "@/domain/number-text";
import { type ListResourceName, listResource } from "@/domain/resources";
import { crudSortingToWire, splitSearch, wireOrderToCrud, wireToCrudFilters } from "@/providers/crud-filters";
import type { ListResult } from "@/providers/data-provider";
import {
  applyFilters,
  applyOrder,
  applySearch,
  type ListUrlState,
  parseListUrl,
  sameListState,
} from "@/providers/list-url";
import { usePageFilterStore } from "@/providers/stores/page-filters";
import { usePreferencesStore } from "@/providers/stores/preferences";
import { antdSorterToCrud } from "./sort-order";

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100];

/** The history state of the address a list completes from its saved selection (see ResourceList). */
export const RESTORED_SELECTION_STATE = { restoredListSelection: true } as const;

function isRestoredSelection(state: unknown): boolean {
  return (state as Partial<typeof RESTORED_SELECTION_STATE> | null)?.restoredListSelection === true;
}

/**
 * Refine's (headless) useTable on one of the five list resources, with antd Table props
 * made here (@refinedev/antd's useTable would bring antd Form into every list's first
 * load for a search form the lists do not use), with the list rules of
 * spec section 4: state in the URL (through the router provider), page 1 after any
 * change of filter, order or search, same-key filters replacing earlier ones, back
 * to page 1 on a 416, and the selection saved in the page filter store.
 */
export function useResourceList<T extends BaseRecord>(name: ListResourceName) {
  const resource = listResource(name);
  const location = useLocation();
  const navigationType = useNavigationType();

  const table = useTable<T, HttpError>({
    resource: name,
    syncWithLocation: true,
    pagination: { pageSize: resource.pageSize },
    sorters: { initial: wireOrderToCrud(resource.defaultOrder) },
    filters: { initial: wireToCrudFilters(resource, resource.defaultFilters, ""), defaultBehavior: "replace" },
  });
  const { filters, sorters, currentPage, pageSize, setFilters, setSorters, setCurrentPage, setPageSize } = table;

  const state = useMemo<ListUrlState>(() => {
    const split = splitSearch(filters);
    return { ...split, order: crudSortingToWire(sorters), pageNumber: currentPage, pageSize };
  }, [filters, sorters, currentPage, pageSize]);
  const stateRef = useRef(state);
  stateRef.current = state;

  const setPageFilter = usePageFilterStore((s) => s.setPageFilter);

  /** Moves the table to `next`, touching only what differs. */
  const apply = useCallback(
    (next: ListUrlState) => {
      const current = stateRef.current;
      // Saved at once, not only after the table has rendered: a panel that closes onto the
      // bare list URL (its defaults) must not find the previous selection there to restore.
      setPageFilter(name, {
        filters: next.filters,
        order: next.order,
        search: next.search ? searchFilter(resource.searchKey, next.search) : null,
      });
      if (encodeFilters(next.filters) !== encodeFilters(current.filters) || next.search !== current.search) {
        setFilters(wireToCrudFilters(resource, next.filters, next.search), "replace");
      }
      if (encodeOrder(next.order) !== encodeOrder(current.order)) setSorters(wireOrderToCrud(next.order));
      if (next.pageNumber !== current.pageNumber) setCurrentPage(next.pageNumber);
      if (next.pageSize !== current.pageSize) setPageSize(next.pageSize);
    },
    [name, resource, setFilters, setSorters, setCurrentPage, setPageSize, setPageFilter],
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
  const pageOutOfRange = (table.tableQuery.data as ListResult<T> | undefined)?.pageOutOfRange === true;
  const totalIsEstimate = (table.tableQuery.data as ListResult<T> | undefined)?.totalIsEstimate === true;
  const locale = usePreferencesStore((s) => s.locale);
  useEffect(() => {
    if (pageOutOfRange && currentPage !== 1) setCurrentPage(1);
  }, [pageOutOfRange, currentPage, setCurrentPage]);

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

  const onChange = useCallback<NonNullable<TableProps<T>["onChange"]>>(
    (pagination, _tableFilters, sorter, extra) => {
      if (extra.action === "sort") {
        setSorters(antdSorterToCrud(sorter));
        // antd keeps the page on a sort; the list rule is page 1 after any change.
        setCurrentPage(1);
        return;
      }
      setCurrentPage(pagination.current || 1);
      setPageSize(pagination.pageSize || resource.pageSize);
    },
    [setSorters, setCurrentPage, setPageSize, resource.pageSize],
  );

  const data = table.tableQuery.data;
  const tableProps: TableProps<T> = {
    dataSource: data?.data,
    loading: !table.tableQuery.isFetched,
    onChange,
    pagination: {
      current: currentPage,
      pageSize,
      total: data?.total,
      position: ["bottomRight"],
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZE_OPTIONS,
      showTotal: (total) => totalText(total, totalIsEstimate, locale),
    },
  };

  return { ...table, tableProps, resource, state, setSearch, setListFilters, setOrder };
}

/** "12 records", or "about 1,234,000 records" when the server only estimated a long list. */
export function totalText(total: number, estimate: boolean, locale = "en-US"): string {
  const noun = total === 1 ? "record" : "records";
  const count = formatDecimal(total, { locale });
  return estimate ? `about ${count} ${noun}` : `${count} ${noun}`;
}

/** What a list hands the overlays rendered over it (read with useOutletContext). */
export interface ListOutletContext {
  state: ListUrlState;
  setListFilters: (next: Filter[], cleared?: string[]) => void;
}

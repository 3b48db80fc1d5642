import { type ListResource, type ListResourceName, listResource } from "@core/domain/resources";
import type { BaseRecord } from "@refinedev/core";
import type { VisibilityState } from "@tanstack/react-table";
import { Alert, Flex } from "antd";
import { type ReactNode, useMemo } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { DataTable } from "@/components/table/data-table";
import { useFindResource } from "@/hooks/use-access";
import { hasListParams, LIST_URL_KEYS, savedSelectionSearch } from "@/providers/list-url";
import { readableError } from "@/providers/readable-error";
import { usePageFilterStore } from "@/providers/stores/page-filters";
import { usePreferencesStore } from "@/providers/stores/preferences";
import { columnDefsOf } from "./column-defs";
import type { ColumnSpec } from "./columns";
import { ListHeading } from "./list-heading";
import { ListSearch } from "./list-search";
import styles from "./resource-list.module.css";
import { virtualRows } from "./table-layout";
import { totalText } from "./total-text";
import {
  type ListOutletContext,
  PAGE_SIZE_OPTIONS,
  RESTORED_SELECTION_STATE,
  useResourceList,
} from "./use-resource-list";

export interface ResourceListProps<T> {
  resource: ListResourceName;
  columns: ColumnSpec<T>[];
  /** Where a record's first column links to. */
  recordLink?: (record: T) => string;
  /** The record link opens an overlay over this list, so it keeps the list's query. */
  overlayLinks?: boolean;
  /** Actions beside the search box (create buttons, the filters overlay). */
  actions?: ReactNode;
  searchPlaceholder?: string;
  /** Narrower cell padding, for a list with many columns that should fit a laptop's screen. */
  dense?: boolean;
  /** Columns the person hid (TanStack column visibility: column id -> false). */
  columnVisibility?: VisibilityState;
}

/**
 * A list resource as a table: search box, sortable columns, pagination, all kept in
 * the URL. Child routes (overlays) render through the <Outlet /> over the still
 * mounted list.
 */
export function ResourceList<T extends BaseRecord>(props: ResourceListProps<T>) {
  return (
    <SavedListRestore resource={listResource(props.resource)}>
      <ResourceListTable {...props} />
    </SavedListRestore>
  );
}

/**
 * A list opened without query parameters starts from its saved selection. The list stays
 * mounted while the address is completed (the redirect sits beside it, not in its place):
 * unmounting it would close an open overlay and lose the list's state and scroll position.
 */
function SavedListRestore({ resource, children }: { resource: ListResource; children: ReactNode }) {
  const location = useLocation();
  const saved = usePageFilterStore((s) => s.pageFilters[resource.name]);
  let redirect: ReactNode = null;
  if (saved && !hasListParams(location.search)) {
    const restored = savedSelectionSearch(saved, resource);
    if (restored) {
      const others = new URLSearchParams(location.search);
      for (const key of LIST_URL_KEYS) others.delete(key);
      const rest = others.toString();
      redirect = (
        <Navigate
          replace
          state={RESTORED_SELECTION_STATE}
          to={{ pathname: location.pathname, search: rest ? `${restored}&${rest}` : restored }}
        />
      );
    }
  }
  return (
    <>
      {redirect}
      {children}
    </>
  );
}

function ResourceListTable<T extends BaseRecord>({
  resource: name,
  columns,
  recordLink,
  overlayLinks = false,
  actions,
  searchPlaceholder,
  dense = false,
  columnVisibility,
}: ResourceListProps<T>) {
  const resource = listResource(name);
  // Kept while only the address changes (paging, an overlay opening over the list): new
  // column definitions would render every cell of the page again.
  const columnDefs = useMemo(
    () => columnDefsOf(columns, { resource, recordLink, overlayLinks }),
    [columns, resource, recordLink, overlayLinks],
  );
  const list = useResourceList<T>(name, columnDefs, columnVisibility);
  const { reactTable, refineCore, state, total, totalIsEstimate, setSearch, setListFilters } = list;
  const outletContext = useMemo<ListOutletContext>(() => ({ state, setListFilters }), [state, setListFilters]);
  const title = useFindResource()(name)?.meta?.label ?? name;
  const locale = usePreferencesStore((s) => s.locale);
  const { tableQuery } = refineCore;

  return (
    <Flex vertical gap="middle">
      <ListHeading title={title}>
        <ListSearch
          value={state.search}
          onSearch={setSearch}
          placeholder={searchPlaceholder ?? `Search by ${resource.searchKey}`}
        />
        {actions}
      </ListHeading>
      {tableQuery.isError ? (
        <Alert
          type="error"
          showIcon
          message={`Could not load ${title.toLowerCase()}`}
          description={readableError(tableQuery.error)}
        />
      ) : null}
      <DataTable
        table={reactTable}
        total={total}
        // No rows yet, or the last page's rows held while the next page loads. Not "not fetched
        // yet": the landing list's first rows come from the boot's request (use-resource-list.ts)
        // and are never fetched by this query, so they stayed dimmed under the spinner.
        loading={tableQuery.isPending || tableQuery.isPlaceholderData}
        pagination={{
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          showTotal: (count) => totalText(count, totalIsEstimate, locale),
        }}
        virtual={virtualRows(state.pageSize)}
        className={styles.table}
        size={dense ? "middle" : undefined}
      />
      <Outlet context={outletContext} />
    </Flex>
  );
}

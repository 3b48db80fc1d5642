import type { Filter } from "@core/domain/list-query";
import { type ListResourceName, listResource } from "@core/domain/resources";
import type { BaseRecord } from "@refinedev/core";
import type { VisibilityState } from "@tanstack/react-table";
import { Alert, Flex } from "antd";
import { type ReactNode, useMemo } from "react";
import { Navigate, Outlet } from "react-router";
import { DataTable } from "@/components/table/data-table";
import { useFindResource } from "@/hooks/use-access";
import type { ListState } from "@/providers/list-url";
import { readableError } from "@/providers/readable-error";
import { usePreferencesStore } from "@/providers/stores/preferences";
import { columnDefsOf } from "./column-defs";
import type { ColumnSpec } from "./columns";
import { EmptyList } from "./empty-list";
import { FilterChips } from "./filter-chips";
import { ListHeading } from "./list-heading";
import { ListSearch } from "./list-search";
import { type FilterChip, isNarrowed } from "./list-selection";
import styles from "./resource-list.module.css";
import { virtualRows } from "./table-layout";
import { totalText } from "./total-text";
import { type ListStateControls, useListState } from "./use-list-state";
import { PAGE_SIZE_OPTIONS, useResourceList } from "./use-resource-list";

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
  /** The applied filters as removable chips (for filters set in a panel, out of sight); given the list's filters. */
  filterChips?: (filters: Filter[]) => FilterChip[];
}

/** What a list hands the overlays rendered over it (read with useOutletContext). */
export interface ListOutletContext {
  state: ListState;
}

/**
 * A list resource as a table: search box, sortable columns, pagination, all kept in
 * the URL (use-list-state.ts). Child routes (overlays) render through the <Outlet /> over
 * the still mounted list.
 */
export function ResourceList<T extends BaseRecord>(props: ResourceListProps<T>) {
  const list = useListState(listResource(props.resource));
  // Opened on an address without list parameters: it becomes the saved selection's first,
  // before the table asks for any rows.
  if (list.openOn) return <Navigate replace to={list.openOn} />;
  return <ResourceListTable {...props} list={list} />;
}

function ResourceListTable<T extends BaseRecord>({
  list,
  resource: name,
  columns,
  recordLink,
  overlayLinks = false,
  actions,
  searchPlaceholder,
  dense = false,
  columnVisibility,
  filterChips,
}: ResourceListProps<T> & { list: ListStateControls }) {
  const resource = listResource(name);
  // Kept while only the address changes (paging, an overlay opening over the list): new
  // column definitions would render every cell of the page again.
  const columnDefs = useMemo(
    () => columnDefsOf(columns, { resource, recordLink, overlayLinks }),
    [columns, resource, recordLink, overlayLinks],
  );
  const { reactTable, refineCore, total, totalIsEstimate } = useResourceList<T>(
    resource,
    list,
    columnDefs,
    columnVisibility,
  );
  const { state, setSearch, setListFilters, clearSelection } = list;
  const outletContext = useMemo<ListOutletContext>(() => ({ state }), [state]);
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
      {filterChips ? (
        <FilterChips
          chips={filterChips(state.filters)}
          // Removing a chip brings its keys back to the list's defaults (label reports: not archived).
          onRemove={(chip) =>
            setListFilters(
              resource.defaultFilters.filter((f) => chip.keys.includes(f.key)),
              chip.keys,
            )
          }
          onClearAll={() =>
            setListFilters(
              [...resource.defaultFilters],
              state.filters.map((f) => f.key),
            )
          }
        />
      ) : null}
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
        emptyText={
          <EmptyList
            what={title.toLowerCase()}
            narrowed={isNarrowed(state.search, state.filters, resource.defaultFilters)}
            onClear={clearSelection}
          />
        }
        className={styles.table}
        size={dense ? "middle" : undefined}
      />
      <Outlet context={outletContext} />
    </Flex>
  );
}

import type { BaseRecord } from "@refinedev/core";
import { Alert, Flex, Table } from "antd";
import Search from "antd/es/input/Search";
import type { ColumnType } from "antd/es/table";
import { type ReactNode, Suspense, useEffect, useState } from "react";
import { Link, Navigate, Outlet, useLocation } from "react-router";
import { type ListResource, type ListResourceName, listResource } from "@/domain/resources";
import { readableError } from "@/providers/data-provider";
import { hasListParams, LIST_URL_KEYS, listSearchString } from "@/providers/list-url";
import { findResource } from "@/providers/resources";
import { usePageFilterStore } from "@/providers/stores/page-filters";
import type { ColumnSpec } from "./columns";
import styles from "./resource-list.module.css";
import { columnSortOrder, type ListOutletContext, useResourceList } from "./use-resource-list";

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
    const restored = listSearchString(
      {
        filters: saved.filters,
        order: saved.order,
        search: saved.search?.value ?? "",
        pageNumber: 1,
        pageSize: resource.pageSize,
      },
      resource,
    );
    if (restored) {
      const others = new URLSearchParams(location.search);
      for (const key of LIST_URL_KEYS) others.delete(key);
      const rest = others.toString();
      redirect = (
        <Navigate replace to={{ pathname: location.pathname, search: rest ? `${restored}&${rest}` : restored }} />
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
}: ResourceListProps<T>) {
  const list = useResourceList<T>(name);
  const { resource, sorters, tableProps, tableQuery, state, setSearch, setListFilters } = list;
  const outletContext: ListOutletContext = { state, setListFilters };
  const location = useLocation();
  const title = findResource(name)?.meta.label ?? name;

  const antdColumns: ColumnType<T>[] = columns.map((spec, index) => {
    const sortKey = spec.sortKey ?? spec.key;
    const sortable = resource.fields[sortKey]?.sortable === true;
    return {
      key: spec.key,
      dataIndex: spec.key,
      title: spec.title,
      sorter: sortable,
      sortOrder: sortable ? columnSortOrder(sortKey, sorters) : undefined,
      render: (_value: unknown, record: T) => {
        const content = spec.render(record);
        if (index !== 0 || !recordLink) return content;
        return <Link to={`${recordLink(record)}${overlayLinks ? location.search : ""}`}>{content}</Link>;
      },
    };
  });

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <h2 className={styles.title}>{title}</h2>
        <Flex gap="small" align="center">
          <ListSearch
            value={state.search}
            onSearch={setSearch}
            placeholder={searchPlaceholder ?? `Search by ${resource.searchKey}`}
          />
          {actions}
        </Flex>
      </Flex>
      {tableQuery.isError ? (
        <Alert
          type="error"
          showIcon
          message={`Could not load ${title.toLowerCase()}`}
          description={readableError(tableQuery.error)}
        />
      ) : null}
      <Table<T>
        {...tableProps}
        {...(virtualRows(state.pageSize) ? VIRTUAL_TABLE : WIDE_TABLE)}
        className={styles.table}
        rowKey="id"
        columns={antdColumns}
      />
      <Suspense fallback={null}>
        <Outlet context={outletContext} />
      </Suspense>
    </Flex>
  );
}

/**
 * Pages above this many rows (the API allows 10,000; only a URL asks for them, the page
 * size menu stops at 100) render virtualised: only the visible rows are in the DOM, in a
 * scrolling box, so a 10,000-row page stays smooth.
 */
export const VIRTUAL_ROWS_ABOVE = 100;
export const virtualRows = (pageSize: number) => pageSize > VIRTUAL_ROWS_ABOVE;
const VIRTUAL_TABLE = { virtual: true, scroll: { x: 1280, y: 640 } } as const;
/** Rows stay on one line (resource-list.module.css): a table wider than the page scrolls sideways in its box. */
const WIDE_TABLE = { scroll: { x: "max-content" } } as const;

const SEARCH_DEBOUNCE_MS = 350;

/** The search box: applies on Enter, on clear, and after a pause in typing. */
export function ListSearch({
  value,
  onSearch,
  placeholder,
}: {
  value: string;
  onSearch: (text: string) => void;
  placeholder: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <Search
      className={styles.search}
      aria-label="Search"
      allowClear
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onSearch={onSearch}
    />
  );
}

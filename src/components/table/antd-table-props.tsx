import {
  type Column,
  flexRender,
  type Header,
  type Row,
  type RowData,
  type SortingState,
  type Table,
} from "@tanstack/react-table";
import type { TablePaginationConfig, TableProps } from "antd";
import type { ColumnType } from "antd/es/table";
import type { SorterResult } from "antd/es/table/interface";
import { type ReactNode, useCallback, useMemo } from "react";

/**
 * The bridge between TanStack Table (which owns sorting, pagination and column
 * visibility) and antd's Table (which draws them): antd gets the row model as its
 * data source and columns derived from the visible TanStack columns; its sort and
 * page events go back to TanStack's setters. Nothing here keeps state of its own.
 */

declare module "@tanstack/react-table" {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** antd column properties TanStack has no word for (fixed side, width, alignment). */
    antd?: Pick<ColumnType<Row<TData>>, "fixed" | "width" | "align" | "className" | "ellipsis">;
  }
}

export interface AntdTableOptions {
  /** The number of records on every page together (the server's total). */
  total?: number | undefined;
  loading?: boolean;
  /** antd pagination extras (size changer, total text, position), or false for none. */
  pagination?: false | Omit<TablePaginationConfig, "current" | "pageSize" | "total" | "onChange">;
}

type SortOrder = "ascend" | "descend" | null;

export function antdSortOrder(sorting: SortingState, columnId: string): SortOrder {
  const sort = sorting.find((s) => s.id === columnId);
  return sort ? (sort.desc ? "descend" : "ascend") : null;
}

/** antd's sorter (one column, or several by priority) as TanStack sorting; a column antd stopped sorting drops out. */
export function sortingFromAntd<T>(sorter: SorterResult<T> | SorterResult<T>[]): SortingState {
  const all = Array.isArray(sorter) ? sorter : [sorter];
  const priority = (s: SorterResult<T>) => {
    const spec = s.column?.sorter;
    return typeof spec === "object" && spec !== null && "multiple" in spec ? (spec.multiple ?? 0) : 0;
  };
  return [...all]
    .sort((a, b) => priority(a) - priority(b))
    .flatMap((s) =>
      s.columnKey !== undefined && s.order ? [{ id: String(s.columnKey), desc: s.order === "descend" }] : [],
    );
}

/**
 * A cell's definition is called as a render function, not mounted as a component (as `flexRender`
 * would): the definitions are rebuilt when the columns change (the custom fields arriving after
 * the rows), and a new function is a new component type to React, so every cell of the page was
 * created again, its links replaced under a click on its way. Cells here return elements; one that
 * needs hooks renders a component of its own.
 */
function renderCell<T>(row: Row<T>, column: Column<T, unknown>): ReactNode {
  const cell = row.getVisibleCells().find((c) => c.column.id === column.id);
  if (!cell) return null;
  const template = column.columnDef.cell;
  return typeof template === "function" ? (template(cell.getContext()) as ReactNode) : (template ?? null);
}

function antdColumn<T>(header: Header<T, unknown>, sorting: SortingState): ColumnType<Row<T>> {
  const { column } = header;
  const def = column.columnDef;
  const sortable = column.getCanSort();
  return {
    key: column.id,
    title: typeof def.header === "string" ? def.header : flexRender(def.header, header.getContext()),
    sorter: sortable,
    sortOrder: sortable ? antdSortOrder(sorting, column.id) : undefined,
    ...def.meta?.antd,
    render: (_value: unknown, row: Row<T>) => renderCell(row, column),
  };
}

/**
 * antd Table props for a TanStack table: `<Table {...useAntdTableProps(table, {total})} />`.
 * Rows are TanStack rows (`rowKey` is the row id: give useTable a `getRowId`).
 */
export function useAntdTableProps<T>(table: Table<T>, options: AntdTableOptions = {}): TableProps<Row<T>> {
  const { sorting, pagination, columnVisibility } = table.getState();
  const { pageIndex, pageSize } = pagination;
  const defs = table.options.columns;

  // Rebuilt only when the columns, their visibility or the order change, never per page of rows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: defs and columnVisibility are what getHeaderGroups reads.
  const columns = useMemo(
    () => (table.getHeaderGroups().at(-1)?.headers ?? []).map((header) => antdColumn(header, sorting)),
    [table, defs, columnVisibility, sorting],
  );

  const onChange = useCallback<NonNullable<TableProps<Row<T>>["onChange"]>>(
    (page, _filters, sorter, extra) => {
      if (extra.action === "sort") {
        table.setSorting(sortingFromAntd(sorter));
        // antd keeps the page on a sort; the list rule is page 1 after any change of order.
        table.setPageIndex(0);
        return;
      }
      if (extra.action === "paginate") {
        table.setPagination({ pageIndex: (page.current ?? 1) - 1, pageSize: page.pageSize ?? pageSize });
      }
    },
    [table, pageSize],
  );

  const rows = table.getRowModel().rows;
  return {
    dataSource: rows,
    columns,
    rowKey: rowId,
    onChange,
    ...(options.loading === undefined ? {} : { loading: options.loading }),
    pagination:
      options.pagination === false
        ? false
        : { ...options.pagination, current: pageIndex + 1, pageSize, total: options.total ?? rows.length },
  };
}

const rowId = <T,>(row: Row<T>) => row.id;

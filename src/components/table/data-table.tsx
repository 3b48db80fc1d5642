import type { RowData, Table } from "@tanstack/react-table";
import { Empty, Pagination, Spin } from "antd";
import type { ReactNode, UIEvent } from "react";
import { useAntdHash } from "@/components/controls/antd-hash/antd-hash";
import styles from "./data-table.module.css";
import { BodyRow, HeaderRow } from "./table-cells";
import { VirtualTable } from "./virtual-table";

/**
 * A TanStack table drawn as antd draws its tables: the same elements and class names, so
 * antd's style sheet (built into the page, vite.config.ts) gives it antd's look and its
 * theme's colours. TanStack owns sorting, pagination and column visibility; this reads its
 * state and calls its setters, and keeps no state of its own. Not antd's Table, which
 * measured, styled and rendered every cell of a page twice before its first paint
 * (docs/decisions.md, "Lists are TanStack markup with antd's classes").
 */

declare module "@tanstack/react-table" {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Stays at the box's left edge while the table scrolls sideways (the first column only). */
    pinned?: boolean;
    align?: "right";
  }
}

interface DataTablePagination {
  showSizeChanger?: boolean;
  pageSizeOptions?: number[];
  showTotal?: (total: number, range: [number, number]) => ReactNode;
  hideOnSinglePage?: boolean;
}

export interface DataTableProps<T> {
  table: Table<T>;
  /** The number of records on every page together (the server's total). */
  total?: number | undefined;
  /** Dims the rows under a spinner: no rows yet, or the last page's held while the next loads. */
  loading?: boolean;
  pagination?: false | DataTablePagination;
  /** What the table says when it has no rows (antd's "No data" picture otherwise). */
  emptyText?: ReactNode;
  /** Narrower cells: "middle" for a list with many columns, "small" for a log. */
  size?: "middle" | "small" | undefined;
  className?: string | undefined;
  /**
   * Only the rows in view are in the document, in a box of fixed height, the columns at
   * fixed widths: for pages of hundreds or thousands of rows.
   */
  virtual?: boolean;
  /**
   * Names the table's scrolling box and gives it a tab stop, so a keyboard can scroll it
   * (WCAG 2.1.1): for a table whose rows hold nothing focusable, such as a log.
   */
  scrollLabel?: string;
}

export function DataTable<T>({
  table,
  total,
  loading = false,
  pagination = {},
  emptyText,
  size,
  className,
  virtual = false,
  scrollLabel,
}: DataTableProps<T>) {
  const hashId = useAntdHash();
  const { sorting, pagination: page } = table.getState();
  const headers = table.getHeaderGroups().at(-1)?.headers ?? [];
  const rows = table.getRowModel().rows;
  const count = total ?? rows.length;
  const head = <HeaderRow headers={headers} sorting={sorting} />;
  let grid: ReactNode;
  if (virtual && rows.length) grid = <VirtualTable head={head} rows={rows} sorting={sorting} onScroll={markScrolled} />;
  else
    grid = (
      <div
        className={`ant-table-content ${styles.content}`}
        onScroll={markScrolled}
        {...(scrollLabel ? { role: "region", "aria-label": scrollLabel, tabIndex: 0 } : {})}
      >
        <table className={styles.grid}>
          {head}
          <tbody className="ant-table-tbody">
            {rows.length ? (
              rows.map((row) => <BodyRow key={row.id} row={row} sorting={sorting} />)
            ) : (
              <tr className="ant-table-placeholder">
                <td className="ant-table-cell" colSpan={headers.length || 1}>
                  {loading ? null : (emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />)}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    );
  return (
    <div className={`${hashId} ant-table-wrapper${className ? ` ${className}` : ""}`}>
      <div className={`${hashId} ant-spin-nested-loading`}>
        {loading ? (
          <div>
            <Spin />
          </div>
        ) : null}
        <div className={`${hashId} ant-spin-container${loading ? " ant-spin-blur" : ""}`}>
          <div className={`ant-table${size ? ` ant-table-${size}` : ""}`}>
            <div className="ant-table-container">{grid}</div>
          </div>
          {/* As antd's tables: no pager without records, so no "0 records" while a page loads. */}
          {pagination === false || count === 0 ? null : (
            <Pagination
              className="ant-table-pagination ant-table-pagination-right"
              current={page.pageIndex + 1}
              pageSize={page.pageSize}
              total={count}
              // antd's tables page with the small pager beside their narrower cells.
              {...(size ? { size: "small" as const } : {})}
              {...pagination}
              onChange={(current, pageSize) => table.setPagination({ pageIndex: current - 1, pageSize })}
            />
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * Marks the table's box while it is scrolled sideways: the pinned column then casts a shadow
 * over the columns passing under it (as antd's pinned columns do). On the element, not in
 * state: scrolling re-renders nothing.
 */
function markScrolled(event: UIEvent<HTMLDivElement>) {
  const box = event.currentTarget;
  const scrolled = box.scrollLeft > 0 ? "true" : "false";
  if (box.dataset.scrolled !== scrolled) box.dataset.scrolled = scrolled;
}

import type { ColumnType } from "antd/es/table";

/**
 * Pages above this many rows (the API allows 10,000; only a URL asks for them, the page
 * size menu stops at 100) render virtualised: only the visible rows are in the DOM, in a
 * scrolling box, so a 10,000-row page stays smooth.
 */
export const VIRTUAL_ROWS_ABOVE = 100;
export const virtualRows = (pageSize: number) => pageSize > VIRTUAL_ROWS_ABOVE;

const VIRTUAL_TABLE = { virtual: true, scroll: { x: 1280, y: 640 } } as const;
/**
 * A page of up to 100 rows is an ordinary table: it scrolls sideways in its box by its style
 * sheet (resource-list.module.css), not by antd's `scroll.x`, and its pinned column sticks by
 * CSS, not by antd's `fixed`. Either of those makes antd add a row of cells it measures after
 * the first render, a forced layout and a second render of every cell before the rows first
 * paint (bench/README.md, "The table's measuring row").
 */
const PAGE_TABLE = {} as const;

/** The antd Table props that lay out a page of this size. */
export const tableLayout = (pageSize: number) => (virtualRows(pageSize) ? VIRTUAL_TABLE : PAGE_TABLE);

/**
 * The columns of a page table: a column pinned with antd's `fixed: "left"` is pinned by the
 * class `pinnedClass` instead (position: sticky at the box's left edge, so only a first column
 * can be pinned). The virtual table keeps antd's own pinning: its rows are not in a table box.
 */
export function pageTableColumns<R>(columns: ColumnType<R>[], pageSize: number, pinnedClass: string): ColumnType<R>[] {
  if (virtualRows(pageSize)) return columns;
  return columns.map(({ fixed, ...column }, index) => {
    if (fixed !== "left" || index !== 0) return column;
    return { ...column, className: column.className ? `${column.className} ${pinnedClass}` : pinnedClass };
  });
}

import { ESTIMATED_ROW_HEIGHT, OVERSCAN } from "./select-options";

/** Which rows of a long list to render: the visible ones plus an overscan on either side. */

export interface VirtualWindow {
  /** First rendered row. */
  start: number;
  /** One past the last rendered row. */
  end: number;
  /** Space above the first rendered row, px. */
  offsetTop: number;
  /** Height of all rows, px. */
  totalHeight: number;
}

export function virtualWindow({
  count,
  scrollTop,
  viewportHeight,
  rowHeight = ESTIMATED_ROW_HEIGHT,
  overscan = OVERSCAN,
}: {
  count: number;
  scrollTop: number;
  viewportHeight: number;
  rowHeight?: number;
  overscan?: number;
}): VirtualWindow {
  const firstVisible = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const visible = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  const start = Math.max(0, Math.min(count, firstVisible - overscan));
  const end = Math.min(count, firstVisible + visible + overscan);
  return { start, end, offsetTop: start * rowHeight, totalHeight: count * rowHeight };
}

/** The scrollTop that brings a row into view, or the current one when it already is. */
export function scrollToRow(
  index: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight = ESTIMATED_ROW_HEIGHT,
) {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewportHeight) return top + rowHeight - viewportHeight;
  return scrollTop;
}

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

/** The antd Table props that lay out a page of this size (the list and its boot preview alike). */
export const tableLayout = (pageSize: number) => (virtualRows(pageSize) ? VIRTUAL_TABLE : WIDE_TABLE);

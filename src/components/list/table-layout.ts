/**
 * Pages above this many rows (the API allows 10,000; only a URL asks for them, the page
 * size menu stops at 100) render virtualised: only the visible rows are in the DOM, in a
 * scrolling box, so a 10,000-row page stays smooth.
 */
const VIRTUAL_ROWS_ABOVE = 100;
export const virtualRows = (pageSize: number) => pageSize > VIRTUAL_ROWS_ABOVE;

/**
 * Timestamps as the two databases hand them back: node-postgres gives a Date, PGlite's
 * raw queries and JSON columns can give the text. One reading of both, for the code that
 * compares or prints them.
 */
export const toMs = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

export const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

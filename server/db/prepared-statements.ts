import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";

/**
 * Statements run on (nearly) every request, prepared once per database connection: the
 * role-token check and list pages (server/lists/page-statement.ts says which). Unnamed,
 * PostgreSQL parses, analyses and plans a statement on every call; planning a list page
 * took longer than running it, and on PGlite all of it runs
 * in WASM on the server's own thread. Prepared, a statement is parsed once per connection
 * and planned once too when it has no parameters (or PostgreSQL keeps a generic plan).
 *
 * A statement is marked by its SQL text; the drivers (postgres-pool.ts, pglite-dialect.ts)
 * run a text marked on two calls or more under its name, so a statement seen once (an odd
 * filter) never takes a connection's room. The name is a hash of the text: a text marked
 * again after it fell out of this list gets the same name, and two texts never share one.
 */
const marks = new LRUCache<string, { name: string; runs: number }>({ max: 1_000 });

/**
 * At most this many statements stay prepared on one connection: one list page's plan
 * holds about 170 kB in a PostgreSQL backend.
 */
export const MAX_PREPARED_PER_CONNECTION = 50;

export function markPrepared(sqlText: string): void {
  const mark = marks.get(sqlText);
  if (mark) mark.runs++;
  else marks.set(sqlText, { name: `k${createHash("sha256").update(sqlText).digest("hex").slice(0, 40)}`, runs: 1 });
}

/** The statement name of a text marked on two calls or more; undefined: run it unnamed. */
export function preparedName(sqlText: string): string | undefined {
  const mark = marks.get(sqlText);
  return mark && mark.runs > 1 ? mark.name : undefined;
}

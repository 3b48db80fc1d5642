import { CompiledQuery, createQueryId, type Kysely, type SelectQueryBuilder } from "kysely";
import { LRUCache } from "lru-cache";
import { columnKey } from "../db/index";
import { markPrepared } from "../db/prepared-statements";

/**
 * A list's statements, run without redoing per request what depends only on their text.
 * Kysely's own pipeline rebuilt the whole statement tree through the camel-case plugin
 * (snake-casing every identifier, on every subquery embedded too), compiled it, and
 * camel-cased every key of every row back: together the largest share of a list
 * request's CPU in JavaScript.
 *
 * Here a list is built on the handle without plugins and compiled as built: a cheap walk
 * whose text names the statement. The first time a text is seen, the plugins' version is
 * compiled once and kept under it. Plugins rename identifiers and never touch values,
 * which that first compile checks (the parameters of both must be the same, or the text
 * is run through Kysely's own pipeline every time).
 *
 * A statement without parameters is prepared (server/db/prepared-statements.ts): its text
 * carries every value, so PostgreSQL plans it once per connection knowing them all. The
 * list engine writes the values that steer a plan and come from small known sets as SQL
 * literals (the caller's companies, booleans, enum values, ids, the page size: see
 * compile.ts); free values (search text, numbers, dates, a cursor, an offset) stay bound
 * parameters, and a page with one is planned with its values on every call, as before.
 */

export interface Statement {
  /** The statement as the database gets it (plugins applied); null: not cacheable. */
  sql: string | null;
  /** Result column → API key (the camel-case plugin's mapping), learnt from the first rows. */
  keys: Map<string, string>;
}

const statements = new LRUCache<string, Statement>({ max: 500 });

/** The same handle without plugins, per handle (a transaction keeps its connection). */
const plainHandles = new WeakMap<object, Kysely<unknown>>();

export function withoutPlugins<D>(db: Kysely<D>): Kysely<D> {
  let plain = plainHandles.get(db);
  if (!plain) {
    plain = db.withoutPlugins() as unknown as Kysely<unknown>;
    plainHandles.set(db, plain);
  }
  return plain as unknown as Kysely<D>;
}

function sameParameters(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
}

/** A statement built on withoutPlugins(db), as the database gets it, and whether it is cacheable. */
export function compileForDatabase<D, DB, TB extends keyof DB, O>(
  db: Kysely<D>,
  query: SelectQueryBuilder<DB, TB, O>,
): { compiled: CompiledQuery; statement: Statement } {
  const node = query.toOperationNode();
  const queryId = createQueryId();
  const built = withoutPlugins(db).getExecutor().compileQuery(node, queryId);
  let statement = statements.get(built.sql);
  if (!statement) {
    const executor = db.getExecutor();
    const compiled = executor.compileQuery(executor.transformQuery(node, queryId), queryId);
    statement = { sql: sameParameters(compiled.parameters, built.parameters) ? compiled.sql : null, keys: new Map() };
    statements.set(built.sql, statement);
  }
  if (statement.sql === null) {
    const executor = db.getExecutor();
    return { compiled: executor.compileQuery(executor.transformQuery(node, queryId), queryId), statement };
  }
  return { compiled: CompiledQuery.raw(statement.sql, [...built.parameters]), statement };
}

export interface PageRows {
  /** The rows, keyed as the plugins would have keyed them, without the set-aside column. */
  rows: Record<string, unknown>[];
  /** The set-aside column's value in the first row (undefined when there is no row). */
  aside: unknown;
}

/**
 * Runs a select built on withoutPlugins(db); `aside` names a column that is returned apart
 * from the rows (the capped count).
 */
export async function executeSelect<D, DB, TB extends keyof DB, O>(
  db: Kysely<D>,
  query: SelectQueryBuilder<DB, TB, O>,
  aside: string,
): Promise<PageRows> {
  const { compiled, statement } = compileForDatabase(db, query);
  if (compiled.parameters.length === 0) markPrepared(compiled.sql);
  const { rows } = await withoutPlugins(db).executeQuery<Record<string, unknown>>(compiled);
  const first = rows[0];
  if (!first) return { rows: [], aside: undefined };
  const columns = Object.keys(first).map((column) => [column, apiKey(statement.keys, column)] as const);
  const kept = columns.filter(([, key]) => key !== aside);
  const asideColumn = columns.find(([, key]) => key === aside)?.[0];
  return {
    rows: rows.map((row) => {
      // Built key by key in one order, so that every row of a page gets the same object shape.
      const out: Record<string, unknown> = {};
      for (const [column, key] of kept) out[key] = row[column];
      return out;
    }),
    aside: asideColumn === undefined ? undefined : first[asideColumn],
  };
}

function apiKey(keys: Map<string, string>, column: string): string {
  let key = keys.get(column);
  if (key === undefined) {
    key = columnKey(column);
    keys.set(column, key);
  }
  return key;
}

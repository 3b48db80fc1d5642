import { CompiledQuery, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import { LRUCache } from "lru-cache";
import type { PagedList } from "../../core/api/paged-response";
import { encodeOrder, type ListQuery, ListQueryError, type Order } from "../../core/domain/list-query";
import type { ListResource } from "../../core/domain/resources";
import { listExactCountLimit } from "../config";
import { HttpError } from "../errors";
import { type ColumnMap, checkOrder, compileFilters } from "./compile";
import { compileForDatabase, executeSelect, withoutPlugins } from "./page-statement";

type CursorValue = string | number | boolean | null;

interface Cursor {
  /** the order the cursor was made for */
  o: string;
  /** the last row's values of each order key, then its id */
  v: CursorValue[];
}

function toCursorValue(value: unknown): CursorValue {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined || value === null) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  return String(value);
}

/** The cursor after a row: its values of the order keys, then its id. */
function encodeCursor(values: readonly unknown[], id: unknown, order: readonly Order[]): string {
  const cursor: Cursor = { o: encodeOrder(order), v: [...values.map(toCursorValue), String(id)] };
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(raw: string, order: readonly Order[]): CursorValue[] {
  try {
    const cursor = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Cursor;
    if (cursor.o === encodeOrder(order) && Array.isArray(cursor.v) && cursor.v.length === order.length + 1) {
      return cursor.v;
    }
  } catch {
    // fall through to the error below
  }
  throw new ListQueryError([{ id: "after", error: "The cursor is invalid or was made for another order" }]);
}

/**
 * Keyset condition "strictly after this row" for ORDER BY k1 d1 [NULLS LAST], …, id:
 * the OR over i of (k1 = v1 AND … AND k(i-1) = v(i-1) AND ki after vi).
 */
interface SortKey {
  column: RawBuilder<unknown>;
  desc: boolean;
  nullable: boolean;
}

function afterCondition(keys: SortKey[], values: CursorValue[]): RawBuilder<SqlBool> {
  // Every key in one direction and none missing (the default created desc, id desc): one
  // row comparison, which PostgreSQL uses as an index bound (the OR form below is only a
  // filter, read row by row from the start of the index).
  const direction = keys[0]?.desc;
  if (keys.every((k) => k.desc === direction && !k.nullable) && values.every((v) => v !== null)) {
    const columns = sql.join(keys.map((k) => k.column));
    const bound = sql.join(values.map((v) => sql`${v}`));
    return direction ? sql<SqlBool>`(${columns}) < (${bound})` : sql<SqlBool>`(${columns}) > (${bound})`;
  }
  const ors: RawBuilder<SqlBool>[] = [];
  for (let i = 0; i < keys.length; i++) {
    const ands: RawBuilder<SqlBool>[] = [];
    for (let j = 0; j < i; j++) {
      const { column } = keys[j] as (typeof keys)[number];
      const v = values[j] ?? null;
      ands.push(v === null ? sql<SqlBool>`${column} is null` : sql<SqlBool>`${column} = ${v}`);
    }
    const { column, desc, nullable } = keys[i] as SortKey;
    const v = values[i] ?? null;
    if (v === null) continue; // nothing sorts after a null (nulls are last) but other nulls, via later keys
    const past = desc ? sql<SqlBool>`${column} < ${v}` : sql<SqlBool>`${column} > ${v}`;
    ands.push(nullable ? sql<SqlBool>`(${past} or ${column} is null)` : past);
    ors.push(sql<SqlBool>`(${sql.join(ands, sql` and `)})`);
  }
  return ors.length ? sql<SqlBool>`(${sql.join(ors, sql` or `)})` : sql<SqlBool>`false`;
}

/** Any select over any tables: the count base's tables differ from the base's (fewer joins). */
// biome-ignore lint/suspicious/noExplicitAny: only its from and where clauses are used, and those are SQL the filters also apply to the base.
type AnySelect = SelectQueryBuilder<any, any, unknown>;

export interface ListOptions<D> {
  resource: ListResource;
  columns: ColumnMap;
  query: ListQuery;
  /**
   * The base's rows without the joins only its select needs (same aliases for every
   * filterable column), for the capped count; the base itself when omitted.
   */
  countBase?: (db: Kysely<D>) => AnySelect;
}

/** A list page's statement, and what its answer needs besides the rows. */
interface PageQuery<DB, TB extends keyof DB, O> {
  /** Ordered, filtered, past the cursor or offset; without its limit and the capped count. */
  page: SelectQueryBuilder<DB, TB, O>;
  /** The rows the total counts. */
  counted: AnySelect;
  query: ListQuery;
  offset: number;
}

function buildPage<D, DB, TB extends keyof DB, O>(
  db: Kysely<D>,
  base: (db: Kysely<D>) => SelectQueryBuilder<DB, TB, O>,
  { resource, columns, query, countBase }: ListOptions<D>,
): PageQuery<DB, TB, O> {
  const conditions = compileFilters(resource, columns, query.filters, query.order[0]?.key);
  checkOrder(resource, columns, query.order);
  const idColumn = columns.id;
  if (!idColumn) throw new Error(`Resource ${resource.name} has no id column`);

  const plain = withoutPlugins(db);
  let filtered = base(plain);
  for (const c of conditions) filtered = filtered.where(c);
  let counted: AnySelect = countBase ? countBase(plain) : filtered;
  if (countBase) for (const c of conditions) counted = counted.where(c);

  const keys: SortKey[] = [
    ...query.order.map((o) => ({
      column: columns[o.key] as RawBuilder<unknown>,
      desc: o.direction === "desc",
      nullable: resource.fields[o.key]?.nullable === true,
    })),
    { column: idColumn, desc: query.order[0]?.direction !== "asc", nullable: false },
  ];
  let page = filtered;
  // NULLS LAST only where values can be missing: on NOT NULL keys it would stop PostgreSQL
  // from walking the (company, archived, created desc, id desc) index and make it sort.
  for (const k of keys) {
    page = page.orderBy(
      sql`${k.column} ${sql.raw(k.desc ? "desc" : "asc")}${sql.raw(k.nullable ? " nulls last" : "")}`,
    );
  }

  const offset = (query.pageNumber - 1) * query.pageSize;
  if (query.after) page = page.where(afterCondition(keys, decodeCursor(query.after, query.order)));
  else if (offset > 0) page = page.offset(offset);
  return { page, counted, query, offset };
}

/**
 * The capped count rides in the page's own statement (one round trip, not two): a scalar
 * subquery PostgreSQL evaluates once. One row more than asked tells whether there is a
 * next page. The page size is a literal (see page-statement.ts): a limit PostgreSQL
 * cannot see makes it plan for 10 % of the rows.
 */
function withCount<DB, TB extends keyof DB, O>({ page, counted, query }: PageQuery<DB, TB, O>) {
  return page.select(cappedCount(counted).as(CAPPED_TOTAL)).limit(sql.lit(query.pageSize + 1));
}

/**
 * The list's total from the page's capped count. An empty page carries no count: for
 * page 1 without a cursor the list is empty; otherwise the count is asked on its own.
 * Throws 416 for a page past the end.
 */
async function totalOf<D, DB, TB extends keyof DB, O>(
  db: Kysely<D>,
  { counted, query, offset }: PageQuery<DB, TB, O>,
  rows: number,
  aside: unknown,
): Promise<{ total: number; estimated: boolean }> {
  const capped = rows ? Number(aside) : !query.after && query.pageNumber === 1 ? 0 : undefined;
  const { total, estimated } =
    capped === undefined ? await countDocuments(db, counted) : await totalFromCapped(db, capped, counted);
  if (!query.after && query.pageNumber > 1 && offset >= total && !estimated) {
    throw new HttpError(416, `Page ${query.pageNumber} is past the end of the list (${total} documents)`);
  }
  // With an estimated total the 416 is known only once the page comes back empty.
  if (estimated && !query.after && query.pageNumber > 1 && rows === 0) {
    throw new HttpError(416, `Page ${query.pageNumber} is past the end of the list (about ${total} documents)`);
  }
  return { total, estimated };
}

/**
 * Runs a list query on a base select (already scoped to the caller's companies and
 * selecting the API row shape, whose field names are the list keys). The base is built
 * by runList, on the handle without plugins (page-statement.ts).
 */
export async function runList<D, DB, TB extends keyof DB, O extends { id: string }>(
  db: Kysely<D>,
  base: (db: Kysely<D>) => SelectQueryBuilder<DB, TB, O>,
  options: ListOptions<D>,
): Promise<PagedList<O>> {
  const built = buildPage(db, base, options);
  const { query } = built;
  // A list counted past the limit a moment ago is not counted again while its estimate is
  // kept: its total would be that estimate either way (see estimates).
  const limit = exactCountLimit();
  const knownLong = estimates.has(estimateKey(compileForDatabase(db, bareQuery(built.counted)).compiled, limit));
  const statement = knownLong ? built.page.limit(sql.lit(query.pageSize + 1)) : withCount(built);
  const { rows, aside } = await executeSelect(db, statement, CAPPED_TOTAL);
  const { total, estimated } = await totalOf(db, built, rows.length, knownLong ? limit + 1 : aside);
  const data = rows.slice(0, query.pageSize) as unknown as O[];
  const last = data[data.length - 1] as Record<string, unknown> | undefined;
  const after =
    rows.length > query.pageSize && last
      ? encodeCursor(
          query.order.map((o) => last[o.key]),
          last.id,
          query.order,
        )
      : null;
  return estimated
    ? { data, totalDocuments: total, totalIsEstimate: true, after }
    : { data, totalDocuments: total, after };
}

/** LIST_EXACT_COUNT_LIMIT (server/config.ts), read on every call so that tests can lower it. */
const exactCountLimit = () => listExactCountLimit();

/** The page rows' extra column holding the capped count (dropped before they are returned). */
const CAPPED_TOTAL = "cappedTotalOfList";

/** The query's matching rows without its select and order, for counting and estimating. */
function bareQuery<DB, TB extends keyof DB, O>(filtered: SelectQueryBuilder<DB, TB, O>) {
  return filtered.clearSelect().clearOrderBy().select(sql<number>`1`.as("one"));
}

/**
 * count(*) over at most limit + 1 matching rows: it stops there, whatever the list's
 * length (on label_reports alone, an index-only walk: see countBase).
 */
function cappedCount<DB, TB extends keyof DB, O>(filtered: SelectQueryBuilder<DB, TB, O>): RawBuilder<string> {
  return sql<string>`(select count(*) from (${bareQuery(filtered).limit(sql.lit(exactCountLimit() + 1))}) as capped)`;
}

/**
 * totalDocuments without counting a million rows: the capped count, exact when it is no
 * more than the limit; otherwise the row estimate of the planner for the same filtered
 * query (EXPLAIN, no execution), raised to at least limit + 1 so that "about N" never
 * reads smaller than a list known to be longer.
 */
async function totalFromCapped<D, DB, TB extends keyof DB, O>(
  db: Kysely<D>,
  capped: number,
  filtered: SelectQueryBuilder<DB, TB, O>,
): Promise<{ total: number; estimated: boolean }> {
  const limit = exactCountLimit();
  if (capped <= limit) return { total: capped, estimated: false };
  const { compiled } = compileForDatabase(db, bareQuery(filtered));
  const key = estimateKey(compiled, limit);
  let rows = estimates.get(key);
  if (rows === undefined) {
    const explained = await withoutPlugins(db).executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
    );
    rows = planRows(explained.rows);
    estimates.set(key, rows);
  }
  return { total: Math.max(limit + 1, rows), estimated: true };
}

/**
 * The planner's row estimates of recent long lists, kept for a few seconds: paging through
 * a list asks for the same filtered query's estimate on every page, and the estimate
 * follows the table's statistics, which change far more slowly than that. An entry also
 * says that the list was longer than the limit it is keyed with: runList skips the capped
 * count while the entry lives (on PGlite that count was a third of a long list's page), so
 * a list that shrinks under the limit is shown exactly at most that many seconds later.
 */
const estimates = new LRUCache<string, number>({ max: 1_000, ttl: 10_000 });

function estimateKey(bare: CompiledQuery, limit: number): string {
  return `${limit}\n${bare.sql}\n${JSON.stringify(bare.parameters)}`;
}

/** The capped count on its own, for a page that came back empty (see runList). */
async function countDocuments<D, DB, TB extends keyof DB, O>(
  db: Kysely<D>,
  filtered: SelectQueryBuilder<DB, TB, O>,
): Promise<{ total: number; estimated: boolean }> {
  // The count rides on the first matching row of the same query; no matching row, no row
  // back, a total of 0.
  const { aside } = await executeSelect(
    db,
    filtered.clearSelect().clearOrderBy().select(cappedCount(filtered).as("n")).limit(sql.lit(1)),
    "n",
  );
  return totalFromCapped(db, Number(aside ?? 0), filtered);
}

/** The top node's row estimate of an EXPLAIN (FORMAT JSON) answer (text or parsed, by driver). */
function planRows(rows: Record<string, unknown>[]): number {
  const raw = rows[0]?.["QUERY PLAN"];
  const doc = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan?: { "Plan Rows"?: number } }[] | undefined;
  return Math.round(doc?.[0]?.Plan?.["Plan Rows"] ?? 0);
}

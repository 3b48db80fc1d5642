import { type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import type { Db } from "../../server/db/index";

/**
 * Copies every row of every table of one database into another that has the same
 * migrations and no rows, and checks the counts. Generic: tables, columns, keys and the
 * order come from the catalog, so a new migration needs no change here.
 *
 * - Exact values: every column is read as PostgreSQL's own text form and cast back by
 *   the target (timestamps keep their microseconds, reals their digits, json its text,
 *   arrays and bigints as they are); nothing goes through JavaScript dates or numbers.
 * - Order: parents before children (foreign keys); a table that points at itself
 *   (companies.parent_id) is inserted with those columns empty and then updated.
 * - Batches of `batchRows` rows, in primary-key order (keyset, never OFFSET).
 * - One transaction on each side: the source is read from one snapshot and the target
 *   gets all or nothing. The target's own triggers are off during the copy (the chart
 *   rollups are copied as rows, not recomputed) and restored to their mode afterwards.
 * - Identity sequences continue where the source's stopped.
 */

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

export interface CopyOptions {
  batchRows?: number;
  log?: (line: string) => void;
}

/** Kysely's bookkeeping: the target's own migrations write it. */
const SKIPPED_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);

interface Column {
  name: string;
  type: string;
  identity: string;
  generated: string;
  notNull: boolean;
}

interface TableShape {
  name: string;
  columns: Column[];
  primaryKey: string[];
  /** Columns of foreign keys to the same table. */
  selfColumns: string[];
  parents: Set<string>;
}

// Raw SQL on the catalog: no CamelCasePlugin in the way of snake_case names.
type Raw = Kysely<unknown> | Transaction<unknown>;

function plain(db: Db): Kysely<unknown> {
  return db.withoutPlugins() as unknown as Kysely<unknown>;
}

async function rows<R>(db: Raw, query: RawBuilder<unknown>): Promise<R[]> {
  return (await query.execute(db)).rows as R[];
}

async function readShapes(db: Raw): Promise<TableShape[]> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
  );
  const columns = await rows<{ table: string } & Column>(
    db,
    sql`select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
               a.attidentity::text as identity, a.attgenerated::text as generated, a.attnotnull as "notNull"
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
        order by c.relname, a.attnum`,
  );
  const keys = await rows<{ table: string; column: string }>(
    db,
    sql`select c.relname as table, a.attname as column
        from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where n.nspname = 'public' and i.indisprimary
        order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
  );
  const foreignKeys = await rows<{ child: string; parent: string; column: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent, a.attname as column
        from pg_constraint con
        join pg_class child on child.oid = con.conrelid join pg_class parent on parent.oid = con.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = any(con.conkey)
        where n.nspname = 'public' and con.contype = 'f'`,
  );
  return tables
    .filter((t) => !SKIPPED_TABLES.has(t.name))
    .map((t) => {
      const fks = foreignKeys.filter((fk) => fk.child === t.name);
      return {
        name: t.name,
        columns: columns.filter((c) => c.table === t.name && c.generated === ""),
        primaryKey: keys.filter((k) => k.table === t.name).map((k) => k.column),
        selfColumns: [...new Set(fks.filter((fk) => fk.parent === t.name).map((fk) => fk.column))],
        parents: new Set(fks.filter((fk) => fk.parent !== t.name).map((fk) => fk.parent)),
      };
    });
}

/** Parents first; ties by name so every run copies in the same order. */
function foreignKeyOrder(shapes: TableShape[]): TableShape[] {
  const byName = new Map(shapes.map((s) => [s.name, s]));
  const done = new Set<string>();
  const ordered: TableShape[] = [];
  while (ordered.length < shapes.length) {
    const ready = shapes.filter((s) => !done.has(s.name) && [...s.parents].every((p) => done.has(p) || !byName.has(p)));
    if (ready.length === 0) {
      const left = shapes.filter((s) => !done.has(s.name)).map((s) => s.name);
      throw new Error(`Foreign keys form a cycle between ${left.join(", ")}: no order to copy them in.`);
    }
    for (const s of ready) {
      done.add(s.name);
      ordered.push(s);
    }
  }
  return ordered;
}

const ident = (name: string) => sql.id(name);
// Types come from format_type() of the catalog, never from input.
const cast = (type: string) => sql.raw(type);

async function countRows(db: Raw, table: string): Promise<number> {
  const [row] = await rows<{ n: string }>(db, sql`select count(*)::text as n from ${ident(table)}`);
  return Number(row?.n ?? 0);
}

function checkSameShape(source: TableShape[], target: TableShape[]): void {
  const targetByName = new Map(target.map((t) => [t.name, t]));
  for (const table of source) {
    const other = targetByName.get(table.name);
    if (!other) throw new Error(`The target has no table ${table.name}: are both on the same migrations?`);
    const missing = table.columns.filter((c) => !other.columns.some((o) => o.name === c.name && o.type === c.type));
    if (missing.length) {
      throw new Error(`The target's ${table.name} lacks ${missing.map((c) => `${c.name} ${c.type}`).join(", ")}.`);
    }
    if (table.primaryKey.length === 0) throw new Error(`${table.name} has no primary key to copy it in batches.`);
    const notNullSelf = table.columns.filter((c) => table.selfColumns.includes(c.name) && c.notNull);
    if (notNullSelf.length)
      throw new Error(`${table.name}.${notNullSelf[0]?.name} points at its own table and is required.`);
  }
}

async function copyTable(src: Raw, dst: Raw, table: TableShape, batchRows: number): Promise<number> {
  const { columns } = table;
  const alias = (i: number) => ident(`c${i}`);
  // Column i of the unnested text arrays, cast back to its own type.
  const typed = (i: number) => sql`u.${alias(i)}::${cast(columns[i]?.type ?? "text")}`;
  const nameOf = (i: number) => ident(columns[i]?.name ?? "");
  const indexOf = (name: string) => columns.findIndex((c) => c.name === name);
  const keyIndex = table.primaryKey.map(indexOf);
  const selfIndex = table.selfColumns.map(indexOf);
  const selected = sql.join(columns.map((c, i) => sql`${ident(c.name)}::text as ${alias(i)}`));
  const keyColumns = sql.join(table.primaryKey.map(ident));
  const overriding = columns.some((c) => c.identity === "a") ? sql`overriding system value` : sql``;
  const textArrays = (arrays: (string | null)[][]) => sql.join(arrays.map((v) => sql`${v}::text[]`));

  /** Per batch, the key and self-pointing columns of the rows that point at a row of their table. */
  const deferred: (string | null)[][][] = [];
  let last: (string | null)[] | undefined;
  let copied = 0;
  for (;;) {
    const after = last
      ? sql`where (${keyColumns}) > (${sql.join(
          keyIndex.map((ci, i) => sql`${last?.[i] ?? null}::${cast(columns[ci]?.type ?? "text")}`),
        )})`
      : sql``;
    const batch = await rows<Record<string, string | null>>(
      src,
      sql`select ${selected} from ${ident(table.name)} ${after} order by ${keyColumns} limit ${batchRows}`,
    );
    if (batch.length === 0) break;
    const cell = (row: Record<string, string | null>, i: number) => row[`c${i}`] ?? null;
    const values = columns.map((_, i) => batch.map((row) => (selfIndex.includes(i) ? null : cell(row, i))));
    await sql`insert into ${ident(table.name)} (${sql.join(columns.map((c) => ident(c.name)))}) ${overriding}
              select ${sql.join(columns.map((_, i) => typed(i)))}
              from unnest(${textArrays(values)}) as u(${sql.join(columns.map((_, i) => alias(i)))})`.execute(dst);
    const pointing = batch.filter((row) => selfIndex.some((i) => cell(row, i) !== null));
    if (pointing.length) deferred.push([...keyIndex, ...selfIndex].map((i) => pointing.map((row) => cell(row, i))));
    copied += batch.length;
    const lastRow = batch[batch.length - 1] ?? {};
    last = keyIndex.map((i) => cell(lastRow, i));
    if (batch.length < batchRows) break;
  }
  // Now that every row of the table is there, the ones pointing at another get their pointer.
  for (const arrays of deferred) {
    const sets = sql.join(selfIndex.map((i) => sql`${nameOf(i)} = ${typed(i)}`));
    const match = sql.join(
      keyIndex.map((i) => sql`t.${nameOf(i)} = ${typed(i)}`),
      sql` and `,
    );
    const names = sql.join([...keyIndex, ...selfIndex].map(alias));
    await sql`update ${ident(table.name)} as t set ${sets} from unnest(${textArrays(arrays)}) as u(${names})
              where ${match}`.execute(dst);
  }
  return copied;
}

interface Trigger {
  table: string;
  name: string;
  enabled: string;
}

const ENABLE: Record<string, string> = { O: "enable trigger", A: "enable always trigger", R: "enable replica trigger" };

async function userTriggers(db: Raw): Promise<Trigger[]> {
  return rows<Trigger>(
    db,
    sql`select c.relname as table, t.tgname as name, t.tgenabled::text as enabled
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and not t.tgisinternal and t.tgenabled <> 'D'
        order by c.relname, t.tgname`,
  );
}

async function copySequences(src: Raw, dst: Raw): Promise<void> {
  const sequences = await rows<{ name: string; last: string | null }>(
    src,
    sql`select sequencename as name, last_value::text as last from pg_sequences where schemaname = 'public'`,
  );
  for (const sequence of sequences) {
    if (sequence.last === null) continue;
    await sql`select setval(format('public.%I', ${sequence.name}::text)::regclass, ${sequence.last}::bigint, true)`.execute(
      dst,
    );
  }
}

/** Copies everything; throws (and the target keeps nothing) when the target has rows or the counts differ. */
export async function copyDatabase(sourceDb: Db, targetDb: Db, options: CopyOptions = {}): Promise<TableCount[]> {
  const batchRows = options.batchRows ?? 5_000;
  const log = options.log ?? (() => {});
  const source = plain(sourceDb);
  const target = plain(targetDb);
  const tables = foreignKeyOrder(await readShapes(source));
  checkSameShape(tables, await readShapes(target));

  const occupied: string[] = [];
  for (const table of tables) {
    const n = await countRows(target, table.name);
    if (n > 0) occupied.push(`${table.name} (${n})`);
  }
  if (occupied.length) throw new Error(`The target is not empty: ${occupied.join(", ")}. Copy into an empty database.`);

  await source.transaction().execute(async (src) => {
    // One snapshot of the source, and its text forms exact and unambiguous.
    await sql`set transaction isolation level repeatable read, read only`.execute(src);
    await sql`set local datestyle = 'ISO'`.execute(src);
    await sql`set local intervalstyle = 'postgres'`.execute(src);
    await sql`set local extra_float_digits = 3`.execute(src);
    await target.transaction().execute(async (dst) => {
      const triggers = await userTriggers(dst);
      for (const t of triggers) await sql`alter table ${ident(t.table)} disable trigger ${ident(t.name)}`.execute(dst);
      for (const table of tables) {
        const started = performance.now();
        const n = await copyTable(src, dst, table, batchRows);
        log(
          `${table.name}: ${n.toLocaleString("en-US")} rows (${((performance.now() - started) / 1000).toFixed(1)} s)`,
        );
      }
      await copySequences(src, dst);
      for (const t of triggers) {
        await sql`alter table ${ident(t.table)} ${sql.raw(ENABLE[t.enabled] ?? "enable trigger")} ${ident(t.name)}`.execute(
          dst,
        );
      }
    });
  });

  const counts: TableCount[] = [];
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) {
    counts.push({
      table: table.name,
      source: await countRows(source, table.name),
      target: await countRows(target, table.name),
    });
  }
  const differ = counts.filter((c) => c.source !== c.target);
  if (differ.length) {
    throw new Error(
      `Row counts differ after the copy: ${differ.map((c) => `${c.table} ${c.source} → ${c.target}`).join(", ")}`,
    );
  }
  await sql`analyze`.execute(target);
  return counts;
}

/** The per-table counts as a small text table. */
export function formatCounts(counts: TableCount[]): string {
  const width = Math.max(5, ...counts.map((c) => c.table.length));
  const lines = [`${"table".padEnd(width)}  ${"source".padStart(10)}  ${"target".padStart(10)}`];
  for (const c of counts) {
    lines.push(
      `${c.table.padEnd(width)}  ${c.source.toLocaleString("en-US").padStart(10)}  ${c.target.toLocaleString("en-US").padStart(10)}${c.source === c.target ? "" : "  DIFFERS"}`,
    );
  }
  return lines.join("\n");
}

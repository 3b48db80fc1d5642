import { sql } from "kysely";
import type { Db } from "../../../server/db/index";

/**
 * One hash per table of every row's text, in a stable order: equal fingerprints before
 * and after a request mean the request changed nothing in the database.
 */
export async function databaseFingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = 'public' order by tablename`.execute(db);
  const parts = tables.rows.map(
    ({ name }) =>
      sql`select ${name}::text as name, md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as hash
          from ${sql.table(name)} t`,
  );
  if (parts.length === 0) return {};
  const rows = await sql<{ name: string; hash: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return Object.fromEntries(rows.rows.map((r) => [r.name, r.hash]));
}

/** The tables whose contents differ between two fingerprints. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}

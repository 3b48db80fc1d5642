import { type Kysely, sql } from "kysely";

/**
 * A sub-company's name is unique under its parent, case-insensitive and ignoring surrounding
 * blanks (server/companies/sibling-names.ts checks first; this index holds the rule when two
 * saves race). Names that already clash would stop the index from being built: every one
 * after the oldest gets " (2)", " (3)"… and is logged with its id, for its distributor to
 * rename; nothing else changes. The demo seed has no such clash.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: string; parentId: string; name: string }>`
    select id, parent_id as "parentId", name from companies
    where parent_id is not null
    order by parent_id, created, id`.execute(db);
  const taken = new Set<string>();
  const keyOf = (parentId: string, name: string) => `${parentId}:${name.trim().toLowerCase()}`;
  for (const row of rows) taken.add(keyOf(row.parentId, row.name));
  const seen = new Set<string>();
  for (const row of rows) {
    const key = keyOf(row.parentId, row.name);
    if (!seen.has(key)) {
      seen.add(key);
      continue;
    }
    let n = 2;
    while (taken.has(keyOf(row.parentId, `${row.name.trim()} (${n})`))) n++;
    const renamed = `${row.name.trim()} (${n})`;
    taken.add(keyOf(row.parentId, renamed));
    seen.add(keyOf(row.parentId, renamed));
    await sql`update companies set name = ${renamed}, updated = now() where id = ${row.id}`.execute(db);
    console.warn(`Migration 0033-sub-company-names: company ${row.id} renamed "${row.name}" -> "${renamed}"`);
  }
  await sql`create unique index companies_parent_name on companies (parent_id, lower(trim(name)))
    where parent_id is not null`.execute(db);
}

/** The index only; names renamed to make room for it keep their new names. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists companies_parent_name`.execute(db);
}

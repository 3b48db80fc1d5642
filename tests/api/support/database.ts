import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "kysely";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../../server/db/index";
import { migrateToLatest } from "../../../server/db/migrate";
import { adminQuery, databaseUrl } from "./database-template";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default (a copy of the
 * run's template, or one an earlier file of this worker gave back, emptied), or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped after), a copy of
 * the run's template (support/database-template.ts). `migrate` is for a test that needs the
 * schema as it once was: it gets an empty database and runs those migrations itself.
 */
export async function createTestDatabase(
  migrate?: (db: DatabaseHandle["db"]) => Promise<unknown>,
): Promise<DatabaseHandle> {
  const template = inject("databaseTemplate");
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    if (template?.kind !== "pglite") {
      const handle = await openDatabase({});
      await (migrate ?? migrateToLatest)(handle.db);
      return handle;
    }
    if (migrate) {
      const handle = await openDatabase({ loadDataDir: new Blob([readFileSync(template.emptyDump)]) });
      await migrate(handle.db);
      return handle;
    }
    return takeMigratedPglite(template.migratedDump);
  }
  const name = `test_${randomBytes(6).toString("hex")}`;
  const copy = !migrate && template?.kind === "postgres" ? ` template ${template.templateName}` : "";
  await adminQuery(serverUrl, `create database ${name}${copy}`);
  const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name) });
  if (!copy) await (migrate ?? migrateToLatest)(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * Migrated PGlite databases that finished files gave back, emptied, for the next file of
 * the same worker (API files of a worker share modules: vitest.config.ts). Loading the
 * template's 42 MB folder into a new PGlite costs about 2 s of CPU; emptying the tables of
 * one that has the template's schema costs a fraction of that.
 */
const idle: DatabaseHandle[] = [];

/** The migrations' tables, whose rows the template holds; every other table starts empty. */
const MIGRATION_TABLES = ["kysely_migration", "kysely_migration_lock"];

/**
 * What a test could change besides rows: relations, triggers, functions, session settings.
 * A database given back with a signature other than the template's is closed, not reused.
 */
async function schemaSignature(db: DatabaseHandle["db"]): Promise<string> {
  const result = await sql<{ signature: string }>`
    select md5(string_agg(item, ',' order by item)) as signature from (
      select 'r:' || c.relname || ':' || c.relkind::text || ':' || c.relnatts::text as item
        from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'
      union all select 't:' || tgname::text from pg_trigger where not tgisinternal
      union all select 'f:' || p.proname::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public'
      union all select 's:' || name || '=' || setting from pg_settings
        where name in ('TimeZone', 'DateStyle', 'IntervalStyle', 'extra_float_digits', 'search_path',
                       'statement_timeout', 'lock_timeout', 'default_transaction_isolation')
    ) items`.execute(db);
  return result.rows[0]?.signature ?? "";
}

let templateSignature: Promise<string> | null = null;

async function takeMigratedPglite(dump: string): Promise<DatabaseHandle> {
  const reused = idle.pop();
  const handle = reused ?? (await openDatabase({ loadDataDir: new Blob([readFileSync(dump)]) }));
  templateSignature ??= schemaSignature(handle.db);
  await templateSignature;
  return { ...handle, close: () => giveBack(handle) };
}

/** Empties a database a file is done with and keeps it for the next file, or closes it. */
async function giveBack(handle: DatabaseHandle): Promise<void> {
  try {
    if (!handle.pglite || handle.pglite.closed) throw new Error("closed");
    if ((await schemaSignature(handle.db)) !== (await templateSignature)) throw new Error("schema changed");
    const tables = await sql<{ name: string }>`
      select tablename as name from pg_tables where schemaname = 'public'`.execute(handle.db);
    const emptied = tables.rows.map((t) => t.name).filter((name) => !MIGRATION_TABLES.includes(name));
    await sql`truncate table ${sql.join(emptied.map((name) => sql.table(name)))} restart identity cascade`.execute(
      handle.db,
    );
    idle.push(handle);
  } catch {
    await handle.close();
  }
}

import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../../server/db/index";
import { migrateToLatest } from "../../../server/db/migrate";
import { adminQuery, databaseUrl } from "./database-template";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a
 * new database on the PostgreSQL server named by TEST_DATABASE_URL (dropped after).
 * Both are copies of the run's template (support/database-template.ts), made in a
 * fraction of the time of a fresh database. `migrate` is for a test that needs the
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
    const dump = migrate ? template.emptyDump : template.migratedDump;
    const handle = await openDatabase({ loadDataDir: new Blob([readFileSync(dump)]) });
    if (migrate) await migrate(handle.db);
    return handle;
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

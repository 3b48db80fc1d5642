import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../../server/db/index";
import { migrateToLatest } from "../../../server/db/migrate";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a
 * new database on the PostgreSQL server named by TEST_DATABASE_URL (dropped after).
 * `migrate` runs every migration unless a test needs the schema as it once was.
 */
export async function createTestDatabase(
  migrate: (db: DatabaseHandle["db"]) => Promise<unknown> = migrateToLatest,
): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({});
    await migrate(handle.db);
    return handle;
  }
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await migrate(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

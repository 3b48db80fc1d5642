import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { type DatabaseHandle, openDatabase } from "../../../server/db/index";
import { migrateToLatest } from "../../../server/db/migrate";

/** Where each API test file gets its migrated database from (see createTestDatabase). */
export type DatabaseTemplate =
  | { kind: "pglite"; emptyDump: string; migratedDump: string }
  | { kind: "postgres"; serverUrl: string; templateName: string };

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/** A database name on `serverUrl`'s server, as a postgres:// url. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(serverUrl: string, query: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

async function writeDump(handle: DatabaseHandle, file: string): Promise<void> {
  if (!handle.pglite) throw new Error("only an embedded database can be dumped");
  // Uncompressed: every test file loads it, and gunzip would cost each load what it saves on disk.
  const dump = await handle.pglite.dumpDataDir("none");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
}

/**
 * Vitest globalSetup of the `api` project: migrates one database per run, which every
 * test file then copies. A fresh PGlite spends seconds in initdb and the migrations on
 * each of the ~70 databases a run opens; loading a dump of a migrated one takes about one.
 * On PostgreSQL the copy is `CREATE DATABASE … TEMPLATE`, a file copy on the server.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), "api-test-template-"));
    const emptyDump = join(dir, "empty.tar");
    const migratedDump = join(dir, "migrated.tar");
    const handle = await openDatabase({});
    try {
      // The empty one is for the tests that run old migrations themselves: initdb is most of the cost.
      await writeDump(handle, emptyDump);
      await migrateToLatest(handle.db);
      await writeDump(handle, migratedDump);
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    } finally {
      await handle.close();
    }
    project.provide("databaseTemplate", { kind: "pglite", emptyDump, migratedDump });
    return async () => rmSync(dir, { recursive: true, force: true });
  }
  const templateName = `test_template_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${templateName}`);
  const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, templateName) });
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    await adminQuery(serverUrl, `drop database if exists ${templateName} with (force)`);
    throw error;
  }
  // CREATE DATABASE … TEMPLATE refuses a template anyone is still connected to.
  await handle.close();
  project.provide("databaseTemplate", { kind: "postgres", serverUrl, templateName });
  return async () => adminQuery(serverUrl, `drop database if exists ${templateName} with (force)`);
}

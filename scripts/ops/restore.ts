import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { DataDirInUseError, lockDataDir } from "../../server/db/data-dir-lock";
import { openDatabase } from "../../server/db/index";
import { migrateToLatest } from "../../server/db/migrate";
import { isMain, pgliteDirOf, runCli } from "./data-dir";

const USAGE = `Usage: npm run restore -- FILE [--data-dir DIR] [--force]

Unpacks a backup made by \`npm run backup\` into DATA_DIR/pglite, checks that it opens
and brings it to the current migrations. The server must be stopped.

  --data-dir DIR   as DATA_DIR (default: DATA_DIR or ./data)
  --force          replace a database that is there already (it is kept aside as
                   DATA_DIR/pglite.before-restore-<UTC time>)`;

export interface RestoreResult {
  pgliteDir: string;
  /** Where the database that was there before went (--force), if there was one. */
  keptAside?: string;
  migrationsApplied: string[];
  companies: number;
}

function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * Unpacks into a sibling folder first and moves it into place only once it opened and
 * migrated, so a bad file or a crash half-way never leaves a broken database behind.
 */
export async function restoreDatabase(options: {
  file: string;
  pgliteDir: string;
  force?: boolean;
}): Promise<RestoreResult> {
  const pgliteDir = resolve(options.pgliteDir);
  if (!existsSync(options.file)) throw new Error(`No such backup file: ${options.file}`);
  let unlock: () => void;
  try {
    unlock = lockDataDir(pgliteDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      throw new Error(
        `Cannot restore into ${pgliteDir}: it is open in process ${error.holder.pid} (${error.holder.command}). ` +
          "Stop the server first.",
      );
    }
    throw error;
  }
  try {
    if (!isEmptyDir(pgliteDir) && !options.force) {
      throw new Error(`${pgliteDir} holds a database already: restore into an empty DATA_DIR, or pass --force.`);
    }
    const staging = `${pgliteDir}.restoring`;
    rmSync(staging, { recursive: true, force: true });
    let migrationsApplied: string[];
    let companies: number;
    try {
      const tarball = new Blob([readFileSync(options.file)]);
      const database = await openDatabase({ dataDir: staging, loadDataDir: tarball }).catch((error: unknown) => {
        throw new Error(`${options.file} is not a backup this can restore: ${(error as Error).message ?? error}`);
      });
      try {
        migrationsApplied = await migrateToLatest(database.db);
        const row = await sql<{ n: string }>`select count(*) as n from companies`.execute(database.db);
        companies = Number(row.rows[0]?.n ?? 0);
      } finally {
        await database.close();
      }
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw error;
    }
    let keptAside: string | undefined;
    if (!isEmptyDir(pgliteDir)) {
      keptAside = `${pgliteDir}.before-restore-${new Date()
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d+Z$/, "Z")}`;
      renameSync(pgliteDir, keptAside);
    } else {
      rmSync(pgliteDir, { recursive: true, force: true });
    }
    renameSync(staging, pgliteDir);
    return { pgliteDir, ...(keptAside ? { keptAside } : {}), migrationsApplied, companies };
  } finally {
    unlock();
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      "data-dir": { type: "string" },
      force: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const file = positionals[0];
  if (values.help || !file || positionals.length > 1) {
    console.log(USAGE);
    if (!values.help) process.exitCode = 1;
    return;
  }
  const result = await restoreDatabase({ file, pgliteDir: pgliteDirOf(values["data-dir"]), force: values.force });
  if (result.keptAside) console.log(`The database that was there is kept in ${result.keptAside}`);
  if (result.migrationsApplied.length) console.log(`Migrations applied: ${result.migrationsApplied.join(", ")}`);
  console.log(`Restored ${file} into ${result.pgliteDir} (${result.companies} companies).`);
}

if (isMain(import.meta.url)) runCli(main);

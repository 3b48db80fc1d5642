import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { DataDirInUseError } from "../../server/db/data-dir-lock";
import { openDatabase } from "../../server/db/index";
import { hasDatabase, isMain, pgliteDirOf, runCli } from "./data-dir";

const USAGE = `Usage: npm run backup -- [--out FILE] [--data-dir DIR]

Writes a gzipped tarball of the embedded database (DATA_DIR/pglite). The server must be
stopped: PGlite allows one process at a time.

  --out FILE       where to write (default backups/coldchain-<UTC time>.tar.gz)
  --data-dir DIR   as DATA_DIR (default: DATA_DIR or ./data)`;

export interface BackupResult {
  file: string;
  bytes: number;
}

/** backups/coldchain-20261124T170102Z.tar.gz */
export function defaultBackupFile(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return join("backups", `coldchain-${stamp}.tar.gz`);
}

/**
 * A consistent copy of the PGlite folder: it is opened here (so nothing else may have it
 * open, see server/db/data-dir-lock.ts), checkpointed, and dumped as PGlite's own tarball.
 * The file appears only once complete.
 */
export async function backupDatabase(options: { pgliteDir: string; out: string }): Promise<BackupResult> {
  const out = resolve(options.out);
  if (!hasDatabase(options.pgliteDir)) throw new Error(`No database to back up in ${options.pgliteDir}.`);
  if (existsSync(out)) throw new Error(`${out} exists already: choose another --out.`);
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ dataDir: options.pgliteDir });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      throw new Error(
        `Cannot back up ${options.pgliteDir}: it is open in process ${error.holder.pid} (${error.holder.command}). ` +
          "Stop the server first (PGlite allows one process at a time), then run the backup again.",
      );
    }
    throw error;
  }
  try {
    const pglite = database.pglite;
    if (!pglite) throw new Error("not a PGlite database");
    // Everything on disk in the data files, so the restored copy needs no WAL replay.
    await sql`checkpoint`.execute(database.db);
    const tarball = await pglite.dumpDataDir("gzip");
    const bytes = Buffer.from(await tarball.arrayBuffer());
    mkdirSync(dirname(out), { recursive: true });
    const partial = `${out}.partial`;
    try {
      // Owner-only: it holds password hashes and the token signing keys.
      writeFileSync(partial, bytes, { flag: "wx", mode: 0o600 });
      renameSync(partial, out);
    } catch (error) {
      rmSync(partial, { force: true });
      throw error;
    }
    return { file: out, bytes: bytes.length };
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: "string" },
      "data-dir": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const pgliteDir = pgliteDirOf(values["data-dir"]);
  const result = await backupDatabase({ pgliteDir, out: values.out ?? defaultBackupFile() });
  console.log(`Backed up ${pgliteDir} to ${result.file} (${(result.bytes / 1e6).toFixed(1)} MB)`);
}

if (isMain(import.meta.url)) runCli(main);

import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { readConfig } from "../../server/config";

/** The PGlite folder the server uses (server/main.ts): DATA_DIR/pglite, or <--data-dir>/pglite. */
export function pgliteDirOf(dataDirOption: string | undefined): string {
  const config = readConfig(dataDirOption ? { ...process.env, DATA_DIR: dataDirOption } : process.env);
  return join(config.dataDir, "pglite");
}

/** Runs a CLI's main: a failure prints its message (no stack) and exits 1. */
export function runCli(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}

/** True when the module of that URL is the script node was started with (not imported by a test). */
export function isMain(moduleUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && pathToFileURL(resolve(script)).href === moduleUrl;
}

/** Whether a PGlite (PostgreSQL) database lives in that folder. */
export function hasDatabase(pgliteDir: string): boolean {
  return existsSync(join(pgliteDir, "PG_VERSION"));
}

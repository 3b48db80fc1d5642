import { parseArgs } from "node:util";
import { DataDirInUseError } from "../../server/db/data-dir-lock";
import { openDatabase } from "../../server/db/index";
import { migrateToLatest } from "../../server/db/migrate";
import { copyDatabase, formatCounts, type TableCount } from "./copy-database";
import { hasDatabase, isMain, pgliteDirOf, runCli } from "./data-dir";

const USAGE = `Usage: npm run move-to-postgres -- --database-url postgres://… [--data-dir DIR] [--batch-rows N]

Copies the embedded database (DATA_DIR/pglite) into an empty PostgreSQL database: runs
the migrations there, copies every table (accounts, sessions, reports, readings, audit
log, outbox…) in one transaction and compares the row counts of every table. The server
must be stopped. Afterwards start it with DATABASE_URL set to the same URL.

  --database-url URL  the target PostgreSQL database (it must hold no rows of ours)
  --data-dir DIR      as DATA_DIR (default: DATA_DIR or ./data)
  --batch-rows N      rows per insert (default 5000)`;

export async function moveToPostgres(options: {
  pgliteDir: string;
  databaseUrl: string;
  batchRows?: number;
  log?: (line: string) => void;
}): Promise<TableCount[]> {
  const log = options.log ?? (() => {});
  if (!hasDatabase(options.pgliteDir)) throw new Error(`No database to move in ${options.pgliteDir}.`);
  const source = await openDatabase({ dataDir: options.pgliteDir }).catch((error: unknown) => {
    if (error instanceof DataDirInUseError) {
      throw new Error(
        `Cannot read ${options.pgliteDir}: it is open in process ${error.holder.pid} (${error.holder.command}). ` +
          "Stop the server first.",
      );
    }
    throw error;
  });
  try {
    // Both at the same, current schema: the copy matches tables and columns by name.
    await migrateToLatest(source.db);
    const target = await openDatabase({ databaseUrl: options.databaseUrl });
    try {
      const applied = await migrateToLatest(target.db);
      if (applied.length) log(`Migrations applied to the target: ${applied.join(", ")}`);
      return await copyDatabase(source.db, target.db, {
        ...(options.batchRows ? { batchRows: options.batchRows } : {}),
        log,
      });
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      "database-url": { type: "string" },
      "data-dir": { type: "string" },
      "batch-rows": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const databaseUrl = values["database-url"];
  if (values.help || !databaseUrl) {
    console.log(USAGE);
    if (!values.help) process.exitCode = 1;
    return;
  }
  const batchRows = values["batch-rows"] === undefined ? undefined : Number(values["batch-rows"]);
  if (batchRows !== undefined && !(Number.isInteger(batchRows) && batchRows > 0)) {
    throw new Error("--batch-rows must be a whole number above 0");
  }
  const pgliteDir = pgliteDirOf(values["data-dir"]);
  console.log(`Copying ${pgliteDir} to ${new URL(databaseUrl).host}${new URL(databaseUrl).pathname}…`);
  const counts = await moveToPostgres({
    pgliteDir,
    databaseUrl,
    ...(batchRows ? { batchRows } : {}),
    log: (line) => console.log(`  ${line}`),
  });
  console.log(`\n${formatCounts(counts)}\n`);
  console.log("Every table has the same number of rows. Sessions were copied too: people stay signed in.");
  console.log(`Start the server with DATABASE_URL=${databaseUrl.replace(/\/\/[^@/]*@/, "//…@")}`);
}

if (isMain(import.meta.url)) runCli(main);

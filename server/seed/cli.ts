import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type Kysely, sql } from "kysely";
import { readConfigWith } from "../config";
import { openDatabase } from "../db/index";
import { migrateToLatest } from "../db/migrate";
import { createListOrderIndexes, dropListOrderIndexes } from "../db/migrations/0008-label-report-orders";
import type { Database } from "../db/schema";
import {
  insertMeasurementBatch,
  insertReportRows,
  MEASUREMENT_BATCH_ROWS,
  MeasurementBatch,
  REPORT_BATCH_ROWS,
  skipForeignKeyChecks,
} from "./bulk-insert";
import { type SeedProfile, seedDemo } from "./demo";
import { mulberry32, weighted } from "./prng";
import { planReport, type ReportRow } from "./reports";
import { loadWorld } from "./world";

/**
 * Benchmark data: `npm run seed -- --reports N --points M [--database-url URL] [--data-dir DIR]`.
 * Seeds the demo when the database is empty, then adds N reports of M readings each
 * (default 288, one day at 5 minutes; 0 = reports without readings) to the demo
 * companies. Without --reports it only seeds the demo.
 */

const USAGE = `Usage: npm run seed -- [--reports N] [--points M] [--database-url URL] [--data-dir DIR]
                       [--profile full|small] [--seed S]

  --reports N        add N label reports to the existing companies (seeds the demo first if empty)
  --points M         readings per added report (default 288; 0 = no readings)
  --database-url URL PostgreSQL (default: DATABASE_URL)
  --data-dir DIR     PGlite data folder parent, as DATA_DIR (default: DATA_DIR or ./data)
  --profile P        demo profile when the database is empty (default: SEED_PROFILE or full)
  --seed S           random seed of the added reports (default: the number of reports already there)`;

const BATCHES_PER_TRANSACTION = 10;

const BULK_INDEX_REBUILD_ABOVE = 50_000;

function numberOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number >= 0, got '${value}'`);
  return n;
}

function rate(count: number, ms: number): string {
  return ms > 0 ? `${Math.round((count / ms) * 1000).toLocaleString("en-US")}/s` : "-";
}

async function addReports(
  db: Kysely<Database>,
  options: { reports: number; points: number; seed: number },
): Promise<void> {
  const world = await loadWorld(db);
  if (world.length === 0) throw new Error("No company with label presets to add reports to.");
  const entries = world.map((w) => [w.company, w.weight] as const);
  const existing = await db.selectFrom("labelReports").select("labelId").execute();
  const labelIds = new Set(existing.map((r) => r.labelId));
  const rng = mulberry32(options.seed);
  const shape = { pointsPerReport: options.points, minDays: 1, maxDays: 30 };

  const started = performance.now();
  let lastPrint = started;
  let reportsDone = 0;
  let readingsDone = 0;
  while (reportsDone < options.reports) {
    // Several statements per transaction: on PGlite each commit costs about a third of a batch.
    await db.transaction().execute(async (trx) => {
      await skipForeignKeyChecks(trx);
      for (let statements = 0; statements < BATCHES_PER_TRANSACTION && reportsDone < options.reports; statements++) {
        const rows: ReportRow[] = [];
        const batch = new MeasurementBatch();
        while (reportsDone + rows.length < options.reports && rows.length < REPORT_BATCH_ROWS) {
          const { row, series } = planReport(rng, randomUUID(), weighted(rng, entries), labelIds, shape);
          rows.push(row);
          if (series) batch.add(row.id, series);
          if (batch.size >= MEASUREMENT_BATCH_ROWS) break;
        }
        await insertReportRows(trx, rows);
        await insertMeasurementBatch(trx, batch);
        reportsDone += rows.length;
        readingsDone += batch.size;
      }
    });
    const now = performance.now();
    if (now - lastPrint > 5_000 || reportsDone === options.reports) {
      lastPrint = now;
      const elapsed = now - started;
      console.log(
        `  ${reportsDone.toLocaleString("en-US")} / ${options.reports.toLocaleString("en-US")} reports ` +
          `(${rate(reportsDone, elapsed)}), ${readingsDone.toLocaleString("en-US")} readings ` +
          `(${rate(readingsDone, elapsed)}), ${(elapsed / 1000).toFixed(1)} s`,
      );
    }
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      reports: { type: "string" },
      points: { type: "string" },
      "database-url": { type: "string" },
      "data-dir": { type: "string" },
      profile: { type: "string" },
      seed: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const config = readConfigWith({ DATA_DIR: values["data-dir"] });
  const databaseUrl = values["database-url"] ?? config.databaseUrl;
  const reports = numberOption(values.reports, "reports", 0);
  const points = numberOption(values.points, "points", 288);
  const profileOption = values.profile ?? (config.seedProfile === "none" ? "full" : config.seedProfile);
  if (profileOption !== "full" && profileOption !== "small") throw new Error("--profile must be full or small");
  const profile: SeedProfile = profileOption;

  // The same place the server keeps its PGlite database (server/main.ts).
  const pgliteDir = join(config.dataDir, "pglite");
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: pgliteDir });
  console.log(`Database: ${database.kind === "postgres" ? "PostgreSQL" : `PGlite in ${pgliteDir}`}`);
  try {
    await migrateToLatest(database.db);
    const started = performance.now();
    const seeded = await seedDemo(database.db, { profile, log: (line) => console.log(`  ${line}`) });
    console.log(
      seeded
        ? `Demo data (${profile}) seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`
        : "Demo data already there: not seeded again",
    );
    if (reports > 0) {
      const count = await database.db
        .selectFrom("labelReports")
        .select(sql<string>`count(*)`.as("n"))
        .executeTakeFirstOrThrow();
      const seed = numberOption(values.seed, "seed", Number(count.n));
      console.log(`Adding ${reports.toLocaleString("en-US")} reports of ${points} readings (seed ${seed})…`);
      // Ten list indexes cost more than half of a bulk load's time: for a big one they are
      // built once afterwards (and rebuilt even when the load fails half-way).
      const rebuildIndexes = reports >= BULK_INDEX_REBUILD_ABOVE;
      if (rebuildIndexes) await dropListOrderIndexes(database.db);
      try {
        await addReports(database.db, { reports, points, seed });
      } finally {
        if (rebuildIndexes) {
          const indexing = performance.now();
          await createListOrderIndexes(database.db);
          console.log(`List indexes built in ${((performance.now() - indexing) / 1000).toFixed(1)} s`);
        }
      }
      const analyzing = performance.now();
      await sql`analyze label_reports, measurements, shock_events`.execute(database.db);
      console.log(`Planner statistics updated in ${((performance.now() - analyzing) / 1000).toFixed(1)} s`);
    }
  } finally {
    const closing = performance.now();
    await database.close();
    console.log(`Database closed in ${((performance.now() - closing) / 1000).toFixed(1)} s`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

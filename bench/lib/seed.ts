import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../../server/db/index";
import { endReportsAtPlannedEnd } from "../../server/ingest/planned-end";
import { recomputeSummary } from "../../server/reports/summary";
import { MAIN_CUSTOMER_COMPANY } from "../../server/seed/accounts";
import {
  insertMeasurementBatch,
  insertReportRows,
  MEASUREMENT_BATCH_ROWS,
  MeasurementBatch,
  skipForeignKeyChecks,
} from "../../server/seed/bulk-insert";
import { mulberry32, seedFrom } from "../../server/seed/prng";
import { ANCHOR_MS, type CompanyRef, planReport } from "../../server/seed/reports";
import { generateSeries, planSeries, type Series } from "../../server/seed/series";
import { loadWorld } from "../../server/seed/world";

/**
 * Benchmark data, made only with the project's own generators:
 * - the demo (small profile) plus N label reports without readings, by the seed CLI
 *   (`npm run seed -- --reports N --points 0`) run as a child process;
 * - one big report of a fixed number of 1-minute readings, from the same report and
 *   series generators (the CLI caps a report at the demo year, 434,880 readings at
 *   1 minute, so it cannot make this one).
 */

export type SeedTarget = { databaseUrl: string } | { dataDir: string };

/** Runs the seed CLI; its progress lines are printed indented. Resolves to its wall time in ms. */
export async function seedWithCli(root: string, target: SeedTarget, reports: number): Promise<number> {
  const args = ["--import", "tsx", "server/seed/cli.ts", "--profile", "small", "--reports", String(reports)];
  args.push("--points", "0");
  if ("databaseUrl" in target) args.push("--database-url", target.databaseUrl);
  else args.push("--data-dir", target.dataDir);
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let tail = "";
    const forward = (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      tail = (tail + text).slice(-4000);
      for (const line of text.split("\n")) if (line.trim()) console.log(`      seed | ${line.trim()}`);
    };
    child.stdout.on("data", forward);
    child.stderr.on("data", forward);
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`seed CLI failed (${signal ?? `exit ${code}`}):\n${tail}`));
    });
  });
  return performance.now() - started;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface BigReport {
  id: string;
  readings: number;
  startMs: number;
  endMs: number;
  ms: number;
}

/** The readings of `series` from index `from` to `to` (exclusive), with the shocks of that time span. */
function sliceSeries(series: Series, from: number, to: number): Series {
  const firstMs = (series.seconds[from] ?? 0) * 1000;
  const lastMs = to < series.seconds.length ? (series.seconds[to] ?? 0) * 1000 : Number.POSITIVE_INFINITY;
  return {
    seconds: series.seconds.slice(from, to),
    temperature: series.temperature.slice(from, to),
    humidity: series.humidity.slice(from, to),
    battery: series.battery.slice(from, to),
    shocks: series.shocks.filter((s) => s.ms >= firstMs && s.ms < lastMs),
  };
}

/**
 * One ended report of `readings` readings at 1-minute intervals in the main demo
 * customer, ending a day before the demo's "now"; its summary and verdict are then
 * computed from the stored readings by the server's own recomputeSummary.
 */
export async function addBigReport(db: Db, readings: number): Promise<BigReport> {
  const started = performance.now();
  const world = await loadWorld(db);
  const entry = world.find((w) => w.company.name === MAIN_CUSTOMER_COMPANY);
  const base = entry?.company.presets.find((p) => p.temperatureEnabled) ?? entry?.company.presets[0];
  if (!entry || !base) throw new Error(`No preset in ${MAIN_CUSTOMER_COMPANY} for the big report`);
  const preset = { ...base, intervalMinutes: 1, weight: 1 };
  const company: CompanyRef = { ...entry.company, presets: [preset] };

  const rng = mulberry32(seedFrom(`bench:big-report:${readings}`));
  const id = randomUUID();
  // A report row planned as usual (no readings), then made into a long ended report.
  const { row } = planReport(rng, id, company, new Set(), { pointsPerReport: 0, minDays: 1, maxDays: 1 });
  const startMs = Math.floor((ANCHOR_MS - DAY - readings * MINUTE) / MINUTE) * MINUTE;
  const endMs = startMs + (readings - 1) * MINUTE;
  const plan = { ...planSeries(rng, readings, startMs, preset), gaps: 0, warmReadings: 0 };
  const series = generateSeries(rng, preset, plan);
  if (series.seconds.length !== readings) throw new Error(`Planned ${readings} readings, got ${series.seconds.length}`);

  await db.transaction().execute(async (trx) => {
    await skipForeignKeyChecks(trx);
    await insertReportRows(trx, [
      {
        ...row,
        labelId: `LBL-BENCH-${readings}`,
        status: "ended",
        isArchived: false,
        created: new Date(startMs - DAY).toISOString(),
        startTime: new Date(startMs).toISOString(),
        endTime: new Date(endMs).toISOString(),
        intervalMinutes: 1,
        trimStart: null,
        trimEnd: null,
        readingCount: readings,
      },
    ]);
    for (let from = 0; from < readings; from += MEASUREMENT_BATCH_ROWS) {
      const batch = new MeasurementBatch();
      batch.add(id, sliceSeries(series, from, Math.min(readings, from + MEASUREMENT_BATCH_ROWS)));
      await insertMeasurementBatch(trx, batch);
    }
  });
  await recomputeSummary(db, id);
  return { id, readings, startMs, endMs, ms: performance.now() - started };
}

/**
 * Vacuums and analyses the big tables after the bulk load, so every run starts from
 * the state autovacuum would reach (PGlite has no autovacuum daemon; on PostgreSQL it
 * would otherwise start in the middle of a measurement).
 */
export async function settle(db: Db): Promise<number> {
  const started = performance.now();
  await sql`vacuum (analyze) label_reports, measurements, shock_events`.execute(db);
  return performance.now() - started;
}

/**
 * Ends, as the server's planned-end pass would, every recording report whose planned end has
 * passed. The demo is anchored on a fixed day (ANCHOR_MS), so a bulk seed read weeks later
 * holds thousands of such reports (about 5 % of them): a server started on it spends its
 * first pass ending them, which is a one-off catch-up and not the steady state
 * a throughput figure is about. Several passes at once on PostgreSQL (each report is taken
 * a chunk at a time with SKIP LOCKED); PGlite has one connection. Resolves to the number ended.
 */
export async function endOverdueReports(db: Db, passes: number): Promise<number> {
  let total = 0;
  const loop = async () => {
    for (;;) {
      const ended = await endReportsAtPlannedEnd(db, new Date(), { publicUrl: "http://localhost" });
      total += ended;
      if (ended === 0) return;
    }
  };
  await Promise.all(Array.from({ length: passes }, loop));
  return total;
}

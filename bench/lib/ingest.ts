import { sql } from "kysely";
import type { Reading } from "../../core/domain/readings";
import { ruleOfPreset } from "../../core/domain/report-rule";
import type { PresetThresholds } from "../../core/domain/report-summary";
import type { Principal } from "../../server/auth/principal";
import type { Db } from "../../server/db/index";
import { ingestReadings } from "../../server/ingest/ingest-readings";
import { recomputeSummary } from "../../server/reports/summary";
import { type Latency, sample, summarise } from "./stats";

/**
 * Ingestion, straight through ingestReadings (what POST /api/readings
 * runs after parsing; the HTTP and JSON layers are left out) on an empty database of its own:
 * - sustained: `senders` concurrent senders, each sending `batches` appended batches of
 *   `batchSize` readings into its own label;
 * - one 100-reading batch after another into one report: latency per batch;
 * - the summary update's cost against the report's length: 100-reading batches into a
 *   10-reading report and into a long one, alternately (median of each), and one full
 *   recompute of the long report for comparison (what every batch cost before).
 */

export interface IngestSizes {
  senders: number;
  batchSize: number;
  batchesPerSender: number;
  smallBatchWarmup: number;
  smallBatchRuns: number;
  longReportReadings: number;
  flatRuns: number;
}

export const INGEST_SIZES: Record<"full" | "quick", IngestSizes> = {
  full: {
    senders: 8,
    batchSize: 10_000,
    batchesPerSender: 5,
    smallBatchWarmup: 20,
    smallBatchRuns: 300,
    longReportReadings: 500_000,
    flatRuns: 40,
  },
  quick: {
    senders: 8,
    batchSize: 2_000,
    batchesPerSender: 1,
    smallBatchWarmup: 3,
    smallBatchRuns: 30,
    longReportReadings: 20_000,
    flatRuns: 8,
  },
};

interface Sustained {
  readings: number;
  seconds: number;
  perSecond: number;
  batch: Latency;
}

export interface IngestFigures {
  sizes: IngestSizes;
  sustained: Sustained;
  smallBatch: Latency;
  flat: { shortReport: Latency; longReport: Latency; ratio: number; fullRecomputeMs: number };
}

const MINUTE = 60_000;
const START = Date.parse("2026-01-01T00:00:00Z");

const PRESET: PresetThresholds = {
  temperatureEnabled: true,
  temperatureMin: 2,
  temperatureMax: 8,
  humidityEnabled: true,
  humidityMin: 30,
  humidityMax: 70,
  shockEnabled: true,
  shockThresholdG: 5,
  alarmDelayMinutes: 30,
  alarmType: "single",
  intervalMinutes: 1,
  batteryWarningLevel: 20,
};

/** Readings every minute from reading number `from`: a slow wave inside 2–8 °C with a short excursion now and then. */
function readings(from: number, count: number): Reading[] {
  return Array.from({ length: count }, (_, k) => {
    const i = from + k;
    return {
      t: START + i * MINUTE,
      temperature: i % 5000 < 10 ? 9.5 : Math.round((5 + 2 * Math.sin(i / 200)) * 100) / 100,
      humidity: 50 + (i % 7),
      shock: null,
      battery: Math.max(0, 100 - i / 10_000),
    };
  });
}

async function setUp(db: Db) {
  const company = await db
    .insertInto("companies")
    .values({ name: "Bench Ingest", type: "customer", addresses: "[]", billing: "{}" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const preset = await db
    .insertInto("labelPresets")
    .values({ companyId: company.id, name: "Pharma 2-8 °C", slug: "pharma-2-8", ...PRESET })
    .returning(["id", "version"])
    .executeTakeFirstOrThrow();
  const stored = await db.selectFrom("labelPresets").selectAll().where("id", "=", preset.id).executeTakeFirstOrThrow();
  const rule = JSON.stringify(ruleOfPreset(stored, stored.version));
  // ingestReadings reads the caller's company only; authentication is the route's.
  const gateway = { companyId: company.id } as Principal;
  /** A label registered as POST /api/label-reports registers one (empty summary state included). */
  const register = async (labelId: string) => {
    const row = await db
      .insertInto("labelReports")
      .values({
        companyId: company.id,
        presetId: preset.id,
        labelId,
        status: "notStarted",
        intervalMinutes: 1,
        rule,
        presetVersion: stored.version,
        summary: "{}",
        customFields: "{}",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recomputeSummary(db, row.id);
    return row.id;
  };
  return { gateway, register };
}

export async function measureIngest(db: Db, sizes: IngestSizes, log: (line: string) => void): Promise<IngestFigures> {
  const { gateway, register } = await setUp(db);

  // 1. Sustained: every sender appends its batches one after another, all senders at once.
  const sustainedRun = async (): Promise<Sustained> => {
    const labels = Array.from({ length: sizes.senders }, (_, i) => `LBL-INGEST-${i}`);
    for (const label of labels) await register(label);
    // Built before the clock starts, as a gateway's batches exist before it sends them: the
    // senders share the server's two cores, and making readings is not the server's work.
    const batches = Array.from({ length: sizes.batchesPerSender }, (_, b) =>
      readings(b * sizes.batchSize, sizes.batchSize),
    );
    const batchTimes: number[] = [];
    const started = performance.now();
    await Promise.all(
      labels.map(async (label) => {
        for (const batch of batches) {
          const t0 = performance.now();
          const result = await ingestReadings(db, gateway, label, batch);
          batchTimes.push(performance.now() - t0);
          if (result.accepted !== sizes.batchSize) throw new Error(`accepted ${result.accepted} of ${sizes.batchSize}`);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const total = sizes.senders * sizes.batchesPerSender * sizes.batchSize;
    log(`sustained: ${total} readings in ${seconds.toFixed(1)} s = ${(total / seconds).toFixed(0)} readings/s`);
    return { readings: total, seconds, perSecond: total / seconds, batch: summarise(batchTimes) };
  };
  const sustained = await sustainedRun();

  // 2. 100-reading batches, one after another, into one report.
  await register("LBL-INGEST-SMALL");
  let next = 0;
  const small = await sample(
    async () => {
      await ingestReadings(db, gateway, "LBL-INGEST-SMALL", readings(next, 100));
      next += 100;
    },
    { warmup: sizes.smallBatchWarmup, runs: sizes.smallBatchRuns },
  );
  log(`100-reading batch: p50 ${small.latency.p50.toFixed(1)} ms, p99 ${small.latency.p99.toFixed(1)} ms`);

  // 3. Flat in the report's length: a 10-reading report and a long one, loaded the way the
  // seed loads readings (one statement per 50,000) and then summarised once in full.
  await register("LBL-INGEST-SHORT");
  await ingestReadings(db, gateway, "LBL-INGEST-SHORT", readings(0, 10));
  const longId = await register("LBL-INGEST-LONG");
  for (let from = 0; from < sizes.longReportReadings; from += 50_000) {
    const chunk = readings(from, Math.min(50_000, sizes.longReportReadings - from));
    await sql`insert into measurements (report_id, t, temperature, humidity, battery)
      select ${longId}::uuid, t, temp, hum, bat
      from unnest(${chunk.map((r) => new Date(r.t).toISOString())}::timestamptz[], ${chunk.map((r) => r.temperature)}::real[],
                  ${chunk.map((r) => r.humidity)}::real[], ${chunk.map((r) => r.battery)}::real[]) as x(t, temp, hum, bat)`.execute(
      db,
    );
  }
  await db
    .updateTable("labelReports")
    .set({ status: "recording", startTime: new Date(START) })
    .where("id", "=", longId)
    .execute();
  const recomputeStarted = performance.now();
  await recomputeSummary(db, longId);
  const fullRecomputeMs = performance.now() - recomputeStarted;
  log(`long report: ${sizes.longReportReadings} readings stored; full recompute ${fullRecomputeMs.toFixed(0)} ms`);

  // Alternately, so both see the same load on a shared machine.
  const shortTimes: number[] = [];
  const longTimes: number[] = [];
  let shortNext = 10;
  let longNext = sizes.longReportReadings;
  for (let i = 0; i < sizes.flatRuns + 2; i++) {
    let t0 = performance.now();
    await ingestReadings(db, gateway, "LBL-INGEST-SHORT", readings(shortNext, 100));
    if (i >= 2) shortTimes.push(performance.now() - t0);
    shortNext += 100;
    t0 = performance.now();
    await ingestReadings(db, gateway, "LBL-INGEST-LONG", readings(longNext, 100));
    if (i >= 2) longTimes.push(performance.now() - t0);
    longNext += 100;
  }
  const shortReport = summarise(shortTimes);
  const longReport = summarise(longTimes);
  const ratio = longReport.p50 / shortReport.p50;
  log(`100-reading batch into 10 vs ${sizes.longReportReadings} readings: ${ratio.toFixed(2)}x (p50)`);
  return {
    sizes,
    sustained,
    smallBatch: small.latency,
    flat: { shortReport, longReport, ratio, fullRecomputeMs },
  };
}

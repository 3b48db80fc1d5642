import fc from "fast-check";
import { type KyselyPlugin, type QueryId, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Reading } from "../../core/domain/readings";
import { type ReportSummary, summariseReport, violationColumns } from "../../core/domain/report-summary";
import type { Principal } from "../../server/auth/principal";
import { ingestReadings } from "../../server/ingest/ingest-readings";
import { summaryInput } from "../../server/reports/summary";
import { createTestApp, type TestApp } from "./support/app";
import { apiKeyOf, registerLabel } from "./support/ingest";
import { buildWorld, type World } from "./support/world";

/**
 * Ingestion folds each batch into the report's summary instead of
 * reading the whole report again. Whatever the batches and their order, the stored
 * summary must be the one recomputed from all stored readings.
 */

let t: TestApp;
let world: World;
let ingestKey: string;
let presetId: string;
// ingestReadings only reads the caller's company; the rest of a principal is the route's business.
let gateway: Principal;

const MIN = 60_000;
const T0 = Date.parse("2026-11-20T08:00:00Z");

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  ingestKey = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
  const preset = await t.database.db
    .insertInto("labelPresets")
    .values({
      companyId: world.companies.a,
      name: "Incremental",
      slug: "incremental",
      temperatureMin: 2,
      temperatureMax: 8,
      humidityEnabled: true,
      humidityMin: 30,
      humidityMax: 70,
      shockEnabled: true,
      shockThresholdG: 5,
      alarmDelayMinutes: 10,
      alarmType: "cumulative",
      intervalMinutes: 5,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  presetId = preset.id;
  gateway = { companyId: world.companies.a } as Principal;
});
afterAll(async () => t?.close());

async function stored(reportId: string) {
  const row = await t.database.db
    .selectFrom("labelReports")
    .select([
      "summary",
      "readingCount",
      "temperatureViolation",
      "humidityViolation",
      "shockViolation",
      "batteryLow",
      "dataIncomplete",
      "worstSeverity",
    ])
    .where("id", "=", reportId)
    .executeTakeFirstOrThrow();
  const summary = (typeof row.summary === "string" ? JSON.parse(row.summary) : row.summary) as ReportSummary;
  return { ...row, summary };
}

async function recomputed(reportId: string) {
  const input = await summaryInput(t.database.db, reportId);
  return { summary: summariseReport(input), readingCount: input.readings.length };
}

/** Averages and the MKT are sums taken in another order: the stored two decimals may differ by one. */
function expectSameSummary(actual: ReportSummary, expected: ReportSummary) {
  const withoutSums = (s: ReportSummary) => ({
    ...s,
    temperature: { ...s.temperature, average: null, mkt: null },
    humidity: { ...s.humidity, average: null, mkt: null },
  });
  expect(withoutSums(actual)).toEqual(withoutSums(expected));
  for (const channel of ["temperature", "humidity"] as const) {
    for (const field of ["average", "mkt"] as const) {
      const a = actual[channel][field];
      const b = expected[channel][field];
      if (a === null || b === null) expect(a).toBe(b);
      else expect(Math.abs(a - b)).toBeLessThanOrEqual(0.0100001);
    }
  }
}

async function expectIncrementalEqualsRecomputed(reportId: string) {
  const actual = await stored(reportId);
  const expected = await recomputed(reportId);
  expectSameSummary(actual.summary, expected.summary);
  expect(actual.readingCount).toBe(expected.readingCount);
  expect({
    temperatureViolation: actual.temperatureViolation,
    humidityViolation: actual.humidityViolation,
    shockViolation: actual.shockViolation,
    batteryLow: actual.batteryLow,
    dataIncomplete: actual.dataIncomplete,
    worstSeverity: actual.worstSeverity,
  }).toEqual(violationColumns(expected.summary));
}

const reading = fc.record({
  // Hundredths: most are not float4 values, so the fold must use what the database stored.
  temperature: fc.option(
    fc.integer({ min: -200, max: 1200 }).map((v) => v / 100),
    { freq: 8 },
  ),
  humidity: fc.option(fc.integer({ min: 20, max: 80 }), { freq: 5 }),
  shock: fc.option(fc.integer({ min: 1, max: 9 }), { freq: 1 }),
  battery: fc.option(fc.integer({ min: 0, max: 100 }), { freq: 3 }),
});

/** Readings on a 5-minute grid with holes, shuffled, split into batches, some sent twice. */
const scenario = fc
  .uniqueArray(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 40 })
  .chain((slots) => fc.tuple(...slots.map((slot) => reading.map((v): Reading => ({ t: T0 + slot * 5 * MIN, ...v })))))
  .chain((readings) =>
    fc.tuple(
      fc.shuffledSubarray(readings, { minLength: readings.length, maxLength: readings.length }),
      fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 10 }),
      fc.array(fc.nat({ max: readings.length - 1 }), { maxLength: 4 }),
    ),
  )
  .map(([order, sizes, resent]) => {
    const batches: Reading[][] = [];
    for (let i = 0, k = 0; i < order.length; k++) {
      const size = sizes[k % sizes.length] ?? 1;
      batches.push(order.slice(i, i + size));
      i += size;
    }
    resent.forEach((index, k) => {
      const again = order[index];
      const batch = batches[(k * 3) % batches.length];
      if (again && batch) batch.push(again);
    });
    return batches;
  });

let labels = 0;

/** A view of the database that counts the stored readings its queries read back. */
function countingReadings() {
  const measurementQueries = new Set<QueryId>();
  const counter = { rows: 0 };
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (node.kind === "SelectQueryNode" && JSON.stringify(node.from).includes('"measurements"'))
        measurementQueries.add(queryId);
      return node;
    },
    async transformResult({ result, queryId }) {
      if (measurementQueries.has(queryId)) counter.rows += result.rows.length;
      return result;
    },
  };
  return { db: t.database.db.withPlugin(plugin), counter };
}

/** 500 readings every 5 minutes at 5 °C, but for a 20-minute excursion at 12 °C at readings 200–203. */
async function longReport() {
  const labelId = `INC-${++labels}`;
  const { id } = await registerLabel(t, ingestKey, labelId, presetId);
  const readings = Array.from(
    { length: 500 },
    (_, i): Reading => ({
      t: T0 + i * 5 * MIN,
      temperature: i >= 200 && i < 204 ? 12 : 5,
      humidity: 50,
      shock: null,
      battery: 90,
    }),
  );
  await ingestReadings(t.database.db, gateway, labelId, readings);
  return { id, labelId };
}

describe("incremental summary on ingest", () => {
  test("batches in random order, late and re-sent, leave the summary a full recompute gives", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (batches) => {
        const labelId = `INC-${++labels}`;
        const { id } = await registerLabel(t, ingestKey, labelId, presetId);
        for (const batch of batches) await ingestReadings(t.database.db, gateway, labelId, batch);
        await expectIncrementalEqualsRecomputed(id);
      }),
      { numRuns: 25 },
    );
  });

  test("a batch after the last reading reads none of the report's stored readings", async () => {
    const { id, labelId } = await longReport();
    const { db, counter } = countingReadings();
    const next = [{ t: T0 + 500 * 5 * MIN, temperature: 12, humidity: 50, shock: null, battery: 80 }];
    expect((await ingestReadings(db, gateway, labelId, next)).accepted).toBe(1);
    expect(counter.rows).toBe(0);
    const { summary } = await stored(id);
    expect(summary.temperature.excursionCount).toBe(2);
    expect(summary.readingCount).toBe(501);
    await expectIncrementalEqualsRecomputed(id);
  });

  test("a late reading re-reads only the stretch around it, and splits the excursion it falls into", async () => {
    const { id, labelId } = await longReport();
    const { db, counter } = countingReadings();
    // Half way through the excursion (readings 200–203 at 12 °C), 5 °C: two excursions of 10 minutes.
    const late = [{ t: T0 + 201 * 5 * MIN + 2.5 * MIN, temperature: 5, humidity: 50, shock: null, battery: 80 }];
    expect((await ingestReadings(db, gateway, labelId, late)).accepted).toBe(1);
    expect(counter.rows).toBeGreaterThan(0);
    expect(counter.rows).toBeLessThan(100);
    const { summary } = await stored(id);
    expect(summary.temperature.excursionCount).toBe(2);
    expect(summary.temperature.longestExcursionMinutes).toBe(10);
    await expectIncrementalEqualsRecomputed(id);
  });

  test("a report whose rule changed behind the summary's back is recomputed, not folded into", async () => {
    const labelId = `INC-${++labels}`;
    const { id } = await registerLabel(t, ingestKey, labelId, presetId);
    const at = (minute: number, temperature: number): Reading => ({
      t: T0 + minute * MIN,
      temperature,
      humidity: 50,
      shock: null,
      battery: 90,
    });
    await ingestReadings(t.database.db, gateway, labelId, [at(0, 5), at(5, 9), at(10, 9)]);
    // Limits of 2–10 °C make the 9 °C readings in range: a state of 2–8 °C must not be reused.
    await sql`update label_reports set rule = jsonb_set(rule, '{temperatureMax}', '10') where id = ${id}`.execute(
      t.database.db,
    );
    await ingestReadings(t.database.db, gateway, labelId, [at(15, 5)]);
    const { summary } = await stored(id);
    expect(summary.temperature.excursionCount).toBe(0);
    await expectIncrementalEqualsRecomputed(id);
  });

  test("a report with readings but no summary state (stored before the state existed) is rebuilt on its next batch", async () => {
    const labelId = `INC-${++labels}`;
    const { id } = await registerLabel(t, ingestKey, labelId, presetId);
    await ingestReadings(t.database.db, gateway, labelId, [
      { t: T0, temperature: 12, humidity: 50, shock: null, battery: 90 },
    ]);
    await t.database.db.deleteFrom("reportSummaryStates").where("reportId", "=", id).execute();
    await ingestReadings(t.database.db, gateway, labelId, [
      { t: T0 + 5 * MIN, temperature: 12, humidity: 50, shock: null, battery: 90 },
    ]);
    const { summary } = await stored(id);
    expect(summary.temperature.excursionCount).toBe(1);
    expect(summary.temperature.longestExcursionMinutes).toBe(10);
    await expectIncrementalEqualsRecomputed(id);
  });
});

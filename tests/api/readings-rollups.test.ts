import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readSeries, type SeriesPoint } from "../../server/reports/series";
import { createTestApp, type TestApp } from "./support/app";
import { buildWorld, type World } from "./support/world";

/**
 * The chart series read from the rollups (kept by triggers on measurements) must give
 * what the readings give: the same count, minimum and maximum per chart bucket.
 */

let t: TestApp;
let world: World;
let reportId: string;
const START = Date.parse("2026-03-01T00:07:00Z"); // not on a bucket boundary
const MINUTE = 60_000;
const READINGS = 20_000; // about 14 days at 1 minute

/** Readings every minute with a wandering temperature and humidity, a few missing values and a gap. */
async function addReadings(id: string, from: number, count: number, offset = 0) {
  const times: string[] = [];
  const temps: (number | null)[] = [];
  const hums: (number | null)[] = [];
  for (let i = 0; i < count; i++) {
    const k = i + offset;
    if (k >= 5000 && k < 5300) continue; // a 5-hour gap
    times.push(new Date(from + k * MINUTE).toISOString());
    temps.push(k % 997 === 0 ? null : Math.round((5 + 3 * Math.sin(k / 50) + ((k * 7919) % 13) / 10) * 100) / 100);
    hums.push(Math.round((60 + 20 * Math.cos(k / 300)) * 10) / 10);
  }
  await sql`insert into measurements (report_id, t, temperature, humidity, battery)
    select ${id}::uuid, t, temp, hum, 80 from unnest(${times}::timestamptz[], ${temps}::real[], ${hums}::real[]) as x(t, temp, hum)`.execute(
    t.database.db,
  );
}

/** The same chart buckets computed from the readings alone. */
async function fromReadings(id: string, window: { from?: Date; to?: Date }, bucketSeconds: number) {
  const rows = await sql<{
    n: string;
    tmin: number | null;
    tmax: number | null;
    hmin: number | null;
    hmax: number | null;
    t: Date;
  }>`
    select min(t) as t, count(*) as n, min(temperature) as tmin, max(temperature) as tmax,
           min(humidity) as hmin, max(humidity) as hmax
    from measurements
    where report_id = ${id}
      and t >= ${window.from ?? new Date(0)} and t <= ${window.to ?? new Date("9999-01-01T00:00:00Z")}
    group by floor(extract(epoch from t) / ${bucketSeconds})
    order by 1`.execute(t.database.db);
  return rows.rows.map((r) => ({
    t: new Date(r.t).toISOString(),
    n: Number(r.n),
    temperatureMin: r.tmin,
    temperatureMax: r.tmax,
    humidityMin: r.hmin,
    humidityMax: r.hmax,
  }));
}

const shape = (points: SeriesPoint[]) =>
  points.map(({ t, n, temperatureMin, temperatureMax, humidityMin, humidityMax }) => ({
    t,
    n,
    temperatureMin,
    temperatureMax,
    humidityMin,
    humidityMax,
  }));

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 2 });
  reportId = world.reports.a[0] as string;
  // Two statements, the second continuing the first inside a bucket, like the seed's batches.
  await addReadings(reportId, START, 12_345);
  await addReadings(reportId, START, READINGS - 12_345, 12_345);
});
afterAll(async () => t?.close());

describe("chart series from the rollups", () => {
  test("the whole report: the same count, minimum and maximum per bucket as the readings", async () => {
    const series = await readSeries(t.database.db, reportId, {}, 200);
    expect(series.bucketSeconds % 900).toBe(0);
    expect(series.points.length).toBeLessThanOrEqual(200);
    expect(series.total).toBe(READINGS - 300);
    expect(shape(series.points)).toEqual(await fromReadings(reportId, {}, series.bucketSeconds));
  });

  test("a window cutting through buckets at both ends gives the readings' buckets", async () => {
    const window = { from: new Date(START + 1234 * MINUTE + 30_000), to: new Date(START + 9876 * MINUTE + 10_000) };
    const series = await readSeries(t.database.db, reportId, window, 100);
    expect(series.bucketSeconds).toBeGreaterThan(0);
    const raw = await fromReadings(reportId, window, series.bucketSeconds);
    expect(series.total).toBe(raw.reduce((sum, p) => sum + p.n, 0));
    expect(series.from).toBe(raw[0]?.t);
    expect(shape(series.points)).toEqual(raw);
  });

  test("few wide buckets come from the 4-hour level and match the readings", async () => {
    const series = await readSeries(t.database.db, reportId, {}, 20);
    expect(series.bucketSeconds % 14_400).toBe(0);
    expect(series.points.length).toBeLessThanOrEqual(20);
    expect(shape(series.points)).toEqual(await fromReadings(reportId, {}, series.bucketSeconds));
  });

  test("a short window at the 15-minute level matches the readings", async () => {
    const window = { from: new Date(START + 100 * MINUTE + 5000), to: new Date(START + 3100 * MINUTE) };
    const series = await readSeries(t.database.db, reportId, window, 40);
    expect(series.bucketSeconds % 900).toBe(0);
    expect(series.bucketSeconds % 14_400).not.toBe(0);
    expect(shape(series.points)).toEqual(await fromReadings(reportId, window, series.bucketSeconds));
  });

  test("a spike inserted later shows in the series at once", async () => {
    const at = new Date(START + 7777 * MINUTE + 30_000).toISOString();
    await sql`insert into measurements (report_id, t, temperature, humidity, battery) values (${reportId}, ${at}, 42, 50, 80)`.execute(
      t.database.db,
    );
    const series = await readSeries(t.database.db, reportId, {}, 200);
    expect(Math.max(...series.points.map((p) => p.temperatureMax ?? 0))).toBe(42);
  });

  test("deleted and changed readings leave the series", async () => {
    await sql`update measurements set temperature = 30 where report_id = ${reportId} and t = ${new Date(START + 10 * MINUTE).toISOString()}`.execute(
      t.database.db,
    );
    await sql`delete from measurements where report_id = ${reportId} and temperature = 42`.execute(t.database.db);
    const series = await readSeries(t.database.db, reportId, {}, 200);
    expect(Math.max(...series.points.map((p) => p.temperatureMax ?? 0))).toBe(30);
    expect(shape(series.points)).toEqual(await fromReadings(reportId, {}, series.bucketSeconds));
  });
});

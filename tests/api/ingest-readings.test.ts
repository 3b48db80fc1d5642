import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { changedTables, databaseFingerprint } from "./support/db-fingerprint";
import { apiKeyOf, registerLabel, sendReadings, series } from "./support/ingest";
import { buildWorld, type World } from "./support/world";

let t: TestApp;
let world: World;
let ingestA: string;
let ingestB: string;
let readA: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 4 });
  ingestA = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
  ingestB = await apiKeyOf(t.database.db, world.companies.b, ["ingest"]);
  readA = { "api-key": await apiKeyOf(t.database.db, world.companies.a, ["read"]) };
});
afterAll(async () => t?.close());

async function detail(id: string) {
  const res = await t.app.inject({ method: "GET", url: `/api/label-reports/${id}`, headers: readA });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The report's chart rollups as stored, and as its readings give them. */
async function rollups(reportId: string) {
  const stored = await sql<{ w: number; bucket: string; n: number; tmin: number | null; tmax: number | null }>`
    select level_seconds as w, bucket::text as bucket, n, temperature_min as tmin, temperature_max as tmax
    from measurement_rollups where report_id = ${reportId} order by 1, 2`.execute(t.database.db);
  const fresh = await sql<{ w: number; bucket: string; n: number; tmin: number | null; tmax: number | null }>`
    select l.w, to_timestamp(floor(extract(epoch from m.t) / l.w) * l.w)::text as bucket, count(*)::integer as n,
           min(m.temperature) as tmin, max(m.temperature) as tmax
    from measurements m cross join (values (900), (14400)) as l(w)
    where m.report_id = ${reportId} group by l.w, 2 order by 1, 2`.execute(t.database.db);
  return { stored: stored.rows, fresh: fresh.rows };
}

/** A shuffle that is the same on every run. */
function shuffled<T>(items: readonly T[], seed = 7): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

describe("POST /api/readings", () => {
  test("a batch is stored: accepted counts it, the report's count, summary and rollups follow", async () => {
    const { id } = await registerLabel(t, ingestA, "ING-STORE", world.presets.a);
    // 2–8 °C preset: two readings at 12 °C are an excursion.
    const readings = series("2026-11-20T08:00:00Z", 48, 5, (i) => (i === 10 || i === 11 ? 12 : 5));
    const res = await sendReadings(t, ingestA, "ING-STORE", readings);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      reportId: id,
      accepted: 48,
      duplicates: 0,
      reports: [{ reportId: id, accepted: 48, duplicates: 0 }],
    });
    const report = await detail(id);
    expect(report.readingCount).toBe(48);
    expect(report.summary.temperature.max.value).toBe(12);
    expect(report.summary.temperature.excursionCount).toBe(1);
    expect(report.temperatureViolation).toBe(true);
    const { stored, fresh } = await rollups(id);
    expect(stored).toEqual(fresh);
  });

  test("re-sending a batch changes nothing: every reading is a duplicate", async () => {
    await registerLabel(t, ingestA, "ING-AGAIN", world.presets.a);
    const readings = series("2026-11-20T08:00:00Z", 30);
    expect((await sendReadings(t, ingestA, "ING-AGAIN", readings)).json().accepted).toBe(30);
    const before = await databaseFingerprint(t.database.db);
    const again = await sendReadings(t, ingestA, "ING-AGAIN", readings);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ accepted: 0, duplicates: 30 });
    expect(changedTables(before, await databaseFingerprint(t.database.db)).filter((n) => n !== "api_keys")).toEqual([]);
  });

  test("two overlapping batches sent at once store each time once and count the rest as duplicates", async () => {
    // The insert skips stored times with NOT EXISTS under the report's row lock (docs/decisions.md):
    // without the lock both requests would insert the shared times and one would fail on the key.
    const { id } = await registerLabel(t, ingestA, "ING-RACE", world.presets.a);
    const first = series("2026-11-20T08:00:00Z", 200);
    const second = series("2026-11-20T12:00:00Z", 200);
    const shared = first.filter((r) => second.some((s) => s.time === r.time)).length;
    expect(shared).toBeGreaterThan(0);
    const answers = await Promise.all([
      sendReadings(t, ingestA, "ING-RACE", first),
      sendReadings(t, ingestA, "ING-RACE", second),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const counts = answers.map((a) => a.json() as { accepted: number; duplicates: number });
    expect(counts.reduce((n, c) => n + c.accepted, 0)).toBe(400 - shared);
    expect(counts.reduce((n, c) => n + c.duplicates, 0)).toBe(shared);
    expect((await detail(id)).readingCount).toBe(400 - shared);
  });

  test("a time repeated in one batch is stored once and counted as a duplicate", async () => {
    const { id } = await registerLabel(t, ingestA, "ING-TWICE", world.presets.a);
    const [first] = series("2026-11-20T08:00:00Z", 1);
    const sameInstant = { ...first, time: "2026-11-20T09:00:00+01:00", temperature: 7 };
    const res = await sendReadings(t, ingestA, "ING-TWICE", [first, sameInstant]);
    expect(res.json()).toMatchObject({ accepted: 1, duplicates: 1 });
    expect((await detail(id)).readingCount).toBe(1);
  });

  test("readings in any order give the same summary and rollups as in order", async () => {
    const readings = series("2026-11-20T00:00:00Z", 600, 5, (i) => (i >= 200 && i < 215 ? 11 : 4 + (i % 4)));
    const inOrder = await registerLabel(t, ingestA, "ING-ORDERED", world.presets.a);
    const mixed = await registerLabel(t, ingestA, "ING-SHUFFLED", world.presets.a);
    await sendReadings(t, ingestA, "ING-ORDERED", readings);
    const batches = shuffled(readings);
    for (let i = 0; i < batches.length; i += 150) {
      expect((await sendReadings(t, ingestA, "ING-SHUFFLED", batches.slice(i, i + 150))).statusCode).toBe(200);
    }
    const a = await detail(inOrder.id);
    const b = await detail(mixed.id);
    expect(b.summary).toEqual(a.summary);
    expect(b.startTime).toBe(a.startTime);
    expect(b.lastReadingAt).toBe(a.lastReadingAt);
    const rb = await rollups(mixed.id);
    expect(rb.stored).toEqual(rb.fresh);
  });

  test("a late upload of older readings fills the gap: start moves back, the excursion in it counts", async () => {
    const { id } = await registerLabel(t, ingestA, "ING-LATE", world.presets.a);
    const all = series("2026-11-20T00:00:00Z", 100, 5, (i) => (i >= 20 && i < 30 ? 15 : 5));
    await sendReadings(t, ingestA, "ING-LATE", all.slice(50));
    const before = await detail(id);
    expect(before.temperatureViolation).toBe(false);
    const late = await sendReadings(t, ingestA, "ING-LATE", all.slice(0, 50));
    expect(late.json()).toMatchObject({ accepted: 50, duplicates: 0 });
    const after = await detail(id);
    expect(after.startTime).toBe("2026-11-20T00:00:00.000Z");
    expect(after.lastReadingAt).toBe(before.lastReadingAt);
    expect(after.readingCount).toBe(100);
    expect(after.temperatureViolation).toBe(true);
    const { stored, fresh } = await rollups(id);
    expect(stored).toEqual(fresh);
  });

  test("a bad batch is a 400 naming each bad reading, and nothing of it is written", async () => {
    await registerLabel(t, ingestA, "ING-BAD", world.presets.a);
    const readings: Record<string, unknown>[] = series("2026-11-20T08:00:00Z", 10);
    readings[3] = { ...readings[3], time: "yesterday" };
    readings[7] = { ...readings[7], temperature: 150 };
    const before = await databaseFingerprint(t.database.db);
    const res = await sendReadings(t, ingestA, "ING-BAD", readings);
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields.map((f: { id: string }) => f.id)).toEqual([
      "readings.3.time",
      "readings.7.temperature",
    ]);
    expect(changedTables(before, await databaseFingerprint(t.database.db)).filter((n) => n !== "api_keys")).toEqual([]);
  });

  test("an empty batch, a missing label id and more than 10,000 readings are 400", async () => {
    expect((await sendReadings(t, ingestA, "ING-BAD", [])).statusCode).toBe(400);
    const noLabel = await t.app.inject({
      method: "POST",
      url: "/api/readings",
      headers: { "api-key": ingestA },
      payload: { readings: series("2026-11-20T08:00:00Z", 1) },
    });
    expect(noLabel.statusCode).toBe(400);
    expect(noLabel.json().formFields[0].id).toBe("labelId");
    const tooMany = await sendReadings(t, ingestA, "ING-BAD", series("2020-01-01T00:00:00Z", 10_001, 1));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().formFields[0].id).toBe("readings");
  });

  test("10,000 readings in one request are accepted in one go", async () => {
    const { id } = await registerLabel(t, ingestA, "ING-FULL", world.presets.a);
    const readings = series("2026-09-01T00:00:00Z", 10_000, 1).map((r) => ({ ...r, shock: 0 }));
    const res = await sendReadings(t, ingestA, "ING-FULL", readings);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 10_000, duplicates: 0 });
    expect((await detail(id)).readingCount).toBe(10_000);
    // A big re-send overlapping half of what is stored: the new half is accepted, the rest counted as duplicates.
    const overlapping = series("2026-09-04T11:20:00Z", 10_000, 1).map((r) => ({ ...r, shock: 0 }));
    const again = await sendReadings(t, ingestA, "ING-FULL", overlapping);
    expect(again.json()).toMatchObject({ accepted: 5_000, duplicates: 5_000 });
    expect((await detail(id)).readingCount).toBe(15_000);
  });

  test("a shock is stored once with its reading, also when the batch is sent again", async () => {
    const { id } = await registerLabel(t, ingestA, "ING-SHOCK", world.presets.a);
    const readings = [
      { time: "2026-11-20T08:00:00Z", temperature: 5 },
      { time: "2026-11-20T08:05:00Z", temperature: 5, shock: 7.5 },
      { time: "2026-11-20T08:10:00Z", shock: 0 },
    ];
    await sendReadings(t, ingestA, "ING-SHOCK", readings);
    await sendReadings(t, ingestA, "ING-SHOCK", readings);
    const events = await t.app.inject({ method: "GET", url: `/api/label-reports/${id}/shock-events`, headers: readA });
    expect(events.json().map((e: { magnitudeG: number }) => e.magnitudeG)).toEqual([7.5]);
  });

  test("an unknown label is 404 and nothing is written", async () => {
    const res = await sendReadings(t, ingestA, "NO-SUCH-LABEL", series("2026-11-20T08:00:00Z", 3));
    expect(res.statusCode).toBe(404);
  });

  test("another company's label is 404 for a key, and its report is unchanged", async () => {
    await registerLabel(t, ingestB, "ING-B-ONLY", world.presets.b);
    const before = await databaseFingerprint(t.database.db);
    const res = await sendReadings(t, ingestA, "ING-B-ONLY", series("2026-11-20T08:00:00Z", 3));
    expect(res.statusCode).toBe(404);
    expect(changedTables(before, await databaseFingerprint(t.database.db)).filter((n) => n !== "api_keys")).toEqual([]);
  });
});

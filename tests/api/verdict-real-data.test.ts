import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { apiKeyOf, registerLabel, sendReadings } from "./support/ingest";
import { buildWorld, type World } from "./support/world";

/**
 * The verdict on readings as real labels send them, through POST /api/readings, on a
 * "Pharma 2–8 °C" rule (single alarm after 30 min, 5-minute interval, shocks from 3 g).
 */

let t: TestApp;
let world: World;
let ingest: string;
let read: Record<string, string>;
let pharma: string;

const T0 = Date.parse("2026-11-02T10:00:00Z");
const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();
const temp = (minute: number, temperature: number) => ({ time: at(minute), temperature });
const run = (from: number, count: number, every: number, value: number) =>
  Array.from({ length: count }, (_, i) => temp(from + i * every, value));

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  ingest = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
  read = { "api-key": await apiKeyOf(t.database.db, world.companies.a, ["read"]) };
  const row = await t.database.db
    .insertInto("labelPresets")
    .values({
      companyId: world.companies.a,
      name: "Real-data pharma 2-8",
      slug: "real-data-pharma-2-8",
      temperatureMin: 2,
      temperatureMax: 8,
      shockEnabled: true,
      shockThresholdG: 3,
      alarmDelayMinutes: 30,
      alarmType: "single",
      intervalMinutes: 5,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  pharma = row.id;
});
afterAll(async () => t?.close());

async function detail(id: string) {
  const res = await t.app.inject({ method: "GET", url: `/api/label-reports/${id}`, headers: read });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function labelWith(labelId: string, readings: unknown[]) {
  const { id } = await registerLabel(t, ingest, labelId, pharma);
  const res = await sendReadings(t, ingest, labelId, readings);
  expect(res.statusCode).toBe(200);
  return detail(id);
}

describe("the verdict on real label data (POST /api/readings)", () => {
  test("a shock-only reading in the middle of an excursion does not hide the alarm", async () => {
    const report = await labelWith("RD-SHOCK", [...run(0, 7, 5, 9), temp(35, 5), { time: at(17), shock: 3 }]);
    expect(report.summary.temperature.excursionCount).toBe(1);
    expect(report.summary.temperature.longestExcursionMinutes).toBe(35);
    expect(report.temperatureViolation).toBe(true);
    expect(report.shockViolation).toBe(true);
  });

  test("a label logging every minute: 21 minutes above raise no alarm", async () => {
    const report = await labelWith("RD-ONE-MIN", [...run(0, 5, 1, 5), ...run(5, 21, 1, 9), ...run(26, 5, 1, 5)]);
    expect(report.summary.temperature.timeAboveMinutes).toBe(21);
    expect(report.temperatureViolation).toBe(false);
    expect(report.summary.completeness.labelIntervalMinutes).toBe(1);
    expect(report.summary.completeness.intervalMismatch).toBe(true);
  });

  test("a label logging every 9 minutes, out 10:03–10:39, raises the alarm at 10:33", async () => {
    const report = await labelWith("RD-NINE-MIN", [temp(-6, 5), ...run(3, 4, 9, 9), temp(39, 5), temp(48, 5)]);
    expect(report.summary.temperature.longestExcursionMinutes).toBe(36);
    expect(report.temperatureViolation).toBe(true);
    expect(report.summary.temperature.firstTriggered).toBe(at(33));
  });

  test("a report silent for 12 hours in the middle is Incomplete data and found by the list's filter", async () => {
    const report = await labelWith("RD-SILENT", [...run(0, 12, 5, 5), ...run(13 * 60, 12, 5, 5)]);
    expect(report.summary.completeness.state).toBe("incomplete");
    expect(report.summary.overall.verdict).toBe("incomplete");
    expect(report.summary.overall.state).toBe("warning");
    const list = await t.app.inject({
      method: "GET",
      url: "/api/label-reports?filter=dataIncomplete[eq]true&pageSize=100",
      headers: read,
    });
    expect(list.statusCode).toBe(200);
    const ids = (list.json().data as { id: string }[]).map((r) => r.id);
    expect(ids).toContain(report.id);
  });

  test("a report with no readings is No data, never green", async () => {
    const { id } = await registerLabel(t, ingest, "RD-EMPTY", pharma);
    const report = await detail(id);
    expect(report.summary.overall.verdict).toBe("noData");
    expect(report.summary.overall.state).toBe("warning");
    expect(report.dataIncomplete).toBe(true);
  });
});

describe("readings go to the shipment whose time they belong to", () => {
  test("a late upload of shipment A lands in A after the label was registered for shipment B", async () => {
    const a = await registerLabel(t, ingest, "RD-REUSED", pharma);
    // Shipment A: 10:00–10:10 and 10:40–10:55 arrive on the way; the label ends at 10:55.
    const onTheWay = [...run(0, 3, 5, 5), ...run(40, 4, 5, 5)];
    expect((await sendReadings(t, ingest, "RD-REUSED", onTheWay)).statusCode).toBe(200);
    const stop = await t.app.inject({
      method: "POST",
      url: `/api/label-reports/${a.id}/stop`,
      headers: { "api-key": ingest },
      payload: { status: "ended" },
    });
    expect(stop.statusCode).toBe(200);
    const b = await registerLabel(t, ingest, "RD-REUSED", pharma);
    expect((await sendReadings(t, ingest, "RD-REUSED", run(24 * 60, 6, 5, 5))).statusCode).toBe(200);

    // A's memory of 10:15–10:35 at 9 °C is uploaded only now, after B started.
    const late = await sendReadings(t, ingest, "RD-REUSED", run(15, 5, 5, 9));
    expect(late.statusCode).toBe(200);
    expect(late.json().reports).toEqual([{ reportId: a.id, accepted: 5, duplicates: 0 }]);

    const reportA = await detail(a.id);
    const reportB = await detail(b.id);
    expect(reportA.readingCount).toBe(12);
    expect(reportA.summary.temperature.excursionCount).toBe(1);
    expect(reportA.summary.gaps).toEqual([]);
    expect(reportB.readingCount).toBe(6);
    expect(reportB.startTime).toBe(at(24 * 60));
    expect(reportB.temperatureViolation).toBe(false);
  });

  test("one batch spanning two shipments is split between their reports", async () => {
    const a = await registerLabel(t, ingest, "RD-SPLIT", pharma);
    await sendReadings(t, ingest, "RD-SPLIT", run(0, 6, 5, 5));
    await t.app.inject({
      method: "POST",
      url: `/api/label-reports/${a.id}/stop`,
      headers: { "api-key": ingest },
      payload: { status: "ended" },
    });
    const b = await registerLabel(t, ingest, "RD-SPLIT", pharma);
    const res = await sendReadings(t, ingest, "RD-SPLIT", [temp(7, 5), temp(60, 5), temp(65, 5)]);
    expect(res.statusCode).toBe(200);
    expect(res.json().reportId).toBe(b.id);
    expect(res.json().reports).toEqual([
      { reportId: a.id, accepted: 1, duplicates: 0 },
      { reportId: b.id, accepted: 2, duplicates: 0 },
    ]);
  });

  test("a reading after the last report's end is a 400 naming it, and nothing of the batch is written", async () => {
    const a = await registerLabel(t, ingest, "RD-AFTER", pharma);
    await sendReadings(t, ingest, "RD-AFTER", run(0, 6, 5, 5));
    await t.app.inject({
      method: "POST",
      url: `/api/label-reports/${a.id}/stop`,
      headers: { "api-key": ingest },
      payload: { status: "stopped" },
    });
    const res = await sendReadings(t, ingest, "RD-AFTER", [temp(2, 5), temp(90, 5)]);
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "readings.1.time", error: "is after the label was stopped" }]);
    expect((await detail(a.id)).readingCount).toBe(6);
  });
});

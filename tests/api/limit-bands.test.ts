import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { LimitBand } from "../../core/domain/limit-bands";
import type { BandSummary, ReportSummary } from "../../core/domain/report-summary";
import { pdfText } from "../support/pdf-text";
import { THREE_DAYS_AGO } from "./support/alerts";
import { createTestApp, type TestApp } from "./support/app";
import { apiKeyOf, registerLabel, sendReadings } from "./support/ingest";
import { buildWorld, type World } from "./support/world";

/**
 * Limit bands with severities: each band is judged on its own delay and
 * type, the unit's verdict is its worst severity reached, a band reached raises one
 * alarm, and the list filters by severity.
 */

let t: TestApp;
let world: World;
let admin: Record<string, string>;
let ingest: string;
let presetId: string;

const MIN = 60_000;
const BANDS: LimitBand[] = [
  { side: "above", limit: 8, delayMinutes: 30, delayType: "single", severity: "warning" },
  { side: "above", limit: 8, delayMinutes: 60, delayType: "cumulative", severity: "alarm" },
  { side: "above", limit: 15, delayMinutes: 0, delayType: "single", severity: "critical" },
  { side: "below", limit: 2, delayMinutes: 15, delayType: "single", severity: "warning" },
];

const create = (payload: object) =>
  t.app.inject({ method: "POST", url: "/api/label-presets", headers: admin, payload });

/** Readings every 5 minutes from THREE_DAYS_AGO, one temperature each. */
const readings = (temperatures: number[]) =>
  temperatures.map((temperature, i) => ({
    time: new Date(THREE_DAYS_AGO + i * 5 * MIN).toISOString(),
    temperature,
    humidity: 50,
    battery: 90,
  }));
const at = (minutes: number) => new Date(THREE_DAYS_AGO + minutes * MIN).toISOString();
const repeat = (value: number, n: number) => Array.from({ length: n }, () => value);

/**
 * 0–20 min at 5 °C; 25–60 at 9 (40 min above 8); 65–75 at 5; 80–115 at 9 with 16 at 90
 * (40 min above 8, 5 above 15); 120–130 at 5; 135–150 at 1 (20 min below 2); then 5.
 */
const EVERY_BAND = [
  ...repeat(5, 5),
  ...repeat(9, 8),
  ...repeat(5, 3),
  9,
  9,
  16,
  ...repeat(9, 5),
  ...repeat(5, 3),
  ...repeat(1, 4),
  ...repeat(5, 4),
];

/** 40 minutes above 8 °C once: the warning (30 min) only. */
const WARNING_ONLY = [...repeat(5, 5), ...repeat(9, 8), ...repeat(5, 5)];

async function reportWith(labelId: string, temperatures: number[], preset = presetId) {
  const report = await registerLabel(t, ingest, labelId, preset);
  const res = await sendReadings(t, ingest, labelId, readings(temperatures));
  expect(res.statusCode).toBe(200);
  return report.id;
}

async function summaryOf(id: string): Promise<ReportSummary> {
  const res = await t.app.inject({ method: "GET", url: `/api/label-reports/${id}`, headers: admin });
  expect(res.statusCode).toBe(200);
  return res.json().summary as ReportSummary;
}

const bandFacts = (b: BandSummary) => ({
  severity: b.severity,
  reached: b.reached,
  timeBeyondMinutes: b.timeBeyondMinutes,
  excursionCount: b.excursionCount,
  firstTriggered: b.firstTriggered,
});

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  admin = await t.headersFor(world.users["a:administrator"] as string, world.companies.a);
  ingest = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
  const res = await create({
    name: "Pharma with bands",
    temperatureEnabled: true,
    temperatureMin: 2,
    temperatureMax: 8,
    alarmDelayMinutes: 30,
    intervalMinutes: 5,
    temperatureBands: BANDS,
  });
  expect(res.statusCode).toBe(201);
  presetId = res.json().id;
});
afterAll(async () => t?.close());

describe("a preset's bands", () => {
  test("are saved and answered as sent", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/label-presets/${presetId}`, headers: admin });
    expect(res.json().temperatureBands).toEqual(BANDS);
    expect(res.json().humidityBands).toBeNull();
  });

  test("a limit out of order is a 400 naming the band's field", async () => {
    const res = await create({
      name: "Out of order",
      temperatureBands: [
        { side: "above", limit: 8, delayMinutes: 0, delayType: "single", severity: "warning" },
        { side: "above", limit: 10, delayMinutes: 0, delayType: "single", severity: "alarm" },
        { side: "above", limit: 9, delayMinutes: 0, delayType: "single", severity: "critical" },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields.map((f: { id: string }) => f.id)).toEqual(["temperatureBands.2.limit"]);
  });

  test("a negative delay is a 400 on that band's delay", async () => {
    const res = await create({
      name: "Negative delay",
      temperatureBands: [{ side: "below", limit: 2, delayMinutes: -1, delayType: "single", severity: "warning" }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields.map((f: { id: string }) => f.id)).toEqual(["temperatureBands.0.delayMinutes"]);
  });

  test("changing only the bands makes a new preset version that names them", async () => {
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/label-presets/${presetId}`,
      headers: admin,
      payload: { temperatureBands: BANDS },
    });
    expect(res.json().version).toBe(1);
    const changed = await t.app.inject({
      method: "PATCH",
      url: `/api/label-presets/${presetId}`,
      headers: admin,
      payload: { temperatureBands: BANDS.slice(0, 3) },
    });
    expect(changed.json().version).toBe(2);
    const versions = await t.app.inject({
      method: "GET",
      url: `/api/label-presets/${presetId}/versions`,
      headers: admin,
    });
    expect(versions.json()[0].changes).toEqual(["temperatureBands"]);
    // Back to all four for the reports below.
    await t.app.inject({
      method: "PATCH",
      url: `/api/label-presets/${presetId}`,
      headers: admin,
      payload: { temperatureBands: BANDS },
    });
  });
});

describe("band maths", () => {
  let summary: ReportSummary;
  beforeAll(async () => {
    summary = await summaryOf(await reportWith("BAND-ALL", EVERY_BAND));
  });

  test("a single-delay warning is reached when one excursion lasts its delay", () => {
    expect(bandFacts(summary.temperature.bands?.[0] as BandSummary)).toEqual({
      severity: "warning",
      reached: true,
      timeBeyondMinutes: 80,
      excursionCount: 2,
      firstTriggered: at(25 + 30),
    });
  });

  test("a cumulative alarm is reached when the excursions add up to its delay", () => {
    expect(bandFacts(summary.temperature.bands?.[1] as BandSummary)).toEqual({
      severity: "alarm",
      reached: true,
      timeBeyondMinutes: 80,
      excursionCount: 2,
      firstTriggered: at(80 + 20),
    });
  });

  test("a critical band without delay is reached at its first reading beyond", () => {
    expect(bandFacts(summary.temperature.bands?.[2] as BandSummary)).toEqual({
      severity: "critical",
      reached: true,
      timeBeyondMinutes: 5,
      excursionCount: 1,
      firstTriggered: at(90),
    });
  });

  test("a band below counts only the time below its limit", () => {
    expect(bandFacts(summary.temperature.bands?.[3] as BandSummary)).toEqual({
      severity: "warning",
      reached: true,
      timeBeyondMinutes: 20,
      excursionCount: 1,
      firstTriggered: at(135 + 15),
    });
  });

  test("the unit's verdict is its worst severity reached, its alarm the first alarm or critical band", () => {
    expect(summary.temperature).toMatchObject({ severity: "critical", violation: true, firstTriggered: at(90) });
    expect(summary.overall).toMatchObject({ severity: "critical", violation: true, verdict: "violation" });
  });

  test("the unit's own excursions stay those of its min and max", () => {
    expect(summary.temperature).toMatchObject({ excursionCount: 3, timeAboveMinutes: 80, timeBelowMinutes: 20 });
  });

  test("a warning alone is no violation", async () => {
    const s = await summaryOf(await reportWith("BAND-WARN", WARNING_ONLY));
    expect(s.temperature.bands?.map((b) => b.reached)).toEqual([true, false, false, false]);
    expect(s.temperature).toMatchObject({ severity: "warning", violation: false, state: "warning" });
    expect(s.overall).toMatchObject({ severity: "warning", violation: false });
  });

  test("a report judged without bands of its own lists none", async () => {
    const s = await summaryOf(await reportWith("NO-BANDS", EVERY_BAND, world.presets.a));
    expect(s.temperature.bands).toBeUndefined();
    expect(s.overall.severity).toBeUndefined();
  });
});

describe("alarms per band", () => {
  test("each band reached raises one alarm of its severity, once", async () => {
    const id = await reportWith("BAND-ALARMS", EVERY_BAND);
    // The same readings again change nothing.
    await sendReadings(t, ingest, "BAND-ALARMS", readings(EVERY_BAND));
    const alarms = await t.database.db
      .selectFrom("alarms")
      .select(["severity", "side", "unit"])
      .where("reportId", "=", id)
      .orderBy("triggeredAt")
      .execute();
    expect(alarms).toEqual([
      { severity: "warning", side: "above", unit: "temperature" },
      { severity: "critical", side: "above", unit: "temperature" },
      { severity: "alarm", side: "above", unit: "temperature" },
      { severity: "warning", side: "below", unit: "temperature" },
    ]);
  });
});

describe("the list's severity filter", () => {
  test("lists the reports whose worst severity reached is the one asked for", async () => {
    const critical = await reportWith("BAND-LIST-C", EVERY_BAND);
    const warning = await reportWith("BAND-LIST-W", WARNING_ONLY);
    const list = async (severity: string) => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/label-reports?filter=${encodeURIComponent(`severity[eq]${severity}`)}&pageSize=100`,
        headers: admin,
      });
      expect(res.statusCode).toBe(200);
      return (res.json().data as { id: string; severity: string }[]).map((r) => r.id);
    };
    expect(await list("critical")).toContain(critical);
    expect(await list("critical")).not.toContain(warning);
    expect(await list("warning")).toContain(warning);
    expect(await list("warning")).not.toContain(critical);
  });
});

describe("the report PDF", () => {
  test("its alarm table has a row per band", async () => {
    const id = await reportWith("BAND-PDF", EVERY_BAND);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/label-reports/${id}/export?timeZone=UTC&locale=en-US`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, " ");
    expect(text).toContain("Limit bands");
    expect(text).toContain("Warning above 8.0 °C after 30 min");
    expect(text).toContain("Alarm above 8.0 °C after 1 h 0 min, cumulative");
    expect(text).toContain("Critical above 15.0 °C at once");
    expect(text).toContain("Warning below 2.0 °C after 15 min");
  });
});

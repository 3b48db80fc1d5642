import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { DatabaseHandle } from "../../server/db/index";
import { MIGRATIONS, migrateToLatest } from "../../server/db/migrate";
import { recomputeSummary } from "../../server/reports/summary";
import { pdfText } from "../support/pdf-text";
import { createTestApp, type TestApp } from "./support/app";
import { createTestDatabase } from "./support/database";
import { buildWorld, type World } from "./support/world";

/**
 * A report keeps the rule (preset settings, name, version) it was
 * registered with; editing, renaming or archiving the preset never reaches it.
 */

let t: TestApp;
let world: World;
let admin: Record<string, string>;
let user: Record<string, string>;
let trimmer: Record<string, string>;

const START = Date.parse("2026-10-01T00:00:00Z");
const FIVE_MIN = 5 * 60_000;

/** 100 readings every 5 minutes at 5 °C, with readings 40..51 (an hour) at 9 °C: above a 2–8 °C rule. */
async function addReadings(reportId: string) {
  const times: string[] = [];
  const temps: number[] = [];
  for (let i = 0; i < 100; i++) {
    times.push(new Date(START + i * FIVE_MIN).toISOString());
    temps.push(i >= 40 && i < 52 ? 9 : 5);
  }
  await sql`insert into measurements (report_id, t, temperature, humidity, battery)
    select ${reportId}::uuid, t, temp, null, 90
    from unnest(${times}::timestamptz[], ${temps}::real[]) as x(t, temp)`.execute(t.database.db);
  await recomputeSummary(t.database.db, reportId);
}

let presetCount = 0;
async function createPreset(overrides: Record<string, unknown> = {}) {
  presetCount++;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/label-presets",
    headers: admin,
    payload: { name: `Rule test ${presetCount}`, temperatureMin: 2, temperatureMax: 8, ...overrides },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; version: number };
}

async function register(presetId: string) {
  presetCount++;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/label-reports",
    headers: admin,
    payload: { labelId: `RULE-${presetCount}`, presetId },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; presetVersion: number; rule: Record<string, unknown> };
}

const editPreset = (id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: "PATCH", url: `/api/label-presets/${id}`, headers: admin, payload });

const getReport = (id: string, headers = admin) =>
  t.app.inject({ method: "GET", url: `/api/label-reports/${id}`, headers });

/** A recomputation of the verdict as any later change (here: clearing the trim) makes one. */
const recompute = (id: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/label-reports/${id}/trim`,
    headers: trimmer,
    payload: { start: null, end: null, reason: "Recompute the verdict (no trim)" },
  });

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 2 });
  // Only a system administrator registers labels; the operator company is its own customer here.
  const operatorAdmin = world.users["operator:systemAdmin"] as string;
  await t.database.db
    .updateTable("userRoles")
    .set({ featureFlags: JSON.stringify({ LABEL_REPORT_TRIM: true }) })
    .where("userId", "=", operatorAdmin)
    .where("companyId", "=", world.companies.operator)
    .execute();
  admin = await t.headersFor(operatorAdmin, world.companies.operator);
  user = await t.headersFor(world.users["operator:user"] as string, world.companies.operator);
  trimmer = admin;
});
afterAll(async () => {
  await t?.close();
});

describe("the rule is frozen per report", () => {
  test("GET /api/label-reports/{id} answers the rule with the preset's property names and version", async () => {
    const preset = await createPreset({ humidityEnabled: true, humidityMin: 30, humidityMax: 70 });
    const report = await register(preset.id);
    const body = (await getReport(report.id)).json();
    expect(body.presetVersion).toBe(1);
    expect(body.rule).toEqual({
      presetName: `Rule test ${presetCount - 1}`,
      presetVersion: 1,
      temperatureEnabled: true,
      temperatureMin: 2,
      temperatureMax: 8,
      humidityEnabled: true,
      humidityMin: 30,
      humidityMax: 70,
      shockEnabled: false,
      shockThresholdG: null,
      alarmDelayMinutes: 30,
      alarmType: "single",
      intervalMinutes: 5,
      startDelayMinutes: 0,
      batteryWarningLevel: 20,
      maxGapMinutes: 60,
    });
  });

  test("editing a preset does not change an existing report's verdict", async () => {
    const preset = await createPreset();
    const report = await register(preset.id);
    await addReadings(report.id);
    expect((await getReport(report.id)).json().temperatureViolation).toBe(true);

    const edit = await editPreset(preset.id, { temperatureMax: 10, alarmDelayMinutes: 120 });
    expect(edit.statusCode).toBe(200);
    const after = await recompute(report.id);
    expect(after.statusCode).toBe(200);
    expect(after.json().temperatureViolation).toBe(true);
    expect(after.json().summary.temperature.excursionCount).toBe(1);
    expect(after.json().rule).toMatchObject({ temperatureMax: 8, alarmDelayMinutes: 30, presetVersion: 1 });
  });

  test("editing, renaming and archiving a preset leave the report's PDF text and content hash byte-identical", async () => {
    const preset = await createPreset({ humidityEnabled: true, humidityMin: 30, humidityMax: 70 });
    const report = await register(preset.id);
    await addReadings(report.id);
    const download = async () => {
      const res = await t.app.inject({ method: "GET", url: `/api/label-reports/${report.id}/export`, headers: admin });
      expect(res.statusCode).toBe(200);
      return { hash: res.headers["x-content-sha256"], text: await pdfText(res.rawPayload) };
    };
    // The PDF prints its generation time: both downloads are made at the same instant.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date() });
    try {
      const before = await download();
      expect(before.text).toContain("Preset version 1");
      for (const change of [
        { temperatureMin: 0, temperatureMax: 10, humidityEnabled: false, alarmType: "cumulative", intervalMinutes: 10 },
        { name: "Renamed after the report was recorded", batteryWarningLevel: 50 },
        { isArchived: true },
      ]) {
        expect((await editPreset(preset.id, change)).statusCode).toBe(200);
      }
      const after = await download();
      expect(after.hash).toBe(before.hash);
      expect(after.text).toBe(before.text);
    } finally {
      vi.useRealTimers();
    }
  });

  test("a user (no preset permission) gets the report's limits", async () => {
    const preset = await createPreset({ temperatureMin: 15, temperatureMax: 25 });
    const report = await register(preset.id);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/label-presets/${preset.id}`, headers: user })).statusCode,
    ).toBe(403);
    const res = await getReport(report.id, user);
    expect(res.statusCode).toBe(200);
    expect(res.json().rule).toMatchObject({ temperatureEnabled: true, temperatureMin: 15, temperatureMax: 25 });
  });

  test("a new report keeps the preset version it started with", async () => {
    const preset = await createPreset();
    const first = await register(preset.id);
    const edit = await editPreset(preset.id, { temperatureMax: 12 });
    expect(edit.json().version).toBe(2);
    const second = await register(preset.id);

    expect(first.presetVersion).toBe(1);
    const firstNow = (await getReport(first.id)).json();
    expect(firstNow.presetVersion).toBe(1);
    expect(firstNow.rule).toMatchObject({ presetVersion: 1, temperatureMax: 8 });
    expect(second.presetVersion).toBe(2);
    expect(second.rule).toMatchObject({ presetVersion: 2, temperatureMax: 12 });
  });

  test("an edit makes a new preset version; archiving or saving the same values does not", async () => {
    const preset = await createPreset();
    expect(preset.version).toBe(1);
    expect((await editPreset(preset.id, { temperatureMax: 8 })).json().version).toBe(1);
    expect((await editPreset(preset.id, { isArchived: true })).json().version).toBe(1);
    expect((await editPreset(preset.id, { description: "Now with a description" })).json().version).toBe(2);
    expect((await editPreset(preset.id, { temperatureMin: 3 })).json().version).toBe(3);
  });
});

describe("migration of reports registered before rules were kept", () => {
  let database: DatabaseHandle;
  let reportId: string;
  let orphanId: string;

  beforeAll(async () => {
    // The schema as it was before 0012: migrations up to 0011 only.
    database = await createTestDatabase(async (db) => {
      const earlier = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < "0012"));
      const { error } = await new Migrator({ db, provider: { getMigrations: async () => earlier } }).migrateToLatest();
      if (error) throw error;
    });
    const db = database.db;
    const { rows: companies } = await sql<{ id: string }>`
      insert into companies (name, type, addresses, billing, city, country)
      values ('Legacy', 'customer', '[]', '{}', 'Old Town', 'Netherlands') returning id`.execute(db);
    const companyId = companies[0]?.id as string;
    const { rows: presets } = await sql<{ id: string }>`
      insert into label_presets (company_id, name, slug, temperature_min, temperature_max, humidity_enabled,
        humidity_min, humidity_max, alarm_delay_minutes, alarm_type, interval_minutes, battery_warning_level)
      values (${companyId}, 'Legacy 2-8', 'legacy-2-8', 2, 8, true, 30, 70, 15, 'cumulative', 10, 25)
      returning id`.execute(db);
    const { rows: reports } = await sql<{ id: string }>`
      insert into label_reports (company_id, preset_id, label_id, status, interval_minutes, summary, custom_fields)
      values (${companyId}, ${presets[0]?.id}, 'LEGACY-1', 'ended', 10, '{}', '{}'),
             (${companyId}, null, 'LEGACY-2', 'ended', 10, '{}', '{}')
      returning id, label_id`.execute(db);
    reportId = reports[0]?.id as string;
    orphanId = reports[1]?.id as string;
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await database?.close();
  });

  test("migrated reports carry the preset's current rule and an audit entry saying so", async () => {
    const db = database.db;
    const report = await db
      .selectFrom("labelReports")
      .select(["rule", "presetVersion"])
      .where("id", "=", reportId)
      .executeTakeFirstOrThrow();
    expect(report.presetVersion).toBe(1);
    expect(report.rule).toEqual({
      presetName: "Legacy 2-8",
      presetVersion: 1,
      temperatureEnabled: true,
      temperatureMin: 2,
      temperatureMax: 8,
      humidityEnabled: true,
      humidityMin: 30,
      humidityMax: 70,
      shockEnabled: false,
      shockThresholdG: null,
      alarmDelayMinutes: 15,
      alarmType: "cumulative",
      intervalMinutes: 10,
      startDelayMinutes: 0,
      batteryWarningLevel: 25,
    });
    const audit = await db
      .selectFrom("auditLog")
      .select(["action", "after", "reason", "actorUserId"])
      .where("entity", "=", "labelReport")
      .where("entityId", "=", reportId)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "ruleMigrated", after: report.rule, actorUserId: null });
    expect(audit[0]?.reason).toMatch(/migration/);
  });

  test("a migrated report without a preset keeps no rule and gets no audit entry", async () => {
    const db = database.db;
    const report = await db
      .selectFrom("labelReports")
      .select(["rule", "presetVersion"])
      .where("id", "=", orphanId)
      .executeTakeFirstOrThrow();
    expect(report).toEqual({ rule: null, presetVersion: null });
    const audit = await db.selectFrom("auditLog").select("id").where("entityId", "=", orphanId).execute();
    expect(audit).toHaveLength(0);
  });

  test("migrated presets start their history at version 1", async () => {
    const versions = await database.db.selectFrom("labelPresetVersions").select(["version", "name"]).execute();
    expect(versions).toEqual([{ version: 1, name: "Legacy 2-8" }]);
  });
});

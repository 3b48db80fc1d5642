import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MIGRATIONS, migrateToLatest } from "../../server/db/migrate";
import { recomputeSummary } from "../../server/reports/summary";
import { createTestApp, roleTokenFor, type TestApp } from "./support/app";
import { createTestDatabase } from "./support/database";
import { flaggedMember } from "./support/members";
import { buildWorld, type World } from "./support/world";

/**
 * A trim is a reasoned, visible decision. Setting or clearing one
 * takes a reason of 10+ characters; the report keeps it with who and when; a dry run
 * says what the trim would change before it is saved.
 */

let t: TestApp;
let world: World;
let reportId: string;
let trimmer: Record<string, string>;
const START = Date.parse("2026-10-01T00:00:00Z");
const FIVE_MIN = 5 * 60_000;
/** After the excursion: a window from here leaves it out. */
const AFTER_EXCURSION = new Date(START + 200 * FIVE_MIN).toISOString();

/** 400 readings every 5 minutes at 5 °C, with a 2-hour spike to 12 °C from reading 100 (rule 2–8 °C). */
async function addReadings(id: string) {
  const times: string[] = [];
  const temps: number[] = [];
  for (let i = 0; i < 400; i++) {
    times.push(new Date(START + i * FIVE_MIN).toISOString());
    temps.push(i >= 100 && i < 124 ? 12 : 5);
  }
  await sql`insert into measurements (report_id, t, temperature, humidity, battery)
    select ${id}::uuid, t, temp, null, 90 from unnest(${times}::timestamptz[], ${temps}::real[]) as x(t, temp)`.execute(
    t.database.db,
  );
  // The label ended with its last reading: no silence at the end to make the data incomplete.
  await t.database.db
    .updateTable("labelReports")
    .set({ endTime: new Date(START + 399 * FIVE_MIN) })
    .where("id", "=", id)
    .execute();
  await recomputeSummary(t.database.db, id);
}

const trim = (payload: object, headers = trimmer, id = reportId) =>
  t.app.inject({ method: "POST", url: `/api/label-reports/${id}/trim`, headers, payload });
const preview = (query: string, headers = trimmer, id = reportId) =>
  t.app.inject({ method: "GET", url: `/api/label-reports/${id}/trim-preview${query}`, headers });
const detail = async () =>
  (await t.app.inject({ method: "GET", url: `/api/label-reports/${reportId}`, headers: trimmer })).json();
const auditCount = async () =>
  (await t.app.inject({ method: "GET", url: `/api/label-reports/${reportId}/audit`, headers: trimmer })).json().length;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 2 });
  reportId = world.reports.a[0] as string;
  await addReadings(reportId);
  await t.database.db
    .updateTable("users")
    .set({ firstName: "Tina", lastName: "Trimmer" })
    .where("id", "=", world.users["a:trimmer"] as string)
    .execute();
  trimmer = await t.headersFor(world.users["a:trimmer"] as string, world.companies.a);
});
afterAll(async () => t?.close());

describe("a trim needs a reason", () => {
  test.each([
    ["no reason", {}],
    ["an empty reason", { reason: "" }],
    ["a reason of 9 characters padded with blanks", { reason: "   too short   " }],
  ])("setting a window with %s is 400 on reason and changes nothing", async (_, extra) => {
    const before = await detail();
    const audits = await auditCount();
    const res = await trim({ start: AFTER_EXCURSION, end: null, ...extra });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "reason", error: expect.any(String) }]);
    const after = await detail();
    expect(after.trimStart).toBe(before.trimStart);
    expect(after.temperatureViolation).toBe(true);
    expect(await auditCount()).toBe(audits);
  });

  test("clearing a window without a reason is 400 on reason and keeps the window", async () => {
    expect((await trim({ start: AFTER_EXCURSION, end: null, reason: "Label started before loading" })).statusCode).toBe(
      200,
    );
    const res = await trim({ start: null, end: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "reason", error: expect.any(String) }]);
    expect((await detail()).trimStart).toBe(AFTER_EXCURSION);
    expect((await trim({ start: null, end: null, reason: "Window set on the wrong report" })).statusCode).toBe(200);
  });

  test("the report keeps the reason with who set the window and when", async () => {
    const res = await trim({ start: AFTER_EXCURSION, end: null, reason: "  Label started before loading " });
    expect(res.statusCode).toBe(200);
    const body = await detail();
    expect(body).toMatchObject({
      trimStart: AFTER_EXCURSION,
      trimReason: "Label started before loading",
      trimSetBy: { name: "Tina Trimmer", email: "a-trimmer@test.example" },
    });
    expect(Math.abs(Date.parse(body.trimSetAt) - Date.now())).toBeLessThan(60_000);
    await trim({ start: null, end: null, reason: "Window set on the wrong report" });
  });

  test("clearing keeps its reason in the audit trail with the old window, and restores the verdict", async () => {
    await trim({ start: AFTER_EXCURSION, end: null, reason: "Label started before loading" });
    const res = await trim({ start: null, end: null, reason: "Window set on the wrong report" });
    expect(res.json()).toMatchObject({ temperatureViolation: true, trimReason: null, trimSetBy: null });
    const entries = (
      await t.app.inject({ method: "GET", url: `/api/label-reports/${reportId}/audit`, headers: trimmer })
    ).json();
    expect(entries[0]).toMatchObject({
      action: "untrim",
      before: { trimStart: AFTER_EXCURSION, trimEnd: null },
      after: { trimStart: null, trimEnd: null },
      reason: "Window set on the wrong report",
    });
  });
});

describe("a window set by support", () => {
  test("is shown as ColdChain support, with the operator by name, on behalf of the person", async () => {
    const token = await roleTokenFor(t.database.db, t.keys, {
      userId: world.users["a:trimmer"] as string,
      companyId: world.companies.a,
      impersonatorUserId: world.users["operator:systemAdmin"] as string,
    });
    const support = { "api-key": token.secret, jwt: token.jwtToken };
    expect(
      (await trim({ start: AFTER_EXCURSION, end: null, reason: "Label started before loading" }, support)).statusCode,
    ).toBe(200);
    const body = await detail();
    expect(body.trimSetBy.name).toBe("ColdChain support — operator-systemAdmin Tester (on behalf of Tina Trimmer)");
    expect(JSON.stringify(body)).not.toContain("operator-systemAdmin@test.example");
    await trim({ start: null, end: null, reason: "Window set on the wrong report" });
  });
});

describe("the list marks trimmed reports", () => {
  test("a trimmed report is listed with trimmed: true, the others with false", async () => {
    await trim({ start: AFTER_EXCURSION, end: null, reason: "Label started before loading" });
    const list = (
      await t.app.inject({ method: "GET", url: "/api/label-reports?pageSize=50", headers: trimmer })
    ).json();
    const rows = list.data as { id: string; trimmed: boolean }[];
    expect(rows.find((r) => r.id === reportId)?.trimmed).toBe(true);
    expect(rows.find((r) => r.id === world.reports.a[1])?.trimmed).toBe(false);
    await trim({ start: null, end: null, reason: "Window set on the wrong report" });
  });
});

describe("a trim's dry run", () => {
  test("names the verdict change and the excursion the window takes out, and saves nothing", async () => {
    const res = await preview(`?start=${encodeURIComponent(AFTER_EXCURSION)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      verdictBefore: "Temperature violation",
      verdictAfter: "OK",
      removedExcursions: [{ unit: "temperature", side: "above", durationMinutes: 120, longerThanAlarmDelay: true }],
      requiresTypedConfirmation: true,
      message: "The verdict changes from Temperature violation to OK; 1 excursion of 2 h falls outside the window.",
    });
    expect((await detail()).trimStart).toBeNull();
  });

  test("a window that keeps every excursion needs no typed confirmation", async () => {
    const end = new Date(START + 300 * FIVE_MIN).toISOString();
    const res = (await preview(`?end=${encodeURIComponent(end)}`)).json();
    expect(res).toMatchObject({ verdictAfter: "Temperature violation", removedExcursions: [] });
    expect(res.requiresTypedConfirmation).toBe(false);
  });

  test("clearing (no start, no end) shows the verdict coming back", async () => {
    await trim({ start: AFTER_EXCURSION, end: null, reason: "Label started before loading" });
    const res = (await preview("")).json();
    expect(res).toMatchObject({ verdictBefore: "OK", verdictAfter: "Temperature violation", removedExcursions: [] });
    await trim({ start: null, end: null, reason: "Window set on the wrong report" });
  });
});

describe("who may run a trim's dry run", () => {
  test("a role token without the trim right (administrator without the flag, user) is 403", async () => {
    for (const role of ["administrator", "user"]) {
      const headers = await t.headersFor(world.users[`a:${role}`] as string, world.companies.a);
      expect((await preview("", headers)).statusCode).toBe(403);
    }
  });

  test("an impersonation token of a person with the trim right may", async () => {
    const token = await roleTokenFor(t.database.db, t.keys, {
      userId: world.users["a:trimmer"] as string,
      companyId: world.companies.a,
      impersonatorUserId: world.users["operator:systemAdmin"] as string,
    });
    expect((await preview("", { "api-key": token.secret, jwt: token.jwtToken })).statusCode).toBe(200);
  });

  test("an API key (reads label reports only) is 403", async () => {
    const headers = await flaggedMember(t, "keeper@test.example", world.companies.a, { API_KEYS: true });
    const key = (await t.app.inject({ method: "POST", url: "/api/api-keys", headers, payload: { name: "WMS" } })).json()
      .key as string;
    expect((await preview("", { "api-key": key })).statusCode).toBe(403);
  });

  test("no credentials: 401", async () => {
    expect((await preview("", {})).statusCode).toBe(401);
  });

  test("another company's report: 404 for the dry run and for a trim with a reason, and B's window is untouched", async () => {
    const other = world.reports.b[0] as string;
    expect((await preview("", trimmer)).statusCode).toBe(200);
    expect((await preview("", trimmer, other)).statusCode).toBe(404);
    const res = await trim(
      { start: AFTER_EXCURSION, end: null, reason: "Label started before loading" },
      trimmer,
      other,
    );
    expect(res.statusCode).toBe(404);
    const row = await t.database.db
      .selectFrom("labelReports")
      .select(["trimStart", "trimReason"])
      .where("id", "=", other)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ trimStart: null, trimReason: null });
  });
});

describe("migration of trims set before reasons were kept", () => {
  test("a trimmed report gets the reason, author and time of its latest trim audit entry", async () => {
    const database = await createTestDatabase(async (db) => {
      const earlier = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < "0013"));
      const { error } = await new Migrator({ db, provider: { getMigrations: async () => earlier } }).migrateToLatest();
      if (error) throw error;
    });
    try {
      const db = database.db;
      const { rows: companies } = await sql<{ id: string }>`
        insert into companies (name, type, addresses, billing, city, country)
        values ('Legacy', 'customer', '[]', '{}', 'Old Town', 'Netherlands') returning id`.execute(db);
      const companyId = companies[0]?.id as string;
      const { rows: users } = await sql<{ id: string }>`
        insert into users (email) values ('old-trimmer@test.example') returning id`.execute(db);
      const userId = users[0]?.id as string;
      const { rows: reports } = await sql<{ id: string }>`
        insert into label_reports (company_id, label_id, status, interval_minutes, summary, custom_fields, trim_start)
        values (${companyId}, 'OLD-1', 'ended', 10, '{}', '{}', '2026-10-01T01:00:00Z'),
               (${companyId}, 'OLD-2', 'ended', 10, '{}', '{}', null)
        returning id`.execute(db);
      const [trimmed, cleared] = reports.map((r) => r.id);
      for (const [id, action, at, reason] of [
        [trimmed, "trim", "2026-10-02T00:00:00Z", "An older reason"],
        [trimmed, "trim", "2026-10-03T00:00:00Z", "Label started before loading"],
        [cleared, "trim", "2026-10-02T00:00:00Z", "Trimmed then cleared"],
        [cleared, "untrim", "2026-10-03T00:00:00Z", "Cleared again later"],
      ]) {
        await sql`insert into audit_log (company_id, actor_user_id, action, entity, entity_id, at, reason)
          values (${companyId}, ${userId}, ${action}, 'labelReport', ${id}, ${at}, ${reason})`.execute(db);
      }
      await migrateToLatest(db);
      const rows = await db
        .selectFrom("labelReports")
        .select(["id", "trimReason", "trimSetBy", "trimSetAt"])
        .where("companyId", "=", companyId)
        .execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.get(trimmed as string)).toMatchObject({
        trimReason: "Label started before loading",
        trimSetBy: userId,
      });
      expect(new Date(byId.get(trimmed as string)?.trimSetAt as string).toISOString()).toBe("2026-10-03T00:00:00.000Z");
      // Not trimmed any more: nothing to keep with a window.
      expect(byId.get(cleared as string)).toMatchObject({ trimReason: null, trimSetBy: null, trimSetAt: null });
    } finally {
      await database.close();
    }
  });
});

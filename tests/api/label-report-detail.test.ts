import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { buildWorld, type World } from "./support/world";

let t: TestApp;
let world: World;
let reportId: string;
let trimmer: Record<string, string>;
const START = Date.parse("2026-10-01T00:00:00Z");
const FIVE_MIN = 5 * 60_000;

/** 2,000 readings every 5 minutes at 5 °C, with a 2-hour spike to 12 °C starting at reading 100. */
async function addReadings(id: string) {
  const times: string[] = [];
  const temps: number[] = [];
  for (let i = 0; i < 2000; i++) {
    times.push(new Date(START + i * FIVE_MIN).toISOString());
    temps.push(i >= 100 && i < 124 ? 12 : 5);
  }
  await sql`insert into measurements (report_id, t, temperature, humidity, battery)
    select ${id}::uuid, t, temp, null, 90 from unnest(${times}::timestamptz[], ${temps}::real[]) as x(t, temp)`.execute(
    t.database.db,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 2 });
  reportId = world.reports.a[0] as string;
  await addReadings(reportId);
  const { recomputeSummary } = await import("../../server/reports/summary");
  await recomputeSummary(t.database.db, reportId);
  trimmer = await t.headersFor(world.users["a:trimmer"] as string, world.companies.a);
});
afterAll(async () => t?.close());

const get = (url: string, headers = trimmer) => t.app.inject({ method: "GET", url, headers });
const trim = (payload: object, headers = trimmer) =>
  t.app.inject({ method: "POST", url: `/api/label-reports/${reportId}/trim`, headers, payload });

describe("a report's readings for the chart", () => {
  test("a long report is downsampled to at most maxPoints points", async () => {
    const body = (await get(`/api/label-reports/${reportId}/readings?maxPoints=200`)).json();
    expect(body.total).toBe(2000);
    expect(body.points.length).toBeLessThanOrEqual(200);
    expect(body.bucketSeconds).toBeGreaterThan(0);
  });

  test("downsampling keeps the spike: the maximum survives", async () => {
    const body = (await get(`/api/label-reports/${reportId}/readings?maxPoints=50`)).json();
    expect(Math.max(...body.points.map((p: { temperatureMax: number }) => p.temperatureMax))).toBe(12);
  });

  test("a zoomed window with few readings sends them as they are", async () => {
    const from = new Date(START).toISOString();
    const to = new Date(START + 99 * FIVE_MIN).toISOString();
    const body = (await get(`/api/label-reports/${reportId}/readings?from=${from}&to=${to}`)).json();
    expect(body.total).toBe(100);
    expect(body.bucketSeconds).toBe(0);
    expect(body.points).toHaveLength(100);
  });

  test("another company's report readings are 404", async () => {
    const other = await t.headersFor(world.users["b:user"] as string, world.companies.b);
    expect((await get(`/api/label-reports/${reportId}/readings`, other)).statusCode).toBe(404);
  });

  test("a window ending before it starts is 400", async () => {
    const res = await get(`/api/label-reports/${reportId}/readings?from=2026-10-02T00:00:00Z&to=2026-10-01T00:00:00Z`);
    expect(res.statusCode).toBe(400);
  });
});

describe("trimming a report", () => {
  test("the summary counts the 2-hour excursion as a violation before trimming", async () => {
    const body = (await get(`/api/label-reports/${reportId}`)).json();
    expect(body.temperatureViolation).toBe(true);
    expect(body.summary.temperature.excursionCount).toBe(1);
  });

  test("trimming the excursion out changes the verdict but keeps every reading", async () => {
    const start = new Date(START + 200 * FIVE_MIN).toISOString();
    const res = await trim({ start, end: null, reason: "Probe acclimatisation" });
    expect(res.statusCode).toBe(200);
    expect(res.json().temperatureViolation).toBe(false);
    expect(res.json().trimStart).toBe(start);
    const count = await t.database.db
      .selectFrom("measurements")
      .select(sql<string>`count(*)`.as("n"))
      .where("reportId", "=", reportId)
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(2000);
  });

  test("the trim is in the report's audit trail with who, old and new window, and the reason", async () => {
    const entries = (await get(`/api/label-reports/${reportId}/audit`)).json();
    expect(entries[0]).toMatchObject({
      action: "trim",
      actorEmail: "a-trimmer@test.example",
      before: { trimStart: null, trimEnd: null },
      reason: "Probe acclimatisation",
    });
    expect(entries[0].after.trimStart).toBeTruthy();
  });

  test("clearing the trim restores the verdict", async () => {
    const res = await trim({ start: null, end: null, reason: "Window set on the wrong report" });
    expect(res.json().temperatureViolation).toBe(true);
    expect((await get(`/api/label-reports/${reportId}/audit`)).json()[0].action).toBe("untrim");
  });

  test("trim is refused without the LABEL_REPORT_TRIM feature flag", async () => {
    const admin = await t.headersFor(world.users["a:administrator"] as string, world.companies.a);
    expect((await trim({ start: null, end: null, reason: "Not allowed to do this" }, admin)).statusCode).toBe(403);
  });

  test("a window that ends before it starts is 400 on end", async () => {
    const res = await trim({
      start: "2026-10-05T00:00:00Z",
      end: "2026-10-04T00:00:00Z",
      reason: "Label started before loading",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "end", error: "must be after start" }]);
  });
});

import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../support/app";
import { apiKeyOf, registerLabel, sendReadings } from "../support/ingest";
import { buildWorld, type World } from "../support/world";

/**
 * Inputs the third attack found answering 500: numbers a PostgreSQL `real` or `integer`
 * cannot hold, year-0000 dates, a lone UTF-16 surrogate in a JSON string. Each is a 400
 * naming the field, and nothing is written.
 */

let t: TestApp;
let world: World;
let admin: Record<string, string>;
let trimmer: Record<string, string>;
let ingest: string;
let reportId: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 2 });
  admin = await t.headersFor(world.users["a:administrator"] as string, world.companies.a);
  trimmer = await t.headersFor(world.users["a:trimmer"] as string, world.companies.a);
  ingest = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
  reportId = (await registerLabel(t, ingest, "HOSTILE-3", world.presets.a)).id;
});
afterAll(async () => t?.close());

const fieldIds = (res: { json(): { formFields?: { id: string }[] } }) => (res.json().formFields ?? []).map((f) => f.id);

const storedReadings = async () =>
  (await t.database.db.selectFrom("measurements").select("t").where("reportId", "=", reportId).execute()).length;

describe("numbers the database's columns cannot hold", () => {
  test("a reading of 1e-46 (below what a real holds) is stored as 0, never a 500", async () => {
    const time = new Date(Date.now() - 60_000).toISOString();
    const res = await sendReadings(t, ingest, "HOSTILE-3", [
      { time, temperature: -1e-46, humidity: 1e-46, shock: 1e-40, battery: 5e-39 },
    ]);
    expect(res.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom("measurements")
      .select(["temperature", "humidity", "battery"])
      .where("reportId", "=", reportId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ temperature: 0, humidity: 0, battery: 0 });
  });

  test("a reading of 1e39 is a 400 naming the field, nothing stored", async () => {
    const before = await storedReadings();
    const time = new Date(Date.now() - 30_000).toISOString();
    const res = await sendReadings(t, ingest, "HOSTILE-3", [{ time, temperature: 1e39 }]);
    expect(res.statusCode).toBe(400);
    expect(fieldIds(res)).toEqual(["readings.0.temperature"]);
    expect(await storedReadings()).toBe(before);
  });

  test("a preset's thresholds are double precision: 1e-46 is kept as given, never a 500", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/label-presets",
      headers: admin,
      payload: { name: "Tiny threshold", temperatureEnabled: true, temperatureMin: 1e-46, temperatureMax: 8 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().temperatureMin).toBe(1e-46);
  });

  for (const [field, value] of [
    ["temperatureMin", 1e39],
    ["alarmDelayMinutes", 1e39],
    ["intervalMinutes", 2 ** 31],
    ["batteryWarningLevel", -(2 ** 31) - 1],
  ] as const) {
    test(`a preset's ${field} of ${value} is a 400 naming ${field}, never a 500`, async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/label-presets",
        headers: admin,
        payload: { name: `Hostile ${field} ${value}`, temperatureEnabled: true, [field]: value },
      });
      expect(res.statusCode).toBe(400);
      expect(fieldIds(res)).toContain(field);
    });
  }

  test("an integer list filter beyond 2^31 (reportCount[gt]2147483648) is a 400 naming the filter", async () => {
    for (const filter of ["reportCount[gt]2147483648", "reportCount[lt]-2147483649", "reportCount[eq]1e39"]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/label-presets?filter=${encodeURIComponent(filter)}`,
        headers: admin,
      });
      expect(res.statusCode, filter).toBe(400);
      expect(fieldIds(res), filter).toEqual(["filter"]);
    }
  });
});

describe("year-0000 dates", () => {
  test("a readings query from year 0000 is a 400 naming from", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/label-reports/${reportId}/readings?from=0000-01-01T00:00:00Z`,
      headers: admin,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldIds(res)).toEqual(["from"]);
  });

  test("a trim starting in year 0000 is a 400 naming start, the window unchanged", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/label-reports/${world.reports.a[0]}/trim`,
      headers: trimmer,
      payload: { start: "0000-01-01T00:00:00Z", end: null, reason: "hostile year zero" },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldIds(res)).toEqual(["start"]);
  });

  test("a trim preview ending in year 0000 is a 400 naming end", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/label-reports/${world.reports.a[0]}/trim-preview?end=0000-01-01T00:00:00Z`,
      headers: trimmer,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldIds(res)).toEqual(["end"]);
  });
});

describe("a lone UTF-16 surrogate in a JSON string", () => {
  const raw = (method: "POST" | "PATCH", url: string, headers: Record<string, string>, payload: string) =>
    t.app.inject({ method, url, headers: { ...headers, "content-type": "application/json" }, payload });

  test("a lone \\ud800 in a preset's name is a 400 naming name, nothing stored", async () => {
    const res = await raw("POST", "/api/label-presets", admin, `{"name":"Pharma \\ud800 2-8"}`);
    expect(res.statusCode).toBe(400);
    expect(fieldIds(res)).toEqual(["name"]);
    const stored = await t.database.db
      .selectFrom("labelPresets")
      .select("id")
      .where("name", "like", "Pharma %2-8")
      .where("companyId", "=", world.companies.a)
      .where("name", "<>", "Pharma 2-8")
      .execute();
    expect(stored).toEqual([]);
  });

  test("a lone \\udc00 in a trim reason is a 400 naming reason", async () => {
    const res = await raw(
      "POST",
      `/api/label-reports/${world.reports.a[1]}/trim`,
      trimmer,
      `{"start":null,"end":null,"reason":"because \\udc00 of reasons"}`,
    );
    expect(res.statusCode).toBe(400);
    expect(fieldIds(res)).toEqual(["reason"]);
  });

  test("a lone surrogate in a custom field value's key or value is a 400 naming it", async () => {
    const res = await raw(
      "PATCH",
      `/api/label-reports/${world.reports.a[1]}`,
      admin,
      `{"customFields":{"batch":"B\\ud83d"}}`,
    );
    expect(res.statusCode).toBe(400);
    expect(fieldIds(res)).toEqual(["customFields.batch"]);
  });

  test("a well-formed surrogate pair (an emoji) is text like any other", async () => {
    const res = await raw("POST", "/api/label-presets", admin, `{"name":"Cold \\ud83e\\uddca chain"}`);
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe("Cold \u{1f9ca} chain");
  });
});

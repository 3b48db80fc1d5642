import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { apiKeyOf, registerLabel, sendReadings, series } from "./support/ingest";
import { flaggedMember } from "./support/members";
import { buildWorld, type World } from "./support/world";

let t: TestApp;
let world: World;
let keeperA: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 4 });
  keeperA = await flaggedMember(t, "keeper@test.example", world.companies.a, { API_KEYS: true });
});
afterAll(async () => t?.close());

const createKey = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/api-keys", headers: keeperA, payload });

describe("API key scopes", () => {
  test("a key created without scopes is a read key, and the list shows its scopes", async () => {
    const created = await createKey({ name: "WMS" });
    expect(created.statusCode).toBe(201);
    expect(created.json().scopes).toEqual(["read"]);
    const list = (await t.app.inject({ method: "GET", url: "/api/api-keys", headers: keeperA })).json();
    expect(list.find((k: { id: string }) => k.id === created.json().id).scopes).toEqual(["read"]);
  });

  test("a key created with the ingest scope is stored and listed with it", async () => {
    const created = await createKey({ name: "Gateway", scopes: ["ingest"] });
    expect(created.statusCode).toBe(201);
    const list = (await t.app.inject({ method: "GET", url: "/api/api-keys", headers: keeperA })).json();
    expect(list.find((k: { id: string }) => k.id === created.json().id).scopes).toEqual(["ingest"]);
  });

  test("an unknown or empty scope list is a 400 naming scopes", async () => {
    for (const scopes of [["admin"], [], ["read", "read"]]) {
      const res = await createKey({ name: "Bad", scopes });
      expect(res.statusCode).toBe(400);
      expect(res.json().formFields[0].id).toMatch(/^scopes/);
    }
  });

  test("an ingest key cannot read label reports (403), list or detail", async () => {
    const key = (await createKey({ name: "Gateway", scopes: ["ingest"] })).json().key as string;
    const headers = { "api-key": key };
    expect((await t.app.inject({ method: "GET", url: "/api/label-reports", headers })).statusCode).toBe(403);
    const detail = await t.app.inject({ method: "GET", url: `/api/label-reports/${world.reports.a[0]}`, headers });
    expect(detail.statusCode).toBe(403);
    const readings = `/api/label-reports/${world.reports.a[0]}/readings`;
    expect((await t.app.inject({ method: "GET", url: readings, headers })).statusCode).toBe(403);
  });

  test("a read key cannot send readings, register or stop a label (403)", async () => {
    const key = (await createKey({ name: "WMS" })).json().key as string;
    const headers = { "api-key": key };
    expect((await sendReadings(t, key, "A-0001", series("2026-11-01T00:00:00Z", 2))).statusCode).toBe(403);
    const register = await t.app.inject({
      method: "POST",
      url: "/api/label-reports",
      headers,
      payload: { labelId: "READ-ONLY", presetId: world.presets.a },
    });
    expect(register.statusCode).toBe(403);
    const stop = `/api/label-reports/${world.reports.a[1]}/stop`;
    expect((await t.app.inject({ method: "POST", url: stop, headers, payload: {} })).statusCode).toBe(403);
  });

  test("a key with both scopes reads and ingests", async () => {
    const key = await apiKeyOf(t.database.db, world.companies.a, ["read", "ingest"]);
    await registerLabel(t, key, "BOTH-1", world.presets.a);
    expect((await sendReadings(t, key, "BOTH-1", series("2026-11-01T00:00:00Z", 2))).statusCode).toBe(200);
    const list = await t.app.inject({ method: "GET", url: "/api/label-reports", headers: { "api-key": key } });
    expect(list.statusCode).toBe(200);
  });

  test("an ingest key cannot create API keys or change anything of the company (403)", async () => {
    const key = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
    const headers = { "api-key": key };
    const keys = await t.app.inject({ method: "POST", url: "/api/api-keys", headers, payload: { name: "x" } });
    expect(keys.statusCode).toBe(403);
    const patch = await t.app.inject({
      method: "PATCH",
      url: `/api/label-reports/${world.reports.a[0]}`,
      headers,
      payload: { isArchived: true, reason: "Shipment cancelled before loading" },
    });
    expect(patch.statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/label-presets", headers })).statusCode).toBe(403);
    const password = await t.app.inject({
      method: "POST",
      url: "/api/me/phone",
      headers,
      payload: { phone: "+31612345678", password: "x" },
    });
    expect(password.statusCode).toBe(403);
  });
});

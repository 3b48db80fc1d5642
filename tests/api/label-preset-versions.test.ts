import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Role } from "../../core/domain/roles";
import { createTestApp, roleTokenFor, type TestApp } from "./support/app";
import { flaggedMember } from "./support/members";
import { buildWorld, type World } from "./support/world";

/**
 * The preset page shows its version history (who changed what,
 * when) and how many reports each version judges. GET /api/label-presets/{id}/versions.
 */

let t: TestApp;
let world: World;
let admin: Record<string, string>;
let presetId: string;

const versions = (idOrSlug: string, headers: Record<string, string>) =>
  t.app.inject({ method: "GET", url: `/api/label-presets/${idOrSlug}/versions`, headers });

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 2 });
  const adminId = world.users["a:administrator"] as string;
  await t.database.db
    .updateTable("users")
    .set({ firstName: "Ada", lastName: "Admin" })
    .where("id", "=", adminId)
    .execute();
  admin = await t.headersFor(adminId, world.companies.a);
  const created = await t.app.inject({
    method: "POST",
    url: "/api/label-presets",
    headers: admin,
    payload: { name: "Versioned", temperatureMin: 2, temperatureMax: 8 },
  });
  expect(created.statusCode).toBe(201);
  presetId = created.json().id;
  // Two reports on version 1; edit; one report on version 2.
  await t.database.db
    .insertInto("labelReports")
    .values(
      [1, 2, 3].map((i) => ({
        companyId: world.companies.a,
        presetId,
        presetVersion: i < 3 ? 1 : 2,
        labelId: `VER-${i}`,
        status: "ended" as const,
        summary: "{}",
        customFields: "{}",
      })),
    )
    .execute();
  const edit = await t.app.inject({
    method: "PATCH",
    url: `/api/label-presets/${presetId}`,
    headers: admin,
    payload: { temperatureMax: 10, alarmDelayMinutes: 45 },
  });
  expect(edit.json().version).toBe(2);
});
afterAll(async () => t?.close());

describe("preset version history", () => {
  test("lists each version newest first with who saved it, when, the settings it changed and its report count", async () => {
    const res = await versions(presetId, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toHaveLength(2);
    expect(body[0]).toMatchObject({
      version: 2,
      changedBy: { name: "Ada Admin", email: "a-administrator@test.example" },
      reportCount: 1,
    });
    expect([...body[0].changes].sort()).toEqual(["alarmDelayMinutes", "temperatureMax"]);
    expect(body[1]).toMatchObject({ version: 1, changes: [], reportCount: 2 });
    expect(Number.isNaN(Date.parse(body[0].changedAt))).toBe(false);
  });

  test("a rename is a change of the name", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/label-presets",
      headers: admin,
      payload: { name: "Renamed later" },
    });
    const id = created.json().id;
    await t.app.inject({ method: "PATCH", url: `/api/label-presets/${id}`, headers: admin, payload: { name: "New" } });
    expect((await versions(id, admin)).json()[0].changes).toEqual(["name"]);
  });

  test("the history is found by the preset's slug too", async () => {
    expect((await versions("versioned", admin)).json()).toHaveLength(2);
  });
});

describe("who may read a preset's history", () => {
  const allowed: [Role, boolean][] = [
    ["administrator", true],
    ["distributorAdmin", true],
    ["systemAdmin", true],
    ["handler", true],
    ["user", false],
  ];
  test.each(allowed)("a %s role token: allowed=%s, as reading the preset", async (role, ok) => {
    const headers = await t.headersFor(world.users[`a:${role}`] as string, world.companies.a);
    const preset = await t.app.inject({ method: "GET", url: `/api/label-presets/${presetId}`, headers });
    const res = await versions(presetId, headers);
    expect(res.statusCode).toBe(preset.statusCode);
    expect(res.statusCode).toBe(ok ? 200 : 403);
  });

  test("an impersonation token reads it as the impersonated person may", async () => {
    const token = await roleTokenFor(t.database.db, t.keys, {
      userId: world.users["a:administrator"] as string,
      companyId: world.companies.a,
      impersonatorUserId: world.users["operator:systemAdmin"] as string,
    });
    const res = await versions(presetId, { "api-key": token.secret, jwt: token.jwtToken });
    expect(res.statusCode).toBe(200);
  });

  test("an API key (reads label reports only) is refused with 403", async () => {
    const headers = await flaggedMember(t, "keeper@test.example", world.companies.a, { API_KEYS: true });
    const key = (await t.app.inject({ method: "POST", url: "/api/api-keys", headers, payload: { name: "WMS" } })).json()
      .key as string;
    expect((await versions(presetId, { "api-key": key })).statusCode).toBe(403);
  });

  test("no credentials: 401 and no history", async () => {
    const res = await versions(presetId, {});
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain("changedBy");
  });

  test("another company's preset history is 404, as if it did not exist", async () => {
    const other = await t.headersFor(world.users["b:administrator"] as string, world.companies.b);
    expect((await versions(presetId, other)).statusCode).toBe(404);
    expect((await versions(world.presets.b, admin)).statusCode).toBe(404);
    // The same call reaches the history from its own company.
    expect((await versions(world.presets.b, other)).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { buildWorld, type World } from "./support/world";

let t: TestApp;
let world: World;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 2 });
  admin = await t.headersFor(world.users["a:administrator"] as string, world.companies.a);
});
afterAll(async () => t?.close());

const valid = {
  name: "Vaccines 2-8",
  temperatureEnabled: true,
  temperatureMin: 2,
  temperatureMax: 8,
  alarmDelayMinutes: 30,
  intervalMinutes: 5,
};

const create = (payload: object, headers = admin) =>
  t.app.inject({ method: "POST", url: "/api/label-presets", headers, payload });
const patch = (idOrSlug: string, payload: object, headers = admin) =>
  t.app.inject({ method: "PATCH", url: `/api/label-presets/${idOrSlug}`, headers, payload });
const fieldIds = (res: { json(): { formFields?: { id: string }[] } }) => (res.json().formFields ?? []).map((f) => f.id);

describe("creating label presets", () => {
  test("a valid preset is created with a slug derived from its name", async () => {
    const res = await create({ ...valid, name: "Frozen –25 °C", temperatureMin: -25, temperatureMax: -15 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: "Frozen –25 °C",
      slug: "frozen-25-c",
      temperatureMin: -25,
      reportCount: 0,
    });
  });

  test("a second preset whose name slugs alike gets the next free slug", async () => {
    await create({ ...valid, name: "Ambient A" });
    const res = await create({ ...valid, name: "Ambient-A!" });
    expect(res.json().slug).toBe("ambient-a-2");
  });

  test("a name already used in the company is 400 on name", async () => {
    await create({ ...valid, name: "Unique one" });
    const res = await create({ ...valid, name: "UNIQUE ONE" });
    expect(res.statusCode).toBe(400);
    expect(fieldIds(res)).toEqual(["name"]);
  });

  test("the same name in another company is fine", async () => {
    const other = await t.headersFor(world.users["b:administrator"] as string, world.companies.b);
    expect((await create({ ...valid, name: "Unique one" }, other)).statusCode).toBe(201);
  });

  test("a missing name is 400 on name", async () => {
    expect(fieldIds(await create({ ...valid, name: "  " }))).toEqual(["name"]);
  });

  test("minimum temperature at or above the maximum is 400 on temperatureMax", async () => {
    expect(fieldIds(await create({ ...valid, name: "x1", temperatureMin: 8, temperatureMax: 8 }))).toEqual([
      "temperatureMax",
    ]);
  });

  test("a temperature outside what a label measures (-40 to 85 °C) is 400 naming the field", async () => {
    expect(fieldIds(await create({ ...valid, name: "x2", temperatureMin: -50 }))).toEqual(["temperatureMin"]);
    expect(fieldIds(await create({ ...valid, name: "x3", temperatureMax: 90 }))).toEqual(["temperatureMax"]);
  });

  test("humidity outside 0 to 100 %RH or reversed is 400 naming the field", async () => {
    expect(
      fieldIds(await create({ ...valid, name: "x4", humidityEnabled: true, humidityMin: -1, humidityMax: 50 })),
    ).toEqual(["humidityMin"]);
    expect(
      fieldIds(await create({ ...valid, name: "x5", humidityEnabled: true, humidityMin: 70, humidityMax: 30 })),
    ).toEqual(["humidityMax"]);
  });

  test("an enabled unit needs its thresholds", async () => {
    expect(fieldIds(await create({ ...valid, name: "x6", shockEnabled: true, shockThresholdG: null }))).toEqual([
      "shockThresholdG",
    ]);
  });

  test("a measurement interval outside 1 to 120 minutes is 400 on intervalMinutes", async () => {
    expect(fieldIds(await create({ ...valid, name: "x7", intervalMinutes: 0 }))).toEqual(["intervalMinutes"]);
    expect(fieldIds(await create({ ...valid, name: "x8", intervalMinutes: 121 }))).toEqual(["intervalMinutes"]);
  });

  test("a preset that measures nothing is 400", async () => {
    expect(fieldIds(await create({ ...valid, name: "x9", temperatureEnabled: false }))).toEqual(["temperatureEnabled"]);
  });

  test("a field of the wrong type is 400 naming it", async () => {
    expect(fieldIds(await create({ ...valid, name: "x10", temperatureMin: "cold" }))).toEqual(["temperatureMin"]);
  });

  test("an unknown field is 400 naming it", async () => {
    expect(fieldIds(await create({ ...valid, name: "x11", companyId: world.companies.b }))).toEqual(["companyId"]);
  });

  test("every problem is reported at once", async () => {
    const res = await create({
      name: "",
      temperatureEnabled: true,
      temperatureMin: 9,
      temperatureMax: 2,
      intervalMinutes: 500,
    });
    expect(fieldIds(res).sort()).toEqual(["intervalMinutes", "name", "temperatureMax"]);
  });
});

describe("reading, editing and deleting presets", () => {
  test("a preset is found by its slug", async () => {
    await create({ ...valid, name: "By slug" });
    const res = await t.app.inject({ method: "GET", url: "/api/label-presets/by-slug", headers: admin });
    expect(res.json().name).toBe("By slug");
  });

  test("another company's slug is 404", async () => {
    const other = await t.headersFor(world.users["b:administrator"] as string, world.companies.b);
    await create({ ...valid, name: "Only in B" }, other);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/label-presets/only-in-b", headers: admin })).statusCode,
    ).toBe(404);
    expect((await patch("only-in-b", { description: "mine now" })).statusCode).toBe(404);
  });

  test("renaming keeps the slug, so links stay valid", async () => {
    await create({ ...valid, name: "Stable" });
    const res = await patch("stable", { name: "Stable renamed" });
    expect(res.json()).toMatchObject({ name: "Stable renamed", slug: "stable" });
  });

  test("an edit that breaks a rule is 400 and changes nothing", async () => {
    await create({ ...valid, name: "Untouched" });
    expect(fieldIds(await patch("untouched", { temperatureMin: 20 }))).toEqual(["temperatureMax"]);
    const row = await t.app.inject({ method: "GET", url: "/api/label-presets/untouched", headers: admin });
    expect(row.json().temperatureMin).toBe(2);
  });

  test("an edit is recorded in the audit trail with old and new values", async () => {
    const created = (await create({ ...valid, name: "Audited" })).json();
    await patch("audited", { temperatureMax: 10 });
    const entries = await t.database.db
      .selectFrom("auditLog")
      .selectAll()
      .where("entityId", "=", created.id)
      .orderBy("id")
      .execute();
    expect(entries.map((e) => e.action)).toEqual(["create", "update"]);
    expect(entries[1]?.before).toMatchObject({ temperatureMax: 8 });
    expect(entries[1]?.after).toMatchObject({ temperatureMax: 10 });
  });

  test("a preset used by reports cannot be deleted (409) but can be archived", async () => {
    const presetId = world.presets.a;
    const res = await t.app.inject({ method: "DELETE", url: `/api/label-presets/${presetId}`, headers: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("archive");
    expect((await patch(presetId, { isArchived: true })).json().isArchived).toBe(true);
  });

  test("an unused preset is deleted", async () => {
    await create({ ...valid, name: "Disposable" });
    expect(
      (await t.app.inject({ method: "DELETE", url: "/api/label-presets/disposable", headers: admin })).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/label-presets/disposable", headers: admin })).statusCode,
    ).toBe(404);
  });

  test("a user (read-only role) cannot create, edit or delete presets", async () => {
    const user = await t.headersFor(world.users["a:user"] as string, world.companies.a);
    expect((await create({ ...valid, name: "Nope" }, user)).statusCode).toBe(403);
    expect((await patch("stable", { description: "x" }, user)).statusCode).toBe(403);
  });

  test("the list searches names case-insensitively", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/label-presets?filter=${encodeURIComponent("name[ilike]STABLE")}`,
      headers: admin,
    });
    expect(res.json().data.map((p: { name: string }) => p.name)).toEqual(["Stable renamed"]);
  });
});

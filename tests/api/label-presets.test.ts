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

describe("every field rule of a preset is a 400 naming the field", () => {
  const cases: [rule: string, payload: object, field: string][] = [
    ["a name longer than 100 characters", { name: "n".repeat(101) }, "name"],
    ["a description longer than 1000 characters", { description: "d".repeat(1001) }, "description"],
    ["an enabled temperature without a minimum", { temperatureMin: null }, "temperatureMin"],
    [
      "an enabled humidity without a maximum",
      { humidityEnabled: true, humidityMin: 20, humidityMax: null },
      "humidityMax",
    ],
    ["humidity above 100 %RH", { humidityEnabled: true, humidityMin: 20, humidityMax: 101 }, "humidityMax"],
    ["a shock threshold below 0.5 g", { shockEnabled: true, shockThresholdG: 0.4 }, "shockThresholdG"],
    ["a shock threshold above 100 g", { shockEnabled: true, shockThresholdG: 101 }, "shockThresholdG"],
    ["a negative alarm delay", { alarmDelayMinutes: -1 }, "alarmDelayMinutes"],
    ["an alarm delay over 7 days", { alarmDelayMinutes: 10_081 }, "alarmDelayMinutes"],
    ["a negative start delay", { startDelayMinutes: -5 }, "startDelayMinutes"],
    ["a start delay over 7 days", { startDelayMinutes: 10_081 }, "startDelayMinutes"],
    ["a battery warning level of 0 %", { batteryWarningLevel: 0 }, "batteryWarningLevel"],
    ["a battery warning level above 90 %", { batteryWarningLevel: 91 }, "batteryWarningLevel"],
    ["a fractional interval", { intervalMinutes: 2.5 }, "intervalMinutes"],
    ["an unknown alarm type", { alarmType: "sometimes" }, "alarmType"],
  ];
  cases.forEach(([rule, payload, field], i) => {
    test(`${rule} is 400 on ${field}`, async () => {
      const res = await create({ ...valid, name: `Rule ${i}`, ...payload });
      expect(res.statusCode).toBe(400);
      expect(fieldIds(res)).toEqual([field]);
      expect(res.json().formFields[0].error).toBeTruthy();
    });
  });

  test("thresholds of a unit that is off are not required", async () => {
    const res = await create({
      ...valid,
      name: "Humidity only",
      temperatureEnabled: false,
      temperatureMin: null,
      temperatureMax: null,
      humidityEnabled: true,
      humidityMin: 30,
      humidityMax: 60,
    });
    expect(res.statusCode).toBe(201);
  });

  test("the temperature limits are the message's words (°C on the server)", async () => {
    const res = await create({ ...valid, name: "Too cold", temperatureMin: -41 });
    expect(res.json().formFields).toEqual([{ id: "temperatureMin", error: "Must be between -40 and 85 °C" }]);
  });

  test("a duplicate name is reported with the other problems in one answer", async () => {
    await create({ ...valid, name: "Twice" });
    const res = await create({ ...valid, name: "twice", intervalMinutes: 0 });
    expect(fieldIds(res).sort()).toEqual(["intervalMinutes", "name"]);
  });

  test("a name taken by an archived preset says so", async () => {
    await create({ ...valid, name: "Retired" });
    await patch("retired", { isArchived: true });
    const res = await create({ ...valid, name: "RETIRED" });
    expect(res.json().formFields[0].error).toContain("archived preset");
  });
});

describe("slugs", () => {
  test("a slug that would be a page of the presets pages (create) gets a suffix", async () => {
    expect((await create({ ...valid, name: "Create" })).json().slug).toBe("create-2");
  });

  test("a name that looks like an id gets a slug that cannot be mistaken for one", async () => {
    const res = await create({ ...valid, name: "12345678-1234-4234-8234-123456789abc" });
    expect(res.json().slug).toBe("preset-12345678-1234-4234-8234-123456789abc");
    const found = await t.app.inject({ method: "GET", url: `/api/label-presets/${res.json().slug}`, headers: admin });
    expect(found.json().id).toBe(res.json().id);
  });

  test("renaming to another preset's name (any case) is 400 on name; to its own name in new case is fine", async () => {
    await create({ ...valid, name: "Cold one" });
    await create({ ...valid, name: "Cold two" });
    expect(fieldIds(await patch("cold-two", { name: "COLD ONE" }))).toEqual(["name"]);
    expect((await patch("cold-two", { name: "COLD TWO" })).statusCode).toBe(200);
  });

  test("the same slug in two companies is two presets, each company sees its own", async () => {
    const other = await t.headersFor(world.users["b:administrator"] as string, world.companies.b);
    await create({ ...valid, name: "Shared name" }, other);
    const mine = (await create({ ...valid, name: "Shared name" })).json();
    expect(mine.slug).toBe("shared-name");
    const res = await t.app.inject({ method: "GET", url: "/api/label-presets/shared-name", headers: admin });
    expect(res.json().id).toBe(mine.id);
  });

  test("deleting another company's preset by slug is 404 and leaves it", async () => {
    const other = await t.headersFor(world.users["b:administrator"] as string, world.companies.b);
    await create({ ...valid, name: "B keeps this" }, other);
    const res = await t.app.inject({ method: "DELETE", url: "/api/label-presets/b-keeps-this", headers: admin });
    expect(res.statusCode).toBe(404);
    const still = await t.app.inject({ method: "GET", url: "/api/label-presets/b-keeps-this", headers: other });
    expect(still.statusCode).toBe(200);
  });
});

describe("the preset list", () => {
  const list = async (query: string) =>
    (await t.app.inject({ method: "GET", url: `/api/label-presets?${query}`, headers: admin })).json();

  test("each preset says how many reports use it", async () => {
    const body = await list(`filter=${encodeURIComponent("name[eq]Pharma 2-8")}`);
    expect(body.data[0].reportCount).toBe(2);
  });

  test("the list orders by how many reports use a preset", async () => {
    const body = await list("order=reportCount[desc]&pageSize=2");
    expect(body.data[0].name).toBe("Pharma 2-8");
  });

  test("archived presets can be filtered in or out", async () => {
    const archived = await list("filter=isArchived[eq]true&pageSize=100");
    expect(archived.data.length).toBeGreaterThan(0);
    expect(archived.data.every((p: { isArchived: boolean }) => p.isArchived)).toBe(true);
    const active = await list("filter=isArchived[eq]false&pageSize=100");
    expect(active.data.every((p: { isArchived: boolean }) => !p.isArchived)).toBe(true);
  });

  test("presets can be filtered by the units they measure", async () => {
    const body = await list("filter=humidityEnabled[eq]true&pageSize=100");
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((p: { humidityEnabled: boolean }) => p.humidityEnabled)).toBe(true);
  });

  test("the delete refusal says how many reports use the preset", async () => {
    const res = await t.app.inject({ method: "DELETE", url: `/api/label-presets/${world.presets.a}`, headers: admin });
    expect(res.json().message).toBe("2 label reports use this preset, so it cannot be deleted: archive it instead");
  });
});

describe("which role may read, create, edit, archive and delete presets", () => {
  const as = (role: string) => t.headersFor(world.users[`a:${role}`] as string, world.companies.a);

  for (const role of ["administrator", "distributorAdmin", "systemAdmin"]) {
    test(`${role} creates, edits, archives and deletes presets`, async () => {
      const headers = await as(role);
      const made = await create({ ...valid, name: `Made by ${role}` }, headers);
      expect(made.statusCode).toBe(201);
      const slug = made.json().slug;
      expect((await patch(slug, { temperatureMax: 9 }, headers)).statusCode).toBe(200);
      expect((await patch(slug, { isArchived: true }, headers)).json().isArchived).toBe(true);
      const del = await t.app.inject({ method: "DELETE", url: `/api/label-presets/${slug}`, headers });
      expect(del.statusCode).toBe(204);
    });
  }

  test("a user cannot even list presets (403)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/label-presets", headers: await as("user") });
    expect(res.statusCode).toBe(403);
  });

  test("a handler reads presets but cannot change or delete them", async () => {
    const headers = await as("handler");
    expect((await t.app.inject({ method: "GET", url: "/api/label-presets", headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/label-presets/stable", headers })).statusCode).toBe(200);
    expect((await create({ ...valid, name: "Handler's" }, headers)).statusCode).toBe(403);
    expect((await patch("stable", { isArchived: true }, headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "DELETE", url: "/api/label-presets/stable", headers })).statusCode).toBe(403);
  });

  test("a subHandler cannot read presets", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/label-presets", headers: await as("subHandler") });
    expect(res.statusCode).toBe(403);
  });
});

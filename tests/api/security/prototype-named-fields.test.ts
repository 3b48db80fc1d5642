import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../support/app";
import { apiKeyOf, registerLabel } from "../support/ingest";
import { flaggedMember } from "../support/members";
import { buildWorld, type World } from "../support/world";

/**
 * A custom field whose key is the name of something every object inherits
 * ("Constructor" -> constructor, "To string" -> toString, "Has own property" ->
 * hasOwnProperty) is a field like any other: its value is stored, answered and filtered
 * on, and an empty one is empty, never the inherited function.
 */

let t: TestApp;
let world: World;
let editor: Record<string, string>;

const define = (payload: object) =>
  t.app.inject({ method: "POST", url: "/api/custom-fields", headers: editor, payload });
const patchReport = (id: string, customFields: object) =>
  t.app.inject({ method: "PATCH", url: `/api/label-reports/${id}`, headers: editor, payload: { customFields } });
const list = (filter: string) =>
  t.app.inject({ method: "GET", url: `/api/label-reports?filter=${encodeURIComponent(filter)}`, headers: editor });

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 4 });
  editor = await flaggedMember(t, "proto-fields@test.example", world.companies.a, { CUSTOM_FIELDS: true });
});
afterAll(async () => t?.close());

describe("custom fields named after Object.prototype members", () => {
  test("a field named 'Constructor' takes a value, answers it and filters on it like any other", async () => {
    const created = await define({ name: "Constructor", type: "text" });
    expect(created.statusCode).toBe(201);
    expect(created.json().key).toBe("constructor");
    const id = world.reports.a[0] as string;
    const set = await patchReport(id, { constructor: "Acme Builders" });
    expect(set.statusCode).toBe(200);
    expect(set.json().customFields).toMatchObject({ constructor: "Acme Builders" });
    const found = await list("customFields.constructor[eq]Acme Builders");
    expect(found.statusCode).toBe(200);
    expect(found.json().data.map((r: { id: string }) => r.id)).toEqual([id]);
  });

  test("a required field named 'To string' is required like any other: an empty one is refused", async () => {
    expect((await define({ name: "To string", type: "text", required: true })).statusCode).toBe(201);
    // Registered after the field became required, so the requirement binds it.
    const ingest = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
    const { id } = await registerLabel(t, ingest, "PROTO-TO-STRING", world.presets.a);
    const res = await patchReport(id, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "customFields.toString", error: "To string is required" }]);
    const ok = await patchReport(id, { toString: "T-1" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().customFields).toMatchObject({ toString: "T-1" });
  });

  test("a number field named 'Has own property' filters by its stored values only", async () => {
    expect((await define({ name: "Has own property", type: "number" })).statusCode).toBe(201);
    const id = world.reports.a[2] as string;
    expect((await patchReport(id, { hasOwnProperty: 7, toString: "T-2" })).statusCode).toBe(200);
    const found = await list("customFields.hasOwnProperty[gt]5");
    expect(found.statusCode).toBe(200);
    expect(found.json().data.map((r: { id: string }) => r.id)).toEqual([id]);
  });

  test("'__proto__' stays refused inside custom field values (400 naming it), nothing stored", async () => {
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/label-reports/${world.reports.a[3]}`,
      headers: { ...editor, "content-type": "application/json" },
      payload: `{"customFields":{"__proto__":{"polluted":true},"toString":"T-3"}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "customFields.__proto__", error: "is not an allowed key" }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { apiKeyOf, registerLabel } from "./support/ingest";
import { flaggedMember } from "./support/members";
import { buildWorld, type World } from "./support/world";

let t: TestApp;
let world: World;
let editorA: Record<string, string>;
let editorB: Record<string, string>;

const flagged = (email: string, companyId: string, types: string[] = ["administrator"]) =>
  flaggedMember(t, email, companyId, { CUSTOM_FIELDS: true }, types);

const define = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: "POST", url: "/api/custom-fields", headers, payload });
const patchReport = (headers: Record<string, string>, id: string, customFields: object) =>
  t.app.inject({ method: "PATCH", url: `/api/label-reports/${id}`, headers, payload: { customFields } });
const list = (headers: Record<string, string>, filter: string) =>
  t.app.inject({ method: "GET", url: `/api/label-reports?filter=${encodeURIComponent(filter)}`, headers });

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 6 });
  editorA = await flagged("fields-a@test.example", world.companies.a);
  editorB = await flagged("fields-b@test.example", world.companies.b);
  for (const payload of [
    { name: "Batch", type: "text" },
    { name: "Pallet count", type: "number" },
    { name: "Packed on", type: "date" },
    { name: "Product", type: "select", options: ["Insulin", "Vaccine"] },
  ])
    expect((await define(editorA, payload)).statusCode).toBe(201);
});
afterAll(async () => t?.close());

describe("custom field definitions", () => {
  test("the key is derived from the name and everyone who reads reports sees the definitions", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/custom-fields",
      headers: await t.headersFor(world.users["a:subHandler"] as string, world.companies.a),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((f: { key: string }) => f.key)).toEqual(["batch", "palletCount", "packedOn", "product"]);
  });

  test("a select field needs options; other types take none", async () => {
    const select = await define(editorA, { name: "Carrier", type: "select", options: [] });
    expect(select.statusCode).toBe(400);
    expect(select.json().formFields[0].id).toBe("options");
    const text = await define(editorA, { name: "Notes", type: "text", options: ["x"] });
    expect(text.statusCode).toBe(400);
  });

  test("two fields with the same key are refused", async () => {
    const res = await define(editorA, { name: "batch", type: "number" });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields[0].id).toBe("name");
  });

  test("an administrator without the CUSTOM_FIELDS flag cannot define fields (403)", async () => {
    const headers = await t.headersFor(world.users["a:administrator"] as string, world.companies.a);
    expect((await define(headers, { name: "Nope", type: "text" })).statusCode).toBe(403);
  });

  test("another company's field cannot be changed or deleted (404)", async () => {
    const created = (await define(editorB, { name: "Lot", type: "text" })).json();
    const patch = await t.app.inject({
      method: "PATCH",
      url: `/api/custom-fields/${created.id}`,
      headers: editorA,
      payload: { required: true },
    });
    expect(patch.statusCode).toBe(404);
    const del = await t.app.inject({ method: "DELETE", url: `/api/custom-fields/${created.id}`, headers: editorA });
    expect(del.statusCode).toBe(404);
  });
});

describe("custom field values on a report", () => {
  const report = () => world.reports.a[0] as string;

  test("values that fit their definitions are stored and answered with the report", async () => {
    const res = await patchReport(editorA, report(), {
      batch: "L-77",
      palletCount: 12,
      packedOn: "2026-10-30",
      product: "Insulin",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().customFields).toMatchObject({
      batch: "L-77",
      palletCount: 12,
      packedOn: "2026-10-30",
      product: "Insulin",
    });
  });

  test("a value of the wrong type, an unknown option or a bad date is a 400 per field", async () => {
    const res = await patchReport(editorA, report(), {
      palletCount: "twelve",
      product: "Aspirin",
      packedOn: "2026-02-30",
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .formFields.map((f: { id: string }) => f.id)
        .sort(),
    ).toEqual(["customFields.packedOn", "customFields.palletCount", "customFields.product"]);
  });

  test("a key no field defines is refused", async () => {
    const res = await patchReport(editorA, report(), { invented: "x" });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([
      { id: "customFields.invented", error: "is not a custom field of this company" },
    ]);
  });

  async function setBatchRequired(required: boolean) {
    const field = (await t.app.inject({ method: "GET", url: "/api/custom-fields", headers: editorA }))
      .json()
      .find((f: { key: string }) => f.key === "batch");
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/custom-fields/${field.id}`,
      headers: editorA,
      payload: { required },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  test("a required field cannot be left empty on a report registered since it became required", async () => {
    expect((await setBatchRequired(true)).requiredSince).not.toBeNull();
    try {
      const ingest = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
      const { id } = await registerLabel(t, ingest, "CF-REQUIRED-NEW", world.presets.a);
      const res = await patchReport(editorA, id, { batch: null });
      expect(res.statusCode).toBe(400);
      expect(res.json().formFields[0]).toEqual({ id: "customFields.batch", error: "Batch is required" });
    } finally {
      await setBatchRequired(false);
    }
  });

  test("a field made required after a report was registered does not stop saving its other values", async () => {
    await setBatchRequired(true);
    try {
      const res = await patchReport(editorA, report(), { batch: null, palletCount: 12 });
      expect(res.statusCode).toBe(200);
    } finally {
      await setBatchRequired(false);
    }
  });

  test("another company's definitions do not apply: B's field key is unknown on A's report", async () => {
    await define(editorB, { name: "Vessel", type: "text" });
    const res = await patchReport(editorA, report(), { vessel: "MSC" });
    expect(res.statusCode).toBe(400);
  });
});

describe("filtering the report list by a custom field", () => {
  beforeAll(async () => {
    const [r1, r2, r3] = world.reports.a as [string, string, string];
    await patchReport(editorA, r1, { batch: "LOT-1", palletCount: 5, packedOn: "2026-10-01", product: "Vaccine" });
    await patchReport(editorA, r2, { batch: "LOT-2", palletCount: 50, packedOn: "2026-10-20", product: "Insulin" });
    await patchReport(editorA, r3, { batch: "other", palletCount: 500 });
  });
  const ids = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((r) => r.id);

  test("text: eq and ilike", async () => {
    const [r1, r2] = world.reports.a as [string, string];
    expect(ids(await list(editorA, "customFields.batch[eq]LOT-1"))).toEqual([r1]);
    expect(ids(await list(editorA, "customFields.batch[ilike]lot")).sort()).toEqual([r1, r2].sort());
  });

  test("number compares as a number (50 < 500), not as text", async () => {
    const [, r2, r3] = world.reports.a as [string, string, string];
    expect(ids(await list(editorA, "customFields.palletCount[gte]50")).sort()).toEqual([r2, r3].sort());
  });

  test("date range and select includes", async () => {
    const [r1, r2] = world.reports.a as [string, string];
    expect(ids(await list(editorA, "customFields.packedOn[gt]2026-10-10"))).toEqual([r2]);
    expect(ids(await list(editorA, "customFields.product[includes]Vaccine")).sort()).toEqual([r1]);
  });

  test("an undefined key is a 400 naming it, and SQL in a value is only a value", async () => {
    const res = await list(editorA, "customFields.nope[eq]1");
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields[0].error).toContain("customFields.nope");
    const injection = await list(editorA, "customFields.batch[eq]x' or '1'='1");
    expect(injection.statusCode).toBe(200);
    expect(injection.json().totalDocuments).toBe(0);
  });

  test("a value of the wrong type for the field is a 400", async () => {
    expect((await list(editorA, "customFields.palletCount[gt]many")).statusCode).toBe(400);
    expect((await list(editorA, "customFields.product[eq]Aspirin")).statusCode).toBe(400);
  });

  test("another company's field keys are unknown in this company's list", async () => {
    const res = await list(editorA, "customFields.vessel[eq]MSC");
    expect(res.statusCode).toBe(400);
  });
});

describe("filtering a distributor's report list by a custom field its companies define differently", () => {
  test("select options of the same key in the distributor and a sub-company can all be filtered by", async () => {
    const distributor = await flagged("fields-d@test.example", world.companies.distributor, ["distributorAdmin"]);
    const sub = await flagged("fields-s@test.example", world.companies.sub);
    expect((await define(distributor, { name: "Product", type: "select", options: ["Serum"] })).statusCode).toBe(201);
    expect((await define(sub, { name: "Product", type: "select", options: ["Plasma"] })).statusCode).toBe(201);
    const [s1] = world.reports.sub as [string];
    expect((await patchReport(sub, s1, { product: "Plasma" })).statusCode).toBe(200);
    // Before the options were pooled, the distributor's own definition alone decided: Plasma was a 400.
    const res = await list(distributor, "customFields.product[includes]Plasma");
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { id: string }) => r.id)).toEqual([s1]);
    expect((await list(distributor, "customFields.product[eq]Serum")).json().totalDocuments).toBe(0);
  });
});

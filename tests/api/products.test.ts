import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BatchDetail, ProductDetail, ProductListItem } from "../../core/api/product";
import type { ShipmentDetail } from "../../core/api/shipment";
import { createTestApp, roleTokenFor, type TestApp } from "./support/app";
import { apiKeyOf, registerLabel, sendReadings, series } from "./support/ingest";
import { ProtocolClient } from "./support/protocol";
import { buildWorld, MEMBER_ROLES, setEveryPassword, type World } from "./support/world";

/**
 * Products and stability budgets: a product's batch has a budget of time above and below
 * its storage range; every shipment of the batch consumes it with its labels' readings.
 */

let t: TestApp;
let world: World;
let ingestA: string;
let readA: string;
let admin: Record<string, string>;

const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";
const FROM = "2026-11-02T08:00:00Z";
const PASSWORD = "Signing-pass-1";
const INSULIN = {
  name: "Insulin glargine 100 U/ml",
  code: "INS-100",
  storageMin: 2,
  storageMax: 8,
  budgetAboveMinutes: 72 * 60,
  budgetBelowMinutes: 24 * 60,
};

const as = (key: string, company: keyof World["companies"] = "a") =>
  t.headersFor(world.users[key] as string, world.companies[company]);

const create = (payload: Record<string, unknown>, headers = admin) =>
  t.app.inject({ method: "POST", url: "/api/products", headers, payload });
const patch = (id: string, payload: Record<string, unknown>, headers = admin) =>
  t.app.inject({ method: "PATCH", url: `/api/products/${id}`, headers, payload });
const get = (id: string, headers = admin) => t.app.inject({ method: "GET", url: `/api/products/${id}`, headers });
const list = (query = "", headers = admin) => t.app.inject({ method: "GET", url: `/api/products?${query}`, headers });
const batchOf = (id: string, batch: string, headers = admin) =>
  t.app.inject({ method: "GET", url: `/api/products/${id}/batches/${encodeURIComponent(batch)}`, headers });

async function product(code: string, more: Record<string, unknown> = {}, headers = admin): Promise<ProductDetail> {
  const res = await create({ ...INSULIN, code, ...more }, headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function shipment(payload: Record<string, unknown>, headers = admin): Promise<ShipmentDetail> {
  const res = await t.app.inject({ method: "POST", url: "/api/shipments", headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A recording label of company A with readings every 5 minutes from FROM, temperature by index. */
async function label(labelId: string, temperatures: number[]): Promise<string> {
  const { id } = await registerLabel(t, ingestA, labelId, world.presets.a);
  const readings = series(FROM, temperatures.length, 5, (i) => temperatures[i] as number);
  const sent = await sendReadings(t, ingestA, labelId, readings);
  expect(sent.statusCode, sent.body).toBe(200);
  return id;
}

const at = (value: number, from: number, to: number, count = 12) =>
  Array.from({ length: count }, (_, i) => (i >= from && i <= to ? value : 5));

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 2 });
  ingestA = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
  readA = await apiKeyOf(t.database.db, world.companies.a, ["read"]);
  admin = await as("a:administrator");
  await setEveryPassword(t.database.db, PASSWORD);
});
afterAll(async () => t?.close());

describe("creating, reading and changing a product", () => {
  test("a created product is answered with its range, its budgets and no batches", async () => {
    const created = await product("CRUD-1");
    expect(created).toMatchObject({ ...INSULIN, code: "CRUD-1", companyId: world.companies.a, shipmentCount: 0 });
    expect(created.batches).toEqual([]);
    expect((await get(created.id)).json()).toEqual(created);
  });

  test("a patch changes the given fields, keeps the others, and the trail records old and new", async () => {
    const created = await product("CRUD-PATCH");
    const res = await patch(created.id, { budgetAboveMinutes: 48 * 60 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ budgetAboveMinutes: 2880, budgetBelowMinutes: 1440, name: INSULIN.name });
    const entry = await t.database.db
      .selectFrom("auditLog")
      .select(["before", "after"])
      .where("entityId", "=", created.id)
      .where("action", "=", "update")
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ before: { budgetAboveMinutes: 4320 }, after: { budgetAboveMinutes: 2880 } });
  });

  test("the list searches the name and filters by code", async () => {
    await product("LIST-VAC", { name: "Influenza vaccine" });
    const byName = await list("filter=name[ilike]influenza");
    expect(byName.json().data.map((p: ProductListItem) => p.code)).toEqual(["LIST-VAC"]);
    expect((await list("filter=code[eq]LIST-VAC")).json().totalDocuments).toBe(1);
  });

  test("the code is unique in the company whatever the case, and a 400 names it", async () => {
    await product("UNIQUE-1");
    const res = await create({ ...INSULIN, code: "unique-1" });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "code", error: expect.stringContaining("unique-1") }]);
  });

  test("another company may use the same code", async () => {
    await product("SHARED-CODE");
    expect((await create({ ...INSULIN, code: "SHARED-CODE" }, await as("b:administrator", "b"))).statusCode).toBe(201);
  });

  test("a storage range upside down is a 400 naming storageMax, on creation and on change", async () => {
    const res = await create({ ...INSULIN, code: "RANGE", storageMin: 8, storageMax: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "storageMax", error: expect.any(String) }]);
    const created = await product("RANGE-2");
    expect((await patch(created.id, { storageMin: 9 })).json().formFields).toEqual([
      { id: "storageMax", error: expect.any(String) },
    ]);
  });

  test("bad input is a 400 naming each field, never a 500", async () => {
    const missing = await create({ name: "No code" });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain("code");
    const negative = await create({ ...INSULIN, code: "NEG", budgetAboveMinutes: -1 });
    expect(negative.statusCode).toBe(400);
    expect(JSON.stringify(negative.json())).toContain("budgetAboveMinutes");
    const text = await create({ ...INSULIN, code: "TXT", storageMin: "cold" });
    expect(text.statusCode).toBe(400);
    expect(JSON.stringify(text.json())).toContain("storageMin");
    expect((await create({ ...INSULIN, code: "   " })).statusCode).toBe(400);
    const created = await product("BAD-PATCH");
    expect((await patch(created.id, {})).statusCode).toBe(400);
  });

  test("a shipment may only carry a product of its company: a 400 naming productId", async () => {
    const foreign = await product("FOREIGN-P", {}, await as("b:administrator", "b"));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/shipments",
      headers: admin,
      payload: { reference: "SHP-FOREIGN-PRODUCT", productId: foreign.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "productId", error: expect.any(String) }]);
  });
});

describe("budget consumption", () => {
  test("the shipments of a batch add up, each counting the longest of its labels per side", async () => {
    const insulin = await product("USE-ADD");
    // Shipment 1: one label 15 min above, the other 20 min above and 5 min below.
    const l1 = await label("USE-L1", at(12, 2, 4));
    const l2 = await label("USE-L2", [5, 5, 12, 12, 12, 12, 5, 5, 0, 5, 5, 5]);
    await shipment({ reference: "USE-S1", productId: insulin.id, batch: "B-1", reportIds: [l1, l2] });
    // Shipment 2 of the same batch: 30 min above.
    const l3 = await label("USE-L3", at(10, 0, 5));
    await shipment({ reference: "USE-S2", productId: insulin.id, batch: "B-1", reportIds: [l3] });
    // Another batch is not counted.
    const l4 = await label("USE-L4", at(12, 0, 11));
    await shipment({ reference: "USE-S3", productId: insulin.id, batch: "B-2", reportIds: [l4] });

    const res = await batchOf(insulin.id, "B-1");
    expect(res.statusCode, res.body).toBe(200);
    const batch: BatchDetail = res.json();
    expect(batch.shipments).toEqual([
      { id: expect.any(String), reference: "USE-S1", aboveMinutes: 20, belowMinutes: 5 },
      { id: expect.any(String), reference: "USE-S2", aboveMinutes: 30, belowMinutes: 0 },
    ]);
    expect(batch.budget.above).toEqual({ usedMinutes: 50, budgetMinutes: 4320, remainingMinutes: 4270 });
    expect(batch.budget.below).toEqual({ usedMinutes: 5, budgetMinutes: 1440, remainingMinutes: 1435 });
    expect(batch.exhausted).toBe(false);
  });

  test("the product lists its batches with their use", async () => {
    const insulin = await product("USE-LIST");
    const l1 = await label("LIST-L1", at(12, 0, 2));
    await shipment({ reference: "LIST-S1", productId: insulin.id, batch: "A-1", reportIds: [l1] });
    await shipment({ reference: "LIST-S2", productId: insulin.id, batch: "A-2" });
    const detail: ProductDetail = (await get(insulin.id)).json();
    expect(detail.batches.map((b) => [b.batch, b.shipmentCount, b.budget.above.usedMinutes])).toEqual([
      ["A-1", 1, 15],
      ["A-2", 1, 0],
    ]);
  });

  test("a late reading that changes the time out of range changes the batch's use", async () => {
    const insulin = await product("USE-LATE");
    // Readings every 5 minutes with the one at 30 min missing; it arrives later, at 12 °C.
    const readings = series(FROM, 12, 5, (i) => (i === 2 ? 12 : 5)).filter((_, i) => i !== 6);
    const { id } = await registerLabel(t, ingestA, "LATE-L1", world.presets.a);
    expect((await sendReadings(t, ingestA, "LATE-L1", readings)).statusCode).toBe(200);
    await shipment({ reference: "LATE-S1", productId: insulin.id, batch: "L-1", reportIds: [id] });
    expect((await batchOf(insulin.id, "L-1")).json().budget.above.usedMinutes).toBe(5);

    const late = series(FROM, 12, 5, () => 12)[6];
    expect((await sendReadings(t, ingestA, "LATE-L1", [late])).statusCode).toBe(200);
    expect((await batchOf(insulin.id, "L-1")).json().budget.above.usedMinutes).toBe(10);
  });

  test("a late reading that changes the batch's use says so in the report's trail, old → new", async () => {
    const insulin = await product("USE-TRAIL");
    const readings = series(FROM, 12, 5, (i) => (i === 2 ? 12 : 5)).filter((_, i) => i !== 6);
    const { id } = await registerLabel(t, ingestA, "TRAIL-L1", world.presets.a);
    expect((await sendReadings(t, ingestA, "TRAIL-L1", readings)).statusCode).toBe(200);
    await shipment({ reference: "TRAIL-S1", productId: insulin.id, batch: "TR-1", reportIds: [id] });
    const late = series(FROM, 12, 5, () => 12)[6];
    expect((await sendReadings(t, ingestA, "TRAIL-L1", [late])).statusCode).toBe(200);
    const entries = await t.database.db
      .selectFrom("auditLog")
      .select(["before", "after"])
      .where("entityId", "=", id)
      .where("action", "=", "budgetUse")
      .execute();
    expect(entries).toEqual([
      {
        before: { productId: insulin.id, batch: "TR-1", aboveUsedMinutes: 5 },
        after: {
          productId: insulin.id,
          batch: "TR-1",
          aboveUsedMinutes: 10,
          text: "Stability budget of batch TR-1 used: 5 min → 10 min above 8 °C",
        },
      },
    ]);
  });

  test("a shipment whose batch used up its budget is critical, whatever its label's rule said", async () => {
    const tight = await product("USE-TIGHT", { budgetAboveMinutes: 20 });
    const l1 = await label("TIGHT-L1", at(12, 0, 4));
    const created = await shipment({ reference: "TIGHT-S1", productId: tight.id, batch: "T-1", reportIds: [l1] });
    expect(created.budgetExhausted).toBe(true);
    expect(created.budget).toMatchObject({
      batch: "T-1",
      exhausted: true,
      budget: { above: { usedMinutes: 25, budgetMinutes: 20, remainingMinutes: 0 } },
    });
  });

  test("a shipment with budget left shows the batch's remaining budget and is not critical for it", async () => {
    const insulin = await product("USE-LEFT");
    const created = await shipment({ reference: "LEFT-S1", productId: insulin.id, batch: "X-1" });
    expect(created.budgetExhausted).toBe(false);
    expect(created.budget?.budget.above.remainingMinutes).toBe(4320);
  });

  test("a shipment without a product has no budget", async () => {
    const created = await shipment({ reference: "NO-PRODUCT", product: "Plain text", batch: "P-1" });
    expect(created.budget).toBeNull();
    expect(created.budgetExhausted).toBe(false);
  });

  test("an unknown batch is a 404", async () => {
    const insulin = await product("USE-404");
    expect((await batchOf(insulin.id, "NOPE")).statusCode).toBe(404);
  });
});

describe("who may read and change products", () => {
  test("administrators create and change products; users, handlers and sub-handlers only read them", async () => {
    const target = await product("ROLE-TARGET");
    for (const role of MEMBER_ROLES) {
      const headers = await as(`a:${role}`);
      const writes = ["administrator", "distributorAdmin", "systemAdmin"].includes(role);
      expect([role, (await create({ ...INSULIN, code: `ROLE-${role}` }, headers)).statusCode]).toEqual([
        role,
        writes ? 201 : 403,
      ]);
      expect([role, (await patch(target.id, { name: `By ${role}` }, headers)).statusCode]).toEqual([
        role,
        writes ? 200 : 403,
      ]);
      expect([role, (await list("", headers)).statusCode]).toEqual([role, 200]);
      expect([role, (await get(target.id, headers)).statusCode]).toEqual([role, 200]);
    }
  });

  test("a signed-in session reads and changes products", async () => {
    const client = new ProtocolClient(t.app);
    expect((await client.signIn("a-administrator@test.example", PASSWORD)).json().status).toBe("OK");
    expect((await client.companyToken(world.companies.a)).statusCode).toBe(200);
    const headers = client.sessionHeaders;
    const created = await create({ ...INSULIN, code: "SESSION-1" }, headers);
    expect(created.statusCode, created.body).toBe(201);
    expect((await get(created.json().id, headers)).statusCode).toBe(200);
  });

  test("support acting as an administrator may, and the trail names both", async () => {
    const token = await roleTokenFor(t.database.db, t.keys, {
      userId: world.users["a:administrator"] as string,
      companyId: world.companies.a,
      impersonatorUserId: world.users["operator:systemAdmin"] as string,
    });
    const headers = { "api-key": token.secret, jwt: token.jwtToken };
    const created = await create({ ...INSULIN, code: "SUPPORT-1" }, headers);
    expect(created.statusCode, created.body).toBe(201);
    const entry = await t.database.db
      .selectFrom("auditLog")
      .select(["actorUserId", "impersonatorUserId"])
      .where("entityId", "=", created.json().id)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({
      actorUserId: world.users["a:administrator"],
      impersonatorUserId: world.users["operator:systemAdmin"],
    });
    expect((await batchOf(created.json().id, "none", headers)).statusCode).toBe(404);
  });

  test("an API key with the read scope reads products and batches, no key changes them, nobody without credentials", async () => {
    const target = await product("KEYS-1");
    await shipment({ reference: "KEYS-S1", productId: target.id, batch: "K-1" });
    const read = { "api-key": readA };
    const ingest = { "api-key": ingestA };
    expect((await list("", read)).statusCode).toBe(200);
    expect((await get(target.id, read)).statusCode).toBe(200);
    expect((await batchOf(target.id, "K-1", read)).statusCode).toBe(200);
    expect((await create({ ...INSULIN, code: "BY-KEY" }, read)).statusCode).toBe(403);
    expect((await patch(target.id, { name: "By key" }, read)).statusCode).toBe(403);
    expect((await list("", ingest)).statusCode).toBe(403);
    expect((await batchOf(target.id, "K-1", ingest)).statusCode).toBe(403);
    expect((await create({ ...INSULIN, code: "BY-INGEST" }, ingest)).statusCode).toBe(403);
    expect((await list("", {})).statusCode).toBe(401);
    expect((await get(target.id, {})).statusCode).toBe(401);
    expect((await batchOf(target.id, "K-1", {})).statusCode).toBe(401);
    expect((await create({ ...INSULIN, code: "NOBODY" }, {})).statusCode).toBe(401);
    expect((await patch(target.id, { name: "Nobody" }, {})).statusCode).toBe(401);
  });

  test("another company's product and batches are a 404 to read and to change, and are not listed", async () => {
    const headersB = await as("b:administrator", "b");
    const foreign = await product("HIDDEN-B", { name: "Hidden of B" }, headersB);
    await shipment({ reference: "HIDDEN-S1", productId: foreign.id, batch: "H-1" }, headersB);
    expect((await get(foreign.id)).statusCode).toBe(404);
    expect((await batchOf(foreign.id, "H-1")).statusCode).toBe(404);
    expect((await patch(foreign.id, { name: "Mine now" })).statusCode).toBe(404);
    expect((await get(NO_SUCH_ID)).statusCode).toBe(404);
    expect((await list("filter=name[ilike]Hidden of B")).json().data).toEqual([]);
    expect((await get(foreign.id, headersB)).json().name).toBe("Hidden of B");
  });

  test("a distributor's list spans its sub-companies' products", async () => {
    const sub = await product("SUB-1", { name: "Sub product" }, await as("sub:administrator", "sub"));
    const distributor = await as("distributor:distributorAdmin", "distributor");
    expect(
      (await list("filter=name[ilike]Sub product", distributor)).json().data.map((p: ProductListItem) => p.id),
    ).toEqual([sub.id]);
    expect((await get(sub.id, distributor)).statusCode).toBe(200);
  });
});

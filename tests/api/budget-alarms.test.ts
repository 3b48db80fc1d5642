import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ProductDetail } from "../../core/api/product";
import type { ShipmentDetail } from "../../core/api/shipment";
import { encodeListQuery } from "../../core/domain/list-query";
import { createTestApp, type TestApp } from "./support/app";
import { apiKeyOf, registerLabel, sendReadings, series } from "./support/ingest";
import { buildWorld, type World } from "./support/world";

/**
 * A shipment that uses up its batch's stability budget raises one critical alarm per side,
 * whatever its labels' rules said; an alarm is an event, so it stays when budget comes back.
 */

let t: TestApp;
let world: World;
let ingestA: string;
let admin: Record<string, string>;

const FROM = "2026-11-02T08:00:00Z";
const PRODUCT = {
  name: "Insulin glargine 100 U/ml",
  storageMin: 2,
  storageMax: 8,
  budgetAboveMinutes: 40,
  budgetBelowMinutes: 24 * 60,
};

interface AlarmRow {
  id: string;
  reportId: string;
  kind: string;
  side: string | null;
  severity: string;
  state: string;
}

async function product(code: string): Promise<ProductDetail> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/products",
    headers: admin,
    payload: { ...PRODUCT, code },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function shipment(payload: Record<string, unknown>): Promise<ShipmentDetail> {
  const res = await t.app.inject({ method: "POST", url: "/api/shipments", headers: admin, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Readings every 5 minutes from FROM: 12 °C at the given indexes, 5 °C elsewhere; `skip` left out. */
const readingsOf = (above: number[], skip: number[] = []) =>
  series(FROM, 12, 5, (i) => (above.includes(i) ? 12 : 5)).filter((_, i) => !skip.includes(i));

async function label(labelId: string, readings: unknown[]): Promise<string> {
  const { id } = await registerLabel(t, ingestA, labelId, world.presets.a);
  const sent = await sendReadings(t, ingestA, labelId, readings);
  expect(sent.statusCode, sent.body).toBe(200);
  return id;
}

/** The budget alarms of the given reports, as the Alarms inbox lists them. */
async function budgetAlarms(reportIds: string[]): Promise<AlarmRow[]> {
  const rows: AlarmRow[] = [];
  for (const reportId of reportIds) {
    const query = encodeListQuery({
      filters: [
        { key: "reportId", operator: "eq", value: reportId },
        { key: "kind", operator: "eq", value: "budgetExhausted" },
      ],
    });
    const res = await t.app.inject({ method: "GET", url: `/api/alarms?${query}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    rows.push(...res.json().data);
  }
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  ingestA = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
  admin = await t.headersFor(world.users["a:administrator"] as string, world.companies.a);
});
afterAll(async () => t?.close());

describe("a used-up stability budget is a critical alarm", () => {
  test("the second shipment of a batch that uses its budget up raises one critical alarm, the first none", async () => {
    const insulin = await product("ALARM-TWO");
    // 15 min above, then 30 min above: 45 min of a 40 min budget.
    const first = await label("ALARM-TWO-1", readingsOf([0, 1, 2]));
    await shipment({ reference: "ALARM-TWO-S1", productId: insulin.id, batch: "B-1", reportIds: [first] });
    expect(await budgetAlarms([first])).toEqual([]);
    const second = await label("ALARM-TWO-2", readingsOf([0, 1, 2, 3, 4, 5]));
    const exhausting = await shipment({
      reference: "ALARM-TWO-S2",
      productId: insulin.id,
      batch: "B-1",
      reportIds: [second],
    });
    expect(exhausting.budgetExhausted).toBe(true);
    expect(await budgetAlarms([first, second])).toEqual([
      expect.objectContaining({ reportId: second, kind: "budgetExhausted", side: "above", severity: "critical" }),
    ]);
  });

  test("readings that use the budget up raise the alarm on the label that sent them, once however often re-sent", async () => {
    const insulin = await product("ALARM-INGEST");
    const { id } = await registerLabel(t, ingestA, "ALARM-INGEST-1", world.presets.a);
    await shipment({ reference: "ALARM-INGEST-S1", productId: insulin.id, batch: "I-1", reportIds: [id] });
    const readings = readingsOf([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await sendReadings(t, ingestA, "ALARM-INGEST-1", readings)).statusCode).toBe(200);
    expect((await sendReadings(t, ingestA, "ALARM-INGEST-1", readings)).statusCode).toBe(200);
    expect(await budgetAlarms([id])).toEqual([
      expect.objectContaining({ reportId: id, side: "above", severity: "critical", state: "open" }),
    ]);
  });

  test("a late reading that uses the budget up raises the alarm", async () => {
    const insulin = await product("ALARM-LATE");
    // 30 min above; the readings at 35 and 40 min are missing and arrive later at 12 °C: 40 min.
    const id = await label("ALARM-LATE-1", readingsOf([0, 1, 2, 3, 4, 5], [7, 8]));
    await shipment({ reference: "ALARM-LATE-S1", productId: insulin.id, batch: "L-1", reportIds: [id] });
    expect(await budgetAlarms([id])).toEqual([]);
    const late = readingsOf([7, 8]).slice(7, 9);
    expect((await sendReadings(t, ingestA, "ALARM-LATE-1", late)).statusCode).toBe(200);
    expect(await budgetAlarms([id])).toEqual([expect.objectContaining({ side: "above", severity: "critical" })]);
  });

  test("a late reading that gives budget back leaves the alarm raised: an alarm is an event", async () => {
    const insulin = await product("ALARM-BACK");
    // 12 °C up to 30 min with the reading at 35 min missing: the last one counts 10 min, 40 min in all.
    const id = await label("ALARM-BACK-1", readingsOf([0, 1, 2, 3, 4, 5, 6], [7]));
    const created = await shipment({
      reference: "ALARM-BACK-S1",
      productId: insulin.id,
      batch: "K-1",
      reportIds: [id],
    });
    expect(created.budgetExhausted).toBe(true);
    expect(await budgetAlarms([id])).toHaveLength(1);
    // The missing reading was in range: 35 min, budget left again.
    const late = readingsOf([]).slice(7, 8);
    expect((await sendReadings(t, ingestA, "ALARM-BACK-1", late)).statusCode).toBe(200);
    const after = await t.app.inject({ method: "GET", url: `/api/shipments/${created.id}`, headers: admin });
    expect(after.json().budgetExhausted).toBe(false);
    expect(await budgetAlarms([id])).toEqual([expect.objectContaining({ state: "open", severity: "critical" })]);
  });

  test("a shipment with budget left raises no alarm", async () => {
    const insulin = await product("ALARM-NONE");
    const id = await label("ALARM-NONE-1", readingsOf([0, 1]));
    await shipment({ reference: "ALARM-NONE-S1", productId: insulin.id, batch: "N-1", reportIds: [id] });
    expect(await budgetAlarms([id])).toEqual([]);
  });

  test("the alarm is sent as an alert like every alarm, to the webhook's alarm event too", async () => {
    const insulin = await product("ALARM-EVENT");
    const id = await label("ALARM-EVENT-1", readingsOf([0, 1, 2, 3, 4, 5, 6, 7, 8]));
    await shipment({ reference: "ALARM-EVENT-S1", productId: insulin.id, batch: "E-1", reportIds: [id] });
    const event = await t.database.db
      .selectFrom("alertEvents")
      .select(["kind", "details"])
      .where("reportId", "=", id)
      .where("kind", "=", "budgetExhausted")
      .executeTakeFirstOrThrow();
    expect(event.details).toMatchObject({ side: "above", batch: "E-1", shipmentReference: "ALARM-EVENT-S1" });
  });
});

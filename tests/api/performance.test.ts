import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { PerformanceAnswer, PerformanceRow } from "../../core/api/performance";
import { createTestApp, roleTokenFor, type TestApp } from "./support/app";
import { apiKeyOf, endedLabel, sendReadings, series, stopLabel } from "./support/ingest";
import { ProtocolClient } from "./support/protocol";
import { buildWorld, MEMBER_ROLES, setEveryPassword, type World } from "./support/world";

/**
 * Lane and carrier performance (GET /api/performance): the aggregates of a hand-computed
 * fixture in company A, period March–April 2026 (UTC).
 *
 * Lane Basel → Rotterdam:
 * - S1 (Kuehne), planned 2 Mar 08:00 → 4 Mar 08:00 (48 h): two labels of 60 min, one
 *   clean, one 20 min above 8 °C (a violation). Alarm: yes; out 20 of 120 min.
 * - S2 (DHL), planned 10 Apr → 11 Apr (24 h): one clean label of 60 min.
 * - S3 (Kuehne), not planned: one label starting 15 Apr 10:00 for 120 min with a 75-min
 *   gap (incomplete data); transit = first start → last end = 2 h.
 * Lane Hamburg → Oslo:
 * - S4 (Schenker), planned 20 Mar → 23 Mar (72 h): one label of 60 min, the first 10 min
 *   below 2 °C (a violation).
 * - S5 (Schenker), planned 20 Feb: outside the period.
 *
 * So Basel → Rotterdam: 3 shipments, alarm 1/3, out 20 min of 300 min logged = 400 per
 * 100 h, incomplete 1/3, transit median of 48, 24, 2 = 24 h; in March 1 shipment (out
 * 20 of 120 = 1,000 per 100 h, 48 h), in April 2 (out 0 of 180, incomplete 1/2, median
 * of 24 and 2 = 13 h). Hamburg → Oslo: 1 shipment, alarm 1, 10 of 60 min = 1,000 per
 * 100 h, 72 h.
 */

let t: TestApp;
let world: World;
let ingestA: string;
let admin: Record<string, string>;

const PASSWORD = "Signing-pass-1";
const PERIOD = "from=2026-03-01T00:00:00.000Z&to=2026-05-01T00:00:00.000Z";

const as = (key: string, company: keyof World["companies"] = "a") =>
  t.headersFor(world.users[key] as string, world.companies[company]);

const ask = (query: string, headers: Record<string, string> = admin, path = "/api/performance") =>
  t.app.inject({ method: "GET", url: `${path}?${query}`, headers });

async function answer(query: string, headers: Record<string, string> = admin): Promise<PerformanceAnswer> {
  const res = await ask(query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const rowOf = (result: PerformanceAnswer, name: { origin?: string; destination?: string; carrier?: string }) =>
  result.rows.find(
    (row) =>
      (name.origin === undefined || row.origin === name.origin) &&
      (name.destination === undefined || row.destination === name.destination) &&
      (name.carrier === undefined || row.carrier === name.carrier),
  ) as PerformanceRow;

async function shipment(headers: Record<string, string>, fields: Record<string, unknown>): Promise<string> {
  const res = await t.app.inject({ method: "POST", url: "/api/shipments", headers, payload: fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** A label registered on the shipment, sent these readings and ended: its summary is final. Answers its report id. */
async function label(shipmentId: string, labelId: string, readings: unknown[]): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/label-reports",
    headers: { "api-key": ingestA },
    payload: { labelId, presetId: world.presets.a, shipmentId },
  });
  expect(res.statusCode, res.body).toBe(201);
  expect((await sendReadings(t, ingestA, labelId, readings)).statusCode).toBe(200);
  const reportId: string = res.json().id;
  await stopLabel(t, ingestA, reportId);
  return reportId;
}

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  ingestA = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
  admin = await as("a:administrator");
  await setEveryPassword(t.database.db, PASSWORD);

  const basel = { origin: "Basel", destination: "Rotterdam" };
  const hamburg = { origin: "Hamburg", destination: "Oslo", carrier: "Schenker" };
  const s1 = await shipment(admin, {
    reference: "S1",
    ...basel,
    carrier: "Kuehne",
    plannedDeparture: "2026-03-02T08:00:00.000Z",
    plannedArrival: "2026-03-04T08:00:00.000Z",
  });
  await label(s1, "S1-CLEAN", series("2026-03-02T08:00:00Z", 13, 5));
  // Readings 4–7 (08:20–08:35) at 12 °C: above 8 °C from 08:20 to the next reading in range, 08:40.
  await label(
    s1,
    "S1-HOT",
    series("2026-03-02T08:00:00Z", 13, 5, (i) => (i >= 4 && i < 8 ? 12 : 5)),
  );
  const s2 = await shipment(admin, {
    reference: "S2",
    ...basel,
    carrier: "DHL",
    plannedDeparture: "2026-04-10T08:00:00.000Z",
    plannedArrival: "2026-04-11T08:00:00.000Z",
  });
  await label(s2, "S2-CLEAN", series("2026-04-10T08:00:00Z", 13, 5));
  const s3 = await shipment(admin, { reference: "S3", ...basel, carrier: "Kuehne" });
  // Readings 5–18 missing: 75 minutes without data, longer than the company's 60 minutes.
  const gappy = series("2026-04-15T10:00:00Z", 25, 5).filter((_, i) => i < 5 || i > 18);
  await label(s3, "S3-GAP", gappy);
  const s4 = await shipment(admin, {
    reference: "S4",
    ...hamburg,
    plannedDeparture: "2026-03-20T08:00:00.000Z",
    plannedArrival: "2026-03-23T08:00:00.000Z",
  });
  // Readings 0–1 at 0 °C: below 2 °C from 08:00 to 08:10.
  await label(
    s4,
    "S4-COLD",
    series("2026-03-20T08:00:00Z", 13, 5, (i) => (i < 2 ? 0 : 5)),
  );
  const s5 = await shipment(admin, { reference: "S5", ...hamburg, plannedDeparture: "2026-02-20T08:00:00.000Z" });
  await label(
    s5,
    "S5-HOT",
    series("2026-02-20T08:00:00Z", 13, 5, () => 12),
  );
  // Company B's shipment on the same lane in the period: never in A's figures.
  await shipment(await as("b:administrator", "b"), {
    reference: "B1",
    ...basel,
    carrier: "Kuehne",
    plannedDeparture: "2026-03-05T08:00:00.000Z",
  });
});
afterAll(async () => t?.close());

describe("per lane", () => {
  test("a lane's figures are its shipments', shares of shipments and out-of-range time per 100 h logged", async () => {
    const result = await answer(`${PERIOD}&groupBy=lane`);
    expect(result.months).toEqual(["2026-03", "2026-04"]);
    expect(rowOf(result, { origin: "Basel", destination: "Rotterdam" })).toMatchObject({
      carrier: "",
      shipments: 3,
      alarmShare: 0.3333,
      outOfRangePer100h: 400,
      incompleteShare: 0.3333,
      medianTransitHours: 24,
    });
    expect(rowOf(result, { origin: "Hamburg", destination: "Oslo" })).toMatchObject({
      shipments: 1,
      alarmShare: 1,
      outOfRangePer100h: 1000,
      incompleteShare: 0,
      medianTransitHours: 72,
    });
  });

  test("each month has the figures of the shipments departing in it", async () => {
    const lane = rowOf(await answer(`${PERIOD}&groupBy=lane`), { origin: "Basel", destination: "Rotterdam" });
    expect(lane.months).toEqual([
      {
        month: "2026-03",
        shipments: 1,
        alarmShare: 1,
        outOfRangePer100h: 1000,
        incompleteShare: 0,
        medianTransitHours: 48,
      },
      {
        month: "2026-04",
        shipments: 2,
        alarmShare: 0,
        outOfRangePer100h: 0,
        incompleteShare: 0.5,
        medianTransitHours: 13,
      },
    ]);
  });

  test("a month without shipments has none and no rates", async () => {
    const lane = rowOf(await answer(`${PERIOD}&groupBy=lane`), { origin: "Hamburg", destination: "Oslo" });
    expect(lane.months[1]).toEqual({
      month: "2026-04",
      shipments: 0,
      alarmShare: null,
      outOfRangePer100h: null,
      incompleteShare: null,
      medianTransitHours: null,
    });
  });

  test("lanes come most shipments first", async () => {
    const result = await answer(PERIOD);
    expect(result.groupBy).toBe("lane");
    expect(result.rows.map((row) => `${row.origin} → ${row.destination}`)).toEqual([
      "Basel → Rotterdam",
      "Hamburg → Oslo",
    ]);
  });
});

describe("median transit time", () => {
  test("counts every shipment of equal trips and leaves out shipments without a transit time", async () => {
    // June, a lane of its own: trips of 10, 10, 10, 40 and 40 h, and one planned without an
    // arrival and no label (no transit time). Over the five timed trips the middle one is
    // 10 h; counting each duration once would give 25 h, counting the untimed one too 25 h.
    const lyon = { origin: "Lyon", destination: "Madrid", carrier: "Median Freight" };
    const departures = ["2026-06-01", "2026-06-02", "2026-06-03", "2026-06-04", "2026-06-05"];
    for (const [i, day] of departures.entries()) {
      const departure = new Date(`${day}T08:00:00.000Z`);
      const hours = i < 3 ? 10 : 40;
      await shipment(admin, {
        reference: `M${i}`,
        ...lyon,
        plannedDeparture: departure.toISOString(),
        plannedArrival: new Date(departure.getTime() + hours * 3_600_000).toISOString(),
      });
    }
    await shipment(admin, { reference: "M-UNTIMED", ...lyon, plannedDeparture: "2026-06-06T08:00:00.000Z" });

    const june = "from=2026-06-01T00:00:00.000Z&to=2026-07-01T00:00:00.000Z&groupBy=lane";
    const row = rowOf(await answer(june), { origin: "Lyon", destination: "Madrid" });
    expect(row).toMatchObject({ shipments: 6, medianTransitHours: 10 });
    expect(row.months[0]).toMatchObject({ month: "2026-06", shipments: 6, medianTransitHours: 10 });
  });
});

describe("per carrier", () => {
  test("shipments of one lane split by carrier, lanes of one carrier add up", async () => {
    const result = await answer(`${PERIOD}&groupBy=carrier`);
    expect(result.rows.map((row) => [row.carrier, row.shipments])).toEqual([
      ["Kuehne", 2],
      ["DHL", 1],
      ["Schenker", 1],
    ]);
    expect(rowOf(result, { carrier: "Kuehne" })).toMatchObject({
      origin: "",
      destination: "",
      alarmShare: 0.5,
      // S1's 20 minutes out of its 120 logged and S3's 120: 20 of 240 minutes.
      outOfRangePer100h: 500,
      incompleteShare: 0.5,
      medianTransitHours: 25,
    });
  });

  test("the CSV has a line for the period and one per month of each carrier, shares in percent", async () => {
    const res = await ask(`${PERIOD}&groupBy=carrier`, admin, "/api/performance.csv");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const lines = res.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      "carrier,month,shipments,alarm_share_percent,out_of_range_minutes_per_100h,incomplete_share_percent,median_transit_hours",
    );
    expect(lines[1]).toBe("Kuehne,all,2,50,500,50,25");
    expect(lines[2]).toBe("Kuehne,2026-03,1,100,1000,0,48");
    expect(lines).toHaveLength(1 + 3 * 3);
  });
});

describe("the period", () => {
  test("counts a shipment in the month of its planned departure, else of its first label's start", async () => {
    const march = await answer("from=2026-03-01T00:00:00.000Z&to=2026-04-01T00:00:00.000Z&groupBy=carrier");
    expect(march.rows.map((row) => row.carrier)).toEqual(["Kuehne", "Schenker"]);
    const mid = await answer("from=2026-04-12T00:00:00.000Z&to=2026-04-20T00:00:00.000Z&groupBy=carrier");
    // S3 has no plan: its label started on 15 April.
    expect(mid.rows.map((row) => [row.carrier, row.shipments])).toEqual([["Kuehne", 1]]);
    expect(mid.months).toEqual(["2026-04"]);
  });

  test("a shipment departing before the period is left out", async () => {
    const february = await answer("from=2026-02-01T00:00:00.000Z&to=2026-03-01T00:00:00.000Z");
    expect(february.rows.map((row) => [row.origin, row.shipments])).toEqual([["Hamburg", 1]]);
  });

  test("a period that ends before it starts, or is longer than 36 months, is a 400 naming to", async () => {
    for (const query of [
      "from=2026-03-01T00:00:00.000Z&to=2026-03-01T00:00:00.000Z",
      "from=2020-01-01T00:00:00.000Z&to=2026-01-01T00:00:00.000Z",
    ]) {
      const res = await ask(query);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().formFields).toEqual([{ id: "to", error: expect.any(String) }]);
    }
  });

  test("a missing or malformed period or grouping is a 400, never a 500", async () => {
    for (const query of ["", "from=yesterday&to=2026-05-01T00:00:00.000Z", `${PERIOD}&groupBy=product`]) {
      expect([query, (await ask(query)).statusCode]).toEqual([query, 400]);
    }
  });
});

describe("whose shipments", () => {
  test("another company's shipments never count, and its id as companyId answers no rows", async () => {
    const own = await answer(`${PERIOD}&companyId=${world.companies.a}`);
    expect(rowOf(own, { origin: "Basel" }).shipments).toBe(3);
    expect((await answer(`${PERIOD}&companyId=${world.companies.b}`)).rows).toEqual([]);
    const csv = await ask(`${PERIOD}&companyId=${world.companies.b}`, admin, "/api/performance.csv");
    expect(csv.body.trim().split("\r\n")).toHaveLength(1);
  });

  test("a distributor sees its sub-companies' shipments, all or one, and no other company's", async () => {
    await shipment(await as("sub:administrator", "sub"), {
      reference: "SUB-1",
      origin: "Zurich",
      destination: "Vienna",
      plannedDeparture: "2026-03-10T08:00:00.000Z",
    });
    const distributor = await as("distributor:distributorAdmin", "distributor");
    const all = await answer(PERIOD, distributor);
    expect(all.rows.map((row) => [row.origin, row.shipments, row.incompleteShare])).toEqual([["Zurich", 1, 1]]);
    const sub = await answer(`${PERIOD}&companyId=${world.companies.sub}`, distributor);
    expect(sub.rows.map((row) => row.origin)).toEqual(["Zurich"]);
    expect((await answer(`${PERIOD}&companyId=${world.companies.a}`, distributor)).rows).toEqual([]);
  });
});

describe("who may read performance", () => {
  test("every role of the company reads it with a role token", async () => {
    for (const role of MEMBER_ROLES) {
      const res = await ask(PERIOD, await as(`a:${role}`));
      expect([role, res.statusCode]).toEqual([role, 200]);
    }
  });

  test("a signed-in person reads it with their session", async () => {
    const client = new ProtocolClient(t.app);
    expect((await client.signIn("a-administrator@test.example", PASSWORD)).json().status).toBe("OK");
    expect((await client.companyToken(world.companies.a)).statusCode).toBe(200);
    expect((await ask(PERIOD, client.sessionHeaders)).statusCode).toBe(200);
  });

  test("support acting as a person reads that person's company's figures", async () => {
    const token = await roleTokenFor(t.database.db, t.keys, {
      userId: world.users["a:user"] as string,
      companyId: world.companies.a,
      impersonatorUserId: world.users["operator:systemAdmin"] as string,
    });
    const result = await answer(PERIOD, { "api-key": token.secret, jwt: token.jwtToken });
    expect(rowOf(result, { origin: "Basel" }).shipments).toBe(3);
  });

  test("an API key with the read scope reads it, an ingest key does not, nobody without credentials", async () => {
    const read = await apiKeyOf(t.database.db, world.companies.a, ["read"]);
    expect(rowOf(await answer(PERIOD, { "api-key": read }), { origin: "Basel" }).shipments).toBe(3);
    expect((await ask(PERIOD, { "api-key": ingestA })).statusCode).toBe(403);
    expect((await ask(PERIOD, { "api-key": ingestA }, "/api/performance.csv")).statusCode).toBe(403);
    expect((await ask(PERIOD, {})).statusCode).toBe(401);
    expect((await ask(PERIOD, {}, "/api/performance.csv")).statusCode).toBe(401);
  });
});

/**
 * The figures follow every change to a shipment or its labels (each test in June 2026, a
 * period and lane of its own, so the fixture above is untouched): they are kept per shipment
 * as the labels' summaries and the shipment change, not computed once.
 */
describe("the figures follow the shipments and their labels", () => {
  const JUNE = "from=2026-06-01T00:00:00.000Z&to=2026-07-01T00:00:00.000Z";

  const change = async (id: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: "PATCH", url: `/api/shipments/${id}`, headers: admin, payload });
    expect(res.statusCode, res.body).toBe(200);
  };

  test("a reading arriving after the figures were read counts in its shipment's", async () => {
    const id = await shipment(admin, {
      reference: "LATE-1",
      origin: "Late",
      destination: "Reading",
      plannedDeparture: "2026-06-01T08:00:00.000Z",
      plannedArrival: "2026-06-02T08:00:00.000Z",
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/label-reports",
      headers: { "api-key": ingestA },
      payload: { labelId: "LATE-1-L", presetId: world.presets.a, shipmentId: id },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(
      (
        await sendReadings(
          t,
          ingestA,
          "LATE-1-L",
          series("2026-06-01T08:00:00Z", 13, 5, () => 5),
        )
      ).statusCode,
    ).toBe(200);
    const before = rowOf(await answer(`${JUNE}&groupBy=lane`), { origin: "Late" });
    expect(before).toMatchObject({ shipments: 1, alarmShare: 0, outOfRangePer100h: 0 });

    // 09:05–09:30 at 12 °C, back in range at 09:35: 30 of 95 minutes logged above 8 °C.
    const late = series("2026-06-01T09:05:00Z", 7, 5, (i) => (i < 6 ? 12 : 5));
    expect((await sendReadings(t, ingestA, "LATE-1-L", late)).statusCode).toBe(200);
    const after = rowOf(await answer(`${JUNE}&groupBy=lane`), { origin: "Late" });
    expect(after).toMatchObject({ shipments: 1, alarmShare: 1, outOfRangePer100h: 1894.74 });
  });

  test("a label attached to a shipment adds its figures, detached takes them away", async () => {
    const id = await shipment(admin, {
      reference: "ATTACH-1",
      origin: "Attach",
      destination: "Detach",
      plannedDeparture: "2026-06-03T08:00:00.000Z",
      plannedArrival: "2026-06-04T08:00:00.000Z",
    });
    const empty = { shipments: 1, alarmShare: 0, incompleteShare: 1, outOfRangePer100h: null };
    expect(rowOf(await answer(`${JUNE}&groupBy=lane`), { origin: "Attach" })).toMatchObject(empty);

    // Readings 0–1 at 0 °C: below 2 °C for 10 of 60 minutes.
    const reportId = await endedLabel(
      t,
      ingestA,
      "ATTACH-1-L",
      world.presets.a,
      series("2026-06-03T08:00:00Z", 13, 5, (i) => (i < 2 ? 0 : 5)),
    );
    await change(id, { reportIds: [reportId] });
    expect(rowOf(await answer(`${JUNE}&groupBy=lane`), { origin: "Attach" })).toMatchObject({
      shipments: 1,
      alarmShare: 1,
      incompleteShare: 0,
      outOfRangePer100h: 1000,
    });

    await change(id, { reportIds: [] });
    expect(rowOf(await answer(`${JUNE}&groupBy=lane`), { origin: "Attach" })).toMatchObject(empty);
  });

  test("a shipment whose carrier is changed counts for its new carrier only", async () => {
    const id = await shipment(admin, {
      reference: "CARRIER-1",
      carrier: "Old Carrier",
      plannedDeparture: "2026-06-05T08:00:00.000Z",
    });
    expect(rowOf(await answer(`${JUNE}&groupBy=carrier`), { carrier: "Old Carrier" })).toMatchObject({ shipments: 1 });

    await change(id, { carrier: "New Carrier" });
    const result = await answer(`${JUNE}&groupBy=carrier`);
    expect(result.rows.map((row) => row.carrier)).not.toContain("Old Carrier");
    expect(rowOf(result, { carrier: "New Carrier" })).toMatchObject({ shipments: 1 });
  });

  test("an alarm on a label without a violation makes its shipment alarmed until the alarm is gone", async () => {
    const id = await shipment(admin, {
      reference: "BATTERY-1",
      origin: "Battery",
      destination: "Low",
      plannedDeparture: "2026-06-07T08:00:00.000Z",
    });
    // In range all along, on a battery at 10 %: a battery alarm, no violation.
    const lowBattery = series("2026-06-07T08:00:00Z", 13, 5, () => 5).map((r) => ({ ...r, battery: 10 }));
    const reportId = await label(id, "BATTERY-1-L", lowBattery);
    const alarms = t.database.db.selectFrom("alarms").where("reportId", "=", reportId);
    expect((await alarms.select("kind").execute()).map((a) => a.kind)).toEqual(["batteryLow"]);
    expect(rowOf(await answer(`${JUNE}&groupBy=lane`), { origin: "Battery" })).toMatchObject({ alarmShare: 1 });

    await t.database.db.deleteFrom("alarms").where("reportId", "=", reportId).execute();
    expect(rowOf(await answer(`${JUNE}&groupBy=lane`), { origin: "Battery" })).toMatchObject({ alarmShare: 0 });
  });

  test("a shipment whose planned departure is moved counts in the month it now departs in", async () => {
    const id = await shipment(admin, {
      reference: "MOVED-1",
      origin: "Moved",
      destination: "Later",
      plannedDeparture: "2026-06-20T08:00:00.000Z",
    });
    expect(rowOf(await answer(`${JUNE}&groupBy=lane`), { origin: "Moved" })).toMatchObject({ shipments: 1 });

    await change(id, { plannedDeparture: "2026-07-02T08:00:00.000Z" });
    expect((await answer(`${JUNE}&groupBy=lane`)).rows.map((row) => row.origin)).not.toContain("Moved");
    const july = await answer("from=2026-07-01T00:00:00.000Z&to=2026-08-01T00:00:00.000Z&groupBy=lane");
    expect(rowOf(july, { origin: "Moved" })).toMatchObject({ shipments: 1 });
  });
});

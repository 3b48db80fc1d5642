import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ShipmentDetail, ShipmentListItem } from "../../core/api/shipment";
import { hashToSign } from "../../server/reports/record-hash";
import { createTestApp, roleTokenFor, type TestApp } from "./support/app";
import { apiKeyOf, endedLabel, registerLabel, series } from "./support/ingest";
import { ProtocolClient } from "./support/protocol";
import { buildWorld, MEMBER_ROLES, setEveryPassword, type World } from "./support/world";

/**
 * Shipments: a company's shipment groups its label reports; labels are attached when
 * registered or by giving the shipment its reports; its verdict is the worst of theirs.
 */

let t: TestApp;
let world: World;
let ingestA: string;
let admin: Record<string, string>;

const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";
const FROM = "2026-11-02T08:00:00Z";
const PASSWORD = "Signing-pass-1";

interface Page {
  data: ShipmentListItem[];
  totalDocuments: number;
}

const as = (key: string, company: keyof World["companies"] = "a") =>
  t.headersFor(world.users[key] as string, world.companies[company]);

const create = (payload: Record<string, unknown>, headers = admin) =>
  t.app.inject({ method: "POST", url: "/api/shipments", headers, payload });

const patch = (id: string, payload: Record<string, unknown>, headers = admin) =>
  t.app.inject({ method: "PATCH", url: `/api/shipments/${id}`, headers, payload });

const get = (id: string, headers = admin) => t.app.inject({ method: "GET", url: `/api/shipments/${id}`, headers });

const list = async (query = "", headers = admin): Promise<Page> => {
  const res = await t.app.inject({ method: "GET", url: `/api/shipments?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

async function shipment(reference: string, more: Record<string, unknown> = {}): Promise<ShipmentDetail> {
  const res = await create({ reference, origin: "Basel", destination: "Rotterdam", carrier: "Kuehne", ...more });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A label registered by company A's gateway with these extra registration fields. */
const register = (labelId: string, extra: Record<string, unknown>, key = ingestA) =>
  t.app.inject({
    method: "POST",
    url: "/api/label-reports",
    headers: { "api-key": key },
    payload: { labelId, presetId: world.presets.a, ...extra },
  });

const trailOf = (reportId: string) =>
  t.database.db
    .selectFrom("auditLog")
    .select(["action", "before", "after", "actorUserId"])
    .where("entityId", "=", reportId)
    .where("action", "=", "shipmentChange")
    .orderBy("at")
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 3 });
  ingestA = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
  admin = await as("a:administrator");
  await setEveryPassword(t.database.db, PASSWORD);
});
afterAll(async () => t?.close());

describe("creating, reading and changing a shipment", () => {
  test("a created shipment is answered with its fields, no reports and no data", async () => {
    const created = await shipment("SHP-CREATE", {
      transportMode: "air",
      plannedDeparture: "2026-11-02T08:00:00.000Z",
      plannedArrival: "2026-11-03T08:00:00.000Z",
      product: "Insulin",
      batch: "B-17",
    });
    expect(created).toMatchObject({
      reference: "SHP-CREATE",
      origin: "Basel",
      destination: "Rotterdam",
      carrier: "Kuehne",
      transportMode: "air",
      plannedDeparture: "2026-11-02T08:00:00.000Z",
      product: "Insulin",
      batch: "B-17",
      companyId: world.companies.a,
      reportCount: 0,
      reports: [],
    });
    expect(created.verdict).toMatchObject({ verdict: "noData", completeness: "noData" });
    expect((await get(created.id)).json()).toEqual(created);
  });

  test("the list filters by carrier, origin, destination and transport mode, and searches the reference (ilike)", async () => {
    await shipment("SHP-LIST-1", { carrier: "DHL", origin: "Lyon", transportMode: "sea" });
    await shipment("SHP-LIST-2", { carrier: "UPS", destination: "Oslo", transportMode: "rail" });
    expect((await list("filter=carrier[eq]DHL")).data.map((s) => s.reference)).toEqual(["SHP-LIST-1"]);
    expect((await list("filter=origin[eq]Lyon")).data.map((s) => s.reference)).toEqual(["SHP-LIST-1"]);
    expect((await list("filter=destination[eq]Oslo")).data.map((s) => s.reference)).toEqual(["SHP-LIST-2"]);
    expect((await list("filter=transportMode[eq]rail")).data.map((s) => s.reference)).toEqual(["SHP-LIST-2"]);
    expect((await list("filter=reference[ilike]list-2")).data.map((s) => s.reference)).toEqual(["SHP-LIST-2"]);
    expect((await list("order=reference[asc]&filter=reference[ilike]SHP-LIST-")).data.map((s) => s.reference)).toEqual([
      "SHP-LIST-1",
      "SHP-LIST-2",
    ]);
  });

  test("a patch changes the given fields and keeps the others", async () => {
    const created = await shipment("SHP-PATCH");
    const res = await patch(created.id, { carrier: "Panalpina", transportMode: "multimodal" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ reference: "SHP-PATCH", origin: "Basel", carrier: "Panalpina" });
    expect(res.json().transportMode).toBe("multimodal");
  });

  test("the reference is unique in the company whatever the case, and a 400 names it", async () => {
    await shipment("SHP-UNIQUE");
    const res = await create({ reference: "shp-unique" });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "reference", error: expect.stringContaining("shp-unique") }]);
    const other = await shipment("SHP-OTHER");
    expect((await patch(other.id, { reference: "Shp-Unique" })).statusCode).toBe(400);
  });

  test("another company may use the same reference", async () => {
    await shipment("SHP-SHARED");
    expect((await create({ reference: "SHP-SHARED" }, await as("b:administrator", "b"))).statusCode).toBe(201);
  });

  test("bad input is a 400 naming each field, never a 500", async () => {
    const missing = await create({ origin: "Basel" });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain("reference");
    const mode = await create({ reference: "SHP-BAD", transportMode: "teleport" });
    expect(mode.statusCode).toBe(400);
    expect(JSON.stringify(mode.json())).toContain("transportMode");
    const dates = await create({
      reference: "SHP-BAD",
      plannedDeparture: "2026-11-03T08:00:00Z",
      plannedArrival: "2026-11-02T08:00:00Z",
    });
    expect(dates.statusCode).toBe(400);
    expect(dates.json().formFields).toEqual([{ id: "plannedArrival", error: expect.any(String) }]);
    expect((await create({ reference: "   " })).statusCode).toBe(400);
    expect((await create({ reference: "SHP-BAD", reportIds: ["not-an-id"] })).statusCode).toBe(400);
  });
});

describe("attaching labels", () => {
  test("a label registered with the shipment's id belongs to it, and its trail says so", async () => {
    const target = await shipment("SHP-BY-ID");
    const res = await register("SHP-L-ID", { shipmentId: target.id });
    expect(res.statusCode, res.body).toBe(201);
    const detail: ShipmentDetail = (await get(target.id)).json();
    expect(detail.reports.map((r) => r.labelId)).toEqual(["SHP-L-ID"]);
    expect(detail.reportCount).toBe(1);
    const [entry] = await trailOf(res.json().id);
    expect(entry).toMatchObject({
      before: { shipment: null },
      after: { shipment: "SHP-BY-ID", shipmentId: target.id },
    });
  });

  test("a label registered with the shipment's reference, in any case, belongs to it", async () => {
    const target = await shipment("SHP-BY-REF");
    expect((await register("SHP-L-REF", { shipmentReference: "shp-by-ref" })).statusCode).toBe(201);
    expect((await get(target.id)).json().reports.map((r: { labelId: string }) => r.labelId)).toEqual(["SHP-L-REF"]);
  });

  test("registering on an unknown or another company's shipment is a 400 naming the field, and registers nothing", async () => {
    const foreign: ShipmentDetail = (
      await create({ reference: "SHP-B-ONLY" }, await as("b:administrator", "b"))
    ).json();
    const byId = await register("SHP-L-FOREIGN", { shipmentId: foreign.id });
    expect(byId.statusCode).toBe(400);
    expect(byId.json().formFields).toEqual([{ id: "shipmentId", error: expect.any(String) }]);
    const byRef = await register("SHP-L-FOREIGN", { shipmentReference: "SHP-B-ONLY" });
    expect(byRef.json().formFields).toEqual([{ id: "shipmentReference", error: expect.any(String) }]);
    const stored = await t.database.db
      .selectFrom("labelReports")
      .select("id")
      .where("labelId", "=", "SHP-L-FOREIGN")
      .execute();
    expect(stored).toEqual([]);
  });

  test("giving the shipment its reports attaches new ones and detaches the others, each in its trail", async () => {
    const target = await shipment("SHP-GROUP");
    const [one, two, three] = world.reports.a as [string, string, string];
    expect((await patch(target.id, { reportIds: [one, two] })).json().reportCount).toBe(2);
    const res = await patch(target.id, { reportIds: [two, three] });
    expect(
      res
        .json()
        .reports.map((r: { id: string }) => r.id)
        .sort(),
    ).toEqual([two, three].sort());
    expect((await trailOf(one)).map((e) => [e.before, e.after])).toEqual([
      [
        { shipment: null, shipmentId: null },
        { shipment: "SHP-GROUP", shipmentId: target.id },
      ],
      [
        { shipment: "SHP-GROUP", shipmentId: target.id },
        { shipment: null, shipmentId: null },
      ],
    ]);
    expect((await trailOf(two)).length).toBe(1);
    expect((await trailOf(three))[0]?.actorUserId).toBe(world.users["a:administrator"]);
    await patch(target.id, { reportIds: [] });
  });

  test("a report moves from its shipment to another when given to it", async () => {
    const first = await shipment("SHP-MOVE-1");
    const second = await shipment("SHP-MOVE-2");
    const reportId = (await registerLabel(t, ingestA, "SHP-L-MOVE", world.presets.a)).id;
    await patch(first.id, { reportIds: [reportId] });
    await patch(second.id, { reportIds: [reportId] });
    expect((await get(first.id)).json().reports).toEqual([]);
    expect((await get(second.id)).json().reports.map((r: { id: string }) => r.id)).toEqual([reportId]);
    expect((await trailOf(reportId)).at(-1)?.after).toMatchObject({ shipment: "SHP-MOVE-2" });
  });

  test("another company's report cannot be attached: a 400 naming reportIds, nothing changed", async () => {
    const target = await shipment("SHP-FOREIGN-REPORT");
    const mine = world.reports.a[0] as string;
    const foreign = world.reports.b[0] as string;
    const res = await patch(target.id, { reportIds: [mine, foreign] });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "reportIds", error: expect.stringContaining(foreign) }]);
    expect((await get(target.id)).json().reports).toEqual([]);
  });
});

describe("the shipment's verdict", () => {
  test("is the worst of its labels', with the violating label named", async () => {
    const target = await shipment("SHP-VERDICT");
    const good = await endedLabel(t, ingestA, "SHP-V-GOOD", world.presets.a, series(FROM, 24, 5));
    const bad = await endedLabel(
      t,
      ingestA,
      "SHP-V-BAD",
      world.presets.a,
      series(FROM, 24, 5, () => 12),
    );
    const detail: ShipmentDetail = (await patch(target.id, { reportIds: [good, bad] })).json();
    expect(detail.verdict).toMatchObject({
      verdict: "violation",
      completeness: "complete",
      worstLabels: ["SHP-V-BAD"],
    });
    expect(detail.verdict.units.temperature).toMatchObject({ violation: true, violatedBy: ["SHP-V-BAD"] });
    expect(detail.reports.map((r) => [r.labelId, r.temperatureViolation])).toEqual([
      ["SHP-V-BAD", true],
      ["SHP-V-GOOD", false],
    ]);
    expect(detail.reports[0]?.summary).toHaveProperty("overall.verdict", "violation");
  });

  test("is OK when every label is", async () => {
    const target = await shipment("SHP-VERDICT-OK");
    const one = await endedLabel(t, ingestA, "SHP-OK-1", world.presets.a, series(FROM, 24, 5));
    const two = await endedLabel(t, ingestA, "SHP-OK-2", world.presets.a, series(FROM, 24, 5));
    expect((await patch(target.id, { reportIds: [one, two] })).json().verdict.verdict).toBe("ok");
  });
});

describe("who may read and change shipments", () => {
  test("every role that may change reports creates and changes one, a sub-handler only reads", async () => {
    for (const role of MEMBER_ROLES) {
      const headers = await as(`a:${role}`);
      const res = await create({ reference: `SHP-ROLE-${role}` }, headers);
      expect([role, res.statusCode]).toEqual([role, role === "subHandler" ? 403 : 201]);
      expect([role, (await t.app.inject({ method: "GET", url: "/api/shipments", headers })).statusCode]).toEqual([
        role,
        200,
      ]);
    }
  });

  test("support acting as a person may, and the trail names them", async () => {
    const token = await roleTokenFor(t.database.db, t.keys, {
      userId: world.users["a:user"] as string,
      companyId: world.companies.a,
      impersonatorUserId: world.users["operator:systemAdmin"] as string,
    });
    const headers = { "api-key": token.secret, jwt: token.jwtToken };
    const target = await shipment("SHP-SUPPORT");
    const reportId = world.reports.a[1] as string;
    expect((await patch(target.id, { reportIds: [reportId] }, headers)).statusCode).toBe(200);
    const entry = await t.database.db
      .selectFrom("auditLog")
      .select(["actorUserId", "impersonatorUserId"])
      .where("entityId", "=", reportId)
      .where("action", "=", "shipmentChange")
      .orderBy("at", "desc")
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({
      actorUserId: world.users["a:user"],
      impersonatorUserId: world.users["operator:systemAdmin"],
    });
    await patch(target.id, { reportIds: [] });
  });

  test("an API key with the read scope reads shipments, no key changes them, nobody without credentials", async () => {
    const target = await shipment("SHP-KEYS");
    const read = await apiKeyOf(t.database.db, world.companies.a, ["read"]);
    expect((await list("", { "api-key": read })).totalDocuments).toBeGreaterThan(0);
    expect((await get(target.id, { "api-key": read })).statusCode).toBe(200);
    expect((await create({ reference: "SHP-BY-KEY" }, { "api-key": read })).statusCode).toBe(403);
    expect((await create({ reference: "SHP-BY-KEY" }, { "api-key": ingestA })).statusCode).toBe(403);
    expect((await patch(target.id, { carrier: "X" }, { "api-key": ingestA })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/shipments" })).statusCode).toBe(401);
    expect((await create({ reference: "SHP-NOBODY" }, {})).statusCode).toBe(401);
  });

  test("another company's shipment is a 404 to read and to change, and is not listed", async () => {
    const foreign: ShipmentDetail = (
      await create({ reference: "SHP-B-HIDDEN" }, await as("b:administrator", "b"))
    ).json();
    expect((await get(foreign.id)).statusCode).toBe(404);
    expect((await patch(foreign.id, { carrier: "Mine now" })).statusCode).toBe(404);
    expect((await get(NO_SUCH_ID)).statusCode).toBe(404);
    expect((await list("filter=reference[ilike]SHP-B-HIDDEN")).data).toEqual([]);
  });

  test("a distributor's list spans its sub-companies' shipments", async () => {
    const sub: ShipmentDetail = (await create({ reference: "SHP-SUB" }, await as("sub:administrator", "sub"))).json();
    const distributor = await as("distributor:distributorAdmin", "distributor");
    expect((await list("filter=reference[ilike]SHP-SUB", distributor)).data.map((s) => s.id)).toEqual([sub.id]);
    expect((await list(`filter=companyId[eq]${world.companies.sub}`, distributor)).totalDocuments).toBe(1);
    expect((await get(sub.id, distributor)).statusCode).toBe(200);
  });
});

describe("a shipment's disposition", () => {
  async function signedIn(key: string) {
    const client = new ProtocolClient(t.app);
    expect((await client.signIn(`${key.replace(":", "-")}@test.example`, PASSWORD)).json().status).toBe("OK");
    expect((await client.companyToken(world.companies.a)).statusCode).toBe(200);
    return client.sessionHeaders;
  }

  const sign = (id: string, headers: Record<string, string>, body: object = {}) =>
    t.app.inject({
      method: "POST",
      url: `/api/shipments/${id}/disposition`,
      headers,
      payload: { disposition: "released", comment: "Both loggers checked", password: PASSWORD, ...body },
    });

  const signaturesOf = (reportIds: string[]) =>
    t.database.db
      .selectFrom("labelReportDispositions")
      .select(["reportId", "contentHash", "value", "signerName"])
      .where("reportId", "in", reportIds)
      .execute();

  async function shipmentOfEnded(reference: string, labels: string[]) {
    const target = await shipment(reference);
    const ids: string[] = [];
    for (const labelId of labels) ids.push(await endedLabel(t, ingestA, labelId, world.presets.a, series(FROM, 24, 5)));
    await patch(target.id, { reportIds: ids });
    return { id: target.id, reportIds: ids };
  }

  test("one signature signs each report's own current record hash, each with its own disposition and trail entry", async () => {
    const { id, reportIds } = await shipmentOfEnded("SHP-SIGN", ["SHP-S-1", "SHP-S-2"]);
    const expected = await Promise.all(reportIds.map((reportId) => hashToSign(t.database.db, reportId)));
    const res = await sign(id, await signedIn("a:administrator"));
    expect(res.statusCode, res.body).toBe(201);
    const stored = await signaturesOf(reportIds);
    expect(stored.length).toBe(2);
    for (const [i, reportId] of reportIds.entries())
      expect(stored.find((row) => row.reportId === reportId)).toMatchObject({
        contentHash: expected[i],
        value: "released",
      });
    expect(expected[0]).not.toBe(expected[1]);
    expect(res.json().reports.map((r: { disposition: { contentHash: string } }) => r.disposition.contentHash)).toEqual(
      expected,
    );
    const trail = await t.database.db
      .selectFrom("auditLog")
      .select("entityId")
      .where("action", "=", "disposition")
      .where("entityId", "in", reportIds)
      .execute();
    expect(trail.length).toBe(2);
  });

  test("is all or nothing: a report that has not ended refuses, nothing is signed, and the 409 names its label", async () => {
    const { id, reportIds } = await shipmentOfEnded("SHP-SIGN-PART", ["SHP-P-1"]);
    const recording = (await registerLabel(t, ingestA, "SHP-P-REC", world.presets.a)).id;
    await patch(id, { reportIds: [...reportIds, recording] });
    const res = await sign(id, await signedIn("a:administrator"));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("SHP-P-REC");
    expect(await signaturesOf([...reportIds, recording])).toEqual([]);
  });

  test("only the person signs: not a role without approval, an API key, impersonation, a token without its session, or nobody", async () => {
    const { id, reportIds } = await shipmentOfEnded("SHP-SIGN-WHO", ["SHP-W-1"]);
    expect((await sign(id, await signedIn("a:user"))).statusCode).toBe(403);
    expect((await sign(id, { "api-key": ingestA })).statusCode).toBe(403);
    const token = await roleTokenFor(t.database.db, t.keys, {
      userId: world.users["a:administrator"] as string,
      companyId: world.companies.a,
      impersonatorUserId: world.users["operator:systemAdmin"] as string,
    });
    expect((await sign(id, { "api-key": token.secret, jwt: token.jwtToken })).statusCode).toBe(403);
    expect((await sign(id, admin)).statusCode).toBe(440);
    expect((await sign(id, {})).statusCode).toBe(401);
    expect((await sign(id, await signedIn("a:administrator"), { password: "wrong-password-1" })).statusCode).toBe(400);
    expect(await signaturesOf(reportIds)).toEqual([]);
  });

  const askCode = (id: string, headers: Record<string, string>, disposition = "released") =>
    t.app.inject({
      method: "POST",
      url: `/api/shipments/${id}/disposition/email-code`,
      headers,
      payload: { disposition },
    });

  async function mailedCode(key: string): Promise<{ subject: string; text: string; code: string }> {
    const mail = await t.database.db
      .selectFrom("outbox")
      .select(["subject", "text"])
      .where("recipient", "=", `${key.replace(":", "-")}@test.example`)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return { ...mail, code: /\b(\d{6})\b/.exec(mail.text)?.[1] ?? "" };
  }

  test("an e-mailed code signs the shipment's reports instead of the password, once", async () => {
    const { id, reportIds } = await shipmentOfEnded("SHP-CODE", ["SHP-C-1", "SHP-C-2"]);
    const headers = await signedIn("a:distributorAdmin");
    expect((await askCode(id, headers)).statusCode).toBe(200);
    const mail = await mailedCode("a:distributorAdmin");
    expect(mail.text).toContain("SHP-CODE");
    expect(mail.subject).not.toContain("SHP-CODE");
    const signed = await sign(id, headers, { password: undefined, code: mail.code });
    expect(signed.statusCode, signed.body).toBe(201);
    expect((await signaturesOf(reportIds)).map((row) => row.value)).toEqual(["released", "released"]);
    const again = await sign(id, headers, { password: undefined, code: mail.code });
    expect(again.statusCode).toBe(400);
    expect(again.json().formFields.map((f: { id: string }) => f.id)).toEqual(["code"]);
  });

  test("a wrong code, or one asked for another shipment or disposition, is a 400 naming code and signs nothing", async () => {
    const { id, reportIds } = await shipmentOfEnded("SHP-CODE-BAD", ["SHP-CB-1"]);
    const other = await shipmentOfEnded("SHP-CODE-OTHER", ["SHP-CO-1"]);
    const headers = await signedIn("a:systemAdmin");
    expect((await askCode(other.id, headers)).statusCode).toBe(200);
    const forOther = (await mailedCode("a:systemAdmin")).code;
    expect((await askCode(id, headers, "quarantined")).statusCode).toBe(200);
    const quarantine = (await mailedCode("a:systemAdmin")).code;
    for (const code of ["000000", forOther, quarantine].filter((c, i, all) => all.indexOf(c) === i)) {
      const res = await sign(id, headers, { password: undefined, code });
      expect(res.statusCode).toBe(400);
      expect(res.json().formFields.map((f: { id: string }) => f.id)).toEqual(["code"]);
    }
    expect(await signaturesOf(reportIds)).toEqual([]);
  });

  test("a deviation of a report outside the shipment is a 400 naming deviationId, and the code still signs", async () => {
    const { id, reportIds } = await shipmentOfEnded("SHP-CODE-DEV", ["SHP-CD-1"]);
    const elsewhere = await endedLabel(t, ingestA, "SHP-CD-ELSEWHERE", world.presets.a, series(FROM, 24, 5));
    const deviation = await t.app.inject({
      method: "POST",
      url: "/api/deviations",
      headers: admin,
      payload: { reportId: elsewhere, title: "Not this shipment's" },
    });
    expect(deviation.statusCode, deviation.body).toBe(201);
    const headers = await signedIn("a:administrator");
    expect((await askCode(id, headers)).statusCode).toBe(200);
    const { code } = await mailedCode("a:administrator");
    const refused = await sign(id, headers, { password: undefined, code, deviationId: deviation.json().id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().formFields.map((f: { id: string }) => f.id)).toEqual(["deviationId"]);
    expect(await signaturesOf(reportIds)).toEqual([]);
    const signed = await sign(id, headers, { password: undefined, code });
    expect(signed.statusCode, signed.body).toBe(201);
  });

  test("a label detached while the signer proves it is them is a 409 and signs none of the shipment's reports", async () => {
    const { id, reportIds } = await shipmentOfEnded("SHP-RACE", ["SHP-R-1", "SHP-R-2"]);
    const headers = await signedIn("a:administrator");
    expect((await askCode(id, headers)).statusCode).toBe(200);
    const { code } = await mailedCode("a:administrator");
    // Another person's change, made at the moment the code is spent: after the checks the
    // signer's screen reflected, before the signatures are written.
    const db = t.database.db;
    await sql`create function detach_on_proof() returns trigger language plpgsql as $$
      begin update label_reports set shipment_id = null where label_id = 'SHP-R-2'; return old; end $$`.execute(db);
    await sql`create trigger detach_on_proof after delete on credential_codes
      for each row execute function detach_on_proof()`.execute(db);
    try {
      const res = await sign(id, headers, { password: undefined, code });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toContain("labels changed while you were signing");
    } finally {
      await sql`drop trigger detach_on_proof on credential_codes`.execute(db);
      await sql`drop function detach_on_proof()`.execute(db);
    }
    expect(await signaturesOf(reportIds)).toEqual([]);
  });

  test("a code is e-mailed only to the person: not a role without approval, an API key, impersonation, a token without its session, or nobody", async () => {
    const { id } = await shipmentOfEnded("SHP-CODE-WHO", ["SHP-CW-1"]);
    expect((await askCode(id, await signedIn("a:user"))).statusCode).toBe(403);
    expect((await askCode(id, { "api-key": ingestA })).statusCode).toBe(403);
    expect(
      (await askCode(id, { "api-key": await apiKeyOf(t.database.db, world.companies.a, ["read"]) })).statusCode,
    ).toBe(403);
    const token = await roleTokenFor(t.database.db, t.keys, {
      userId: world.users["a:administrator"] as string,
      companyId: world.companies.a,
      impersonatorUserId: world.users["operator:systemAdmin"] as string,
    });
    expect((await askCode(id, { "api-key": token.secret, jwt: token.jwtToken })).statusCode).toBe(403);
    expect((await askCode(id, admin)).statusCode).toBe(440);
    expect((await askCode(id, {})).statusCode).toBe(401);
    expect((await askCode(id, await signedIn("a:administrator"), "signed")).statusCode).toBe(400);
  });

  test("a code for another company's shipment is a 404 and nothing is e-mailed", async () => {
    const foreign: ShipmentDetail = (
      await create({ reference: "SHP-B-CODE" }, await as("b:administrator", "b"))
    ).json();
    const before = await t.database.db.selectFrom("outbox").select("id").execute();
    expect((await askCode(foreign.id, await signedIn("a:administrator"))).statusCode).toBe(404);
    expect((await t.database.db.selectFrom("outbox").select("id").execute()).length).toBe(before.length);
  });

  test("another company's shipment is a 404 and nothing of it is signed", async () => {
    const foreign: ShipmentDetail = (
      await create(
        { reference: "SHP-B-SIGN", reportIds: [world.reports.b[2] as string] },
        await as("b:administrator", "b"),
      )
    ).json();
    expect((await sign(foreign.id, await signedIn("a:administrator"))).statusCode).toBe(404);
    expect(await signaturesOf([world.reports.b[2] as string])).toEqual([]);
  });
});

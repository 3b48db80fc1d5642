import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AlarmRecord } from "../../core/api/alarm";
import type { DeviationDetail, DeviationListItem } from "../../core/api/deviation";
import { deviationContentText } from "../../core/domain/deviations";
import { encodeListQuery, searchFilter } from "../../core/domain/list-query";
import { pdfText } from "../support/pdf-text";
import { readingsFrom, THREE_DAYS_AGO } from "./support/alerts";
import { createTestApp, roleTokenFor, type TestApp } from "./support/app";
import { apiKeyOf, endedLabel } from "./support/ingest";
import { ProtocolClient } from "./support/protocol";
import { buildWorld, MEMBER_ROLES, setEveryPassword, type World } from "./support/world";

/**
 * Deviations: the investigation of alarms of a report, numbered per company and year,
 * edited with every change in the report's trail, closed with a signature that closes its
 * alarms, and the gate that stops a release while alarms or deviations are open.
 */

let t: TestApp;
let world: World;
let ingestA: string;
let admin: Record<string, string>;
let preset: string;

const PASSWORD = "Signing-pass-1";
const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";
const YEAR = new Date().getUTCFullYear();

const as = (key: string, company: keyof World["companies"] = "a") =>
  t.headersFor(world.users[key] as string, world.companies[company]);

const open = (payload: Record<string, unknown>, headers = admin) =>
  t.app.inject({ method: "POST", url: "/api/deviations", headers, payload });

const patch = (id: string, payload: Record<string, unknown>, headers = admin) =>
  t.app.inject({ method: "PATCH", url: `/api/deviations/${id}`, headers, payload });

const get = (id: string, headers = admin) => t.app.inject({ method: "GET", url: `/api/deviations/${id}`, headers });

const list = async (query = "", headers = admin): Promise<{ data: DeviationListItem[]; totalDocuments: number }> => {
  const res = await t.app.inject({ method: "GET", url: `/api/deviations?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** An ended label of company A that spent an hour at 12 °C (rule 2-8 °C): one open band alarm. */
async function alarmedReport(labelId: string) {
  const reportId = await endedLabel(t, ingestA, labelId, preset, readingsFrom(THREE_DAYS_AGO, 12, 12));
  const res = await t.app.inject({
    method: "GET",
    url: `/api/alarms?${encodeListQuery({ filters: [{ key: "reportId", operator: "eq", value: reportId }] })}`,
    headers: admin,
  });
  const alarms: AlarmRecord[] = res.json().data;
  expect(alarms.map((alarm) => alarm.state)).toEqual(["open"]);
  return { reportId, alarmId: (alarms[0] as AlarmRecord).id };
}

async function opened(payload: Record<string, unknown>): Promise<DeviationDetail> {
  const res = await open({ title: "Temperature above 8 °C in transit", ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A person's own session with company A's role token, as the dashboard signs. */
async function signedIn(key = "a:administrator") {
  const client = new ProtocolClient(t.app);
  expect((await client.signIn(`${key.replace(":", "-")}@test.example`, PASSWORD)).json().status).toBe("OK");
  expect((await client.companyToken(world.companies.a)).statusCode).toBe(200);
  return client.sessionHeaders;
}

const close = (id: string, headers: Record<string, string>, body: Record<string, unknown> = {}) =>
  t.app.inject({
    method: "POST",
    url: `/api/deviations/${id}/close`,
    headers,
    payload: { password: PASSWORD, comment: "Investigation complete", ...body },
  });

const release = (reportId: string, headers: Record<string, string>, body: Record<string, unknown> = {}) =>
  t.app.inject({
    method: "POST",
    url: `/api/label-reports/${reportId}/disposition`,
    headers,
    payload: { disposition: "released", comment: "Checked the record", password: PASSWORD, ...body },
  });

const searched = (text: string) => encodeListQuery({ filters: [searchFilter("title", text)] });

const ready = { rootCause: "Reefer unit failed at the hub", productImpact: "Within the stability data: no impact" };

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  ingestA = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
  admin = await as("a:administrator");
  await setEveryPassword(t.database.db, PASSWORD);
  const row = await t.database.db
    .insertInto("labelPresets")
    .values({ companyId: world.companies.a, name: "Dev 2-8", slug: "dev-2-8", temperatureMin: 2, temperatureMax: 8 })
    .returning("id")
    .executeTakeFirstOrThrow();
  preset = row.id;
});
afterAll(async () => t?.close());

describe("opening and changing a deviation", () => {
  test("is numbered per company and year, open, with the alarms it investigates", async () => {
    const { reportId, alarmId } = await alarmedReport("DEV-NUMBER");
    const first = await opened({ reportId, alarmIds: [alarmId], description: "Seen on arrival" });
    const second = await opened({ reportId });
    expect(first).toMatchObject({
      number: `DEV-${YEAR}-0001`,
      state: "open",
      reportId,
      labelId: "DEV-NUMBER",
      alarmIds: [alarmId],
      alarmCount: 1,
      description: "Seen on arrival",
      openedByName: "a-administrator Tester",
      closing: null,
    });
    expect(first.alarms.map((alarm) => alarm.id)).toEqual([alarmId]);
    expect(second.number).toBe(`DEV-${YEAR}-0002`);
    const other = await open({ reportId: world.reports.b[0], title: "B's own" }, await as("b:administrator", "b"));
    expect(other.json().number).toBe(`DEV-${YEAR}-0001`);
  });

  test("investigates only alarms of its report: a 400 naming alarmIds, nothing opened", async () => {
    const { alarmId } = await alarmedReport("DEV-OTHER-ALARM");
    const { reportId } = await alarmedReport("DEV-OWN-REPORT");
    const before = (await list()).totalDocuments;
    const res = await open({ reportId, title: "Wrong alarm", alarmIds: [alarmId] });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "alarmIds", error: expect.stringContaining(alarmId) }]);
    expect((await list()).totalDocuments).toBe(before);
  });

  test("bad input is a 400 naming each field, never a 500", async () => {
    const { reportId } = await alarmedReport("DEV-BAD-INPUT");
    const blank = await open({ reportId, title: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().formFields.map((f: { id: string }) => f.id)).toContain("title");
    const unknown = await open({ reportId, title: "Fine", severity: "high" });
    expect(unknown.statusCode).toBe(400);
    const badId = await open({ reportId: "not-a-uuid", title: "Fine" });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().formFields.map((f: { id: string }) => f.id)).toContain("reportId");
    const created = await opened({ reportId });
    const badState = await patch(created.id, { state: "closed" });
    expect(badState.statusCode).toBe(400);
    expect(badState.json().formFields.map((f: { id: string }) => f.id)).toContain("state");
  });

  test("each change is in the report's trail, old → new, and in the deviation's history", async () => {
    const { reportId } = await alarmedReport("DEV-EDIT");
    const created = await opened({ reportId });
    const res = await patch(created.id, { state: "underInvestigation", rootCause: "Door left open at the hub" });
    expect(res.statusCode, res.body).toBe(200);
    const changed: DeviationDetail = res.json();
    expect(changed).toMatchObject({ state: "underInvestigation", rootCause: "Door left open at the hub" });
    expect(changed.history.map((entry) => entry.action)).toEqual(["deviationOpen", "deviationChange"]);
    expect(changed.history[1]).toMatchObject({
      before: { deviation: created.number, state: "open", rootCause: "" },
      after: { deviation: created.number, state: "underInvestigation", rootCause: "Door left open at the hub" },
      actor: expect.stringContaining("a-administrator"),
    });
    const trail = await t.app.inject({ method: "GET", url: `/api/label-reports/${reportId}/audit`, headers: admin });
    expect(trail.json().map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(["deviationOpen", "deviationChange"]),
    );
  });

  test("the list filters by state and report and searches the title", async () => {
    const { reportId } = await alarmedReport("DEV-LIST");
    const created = await opened({ reportId, title: "Humidity logger shows condensation" });
    await patch(created.id, { state: "underInvestigation" });
    const byState = await list(
      encodeListQuery({
        filters: [
          { key: "state", operator: "eq", value: "underInvestigation" },
          { key: "reportId", operator: "eq", value: reportId },
        ],
      }),
    );
    expect(byState.data.map((d) => d.id)).toEqual([created.id]);
    expect((await list(searched("condensation"))).data.map((d) => d.id)).toEqual([created.id]);
  });
});

describe("closing a deviation", () => {
  test("needs its root cause and product impact: a 400 naming both, nothing closed", async () => {
    const { reportId } = await alarmedReport("DEV-NOT-READY");
    const created = await opened({ reportId });
    const res = await close(created.id, await signedIn());
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields.map((f: { id: string }) => f.id)).toEqual(["rootCause", "productImpact"]);
    expect((await get(created.id)).json().state).toBe("open");
  });

  test("signs the deviation's hash, closes its alarms, and is in the trail", async () => {
    const { reportId, alarmId } = await alarmedReport("DEV-CLOSE");
    const created = await opened({ reportId, alarmIds: [alarmId], ...ready, capaReference: "CAPA-17" });
    const res = await close(created.id, await signedIn());
    expect(res.statusCode, res.body).toBe(200);
    const closed: DeviationDetail = res.json();
    const expectedHash = createHash("sha256")
      .update(
        deviationContentText({
          id: created.id,
          number: created.number,
          reportId,
          title: created.title,
          description: "",
          ...ready,
          capaReference: "CAPA-17",
          alarmIds: [alarmId],
        }),
      )
      .digest("hex");
    expect(closed).toMatchObject({
      state: "closed",
      closedByName: "a-administrator Tester",
      closing: {
        signedBy: { name: "a-administrator Tester", email: "a-administrator@test.example" },
        comment: "Investigation complete",
        contentHash: expectedHash,
      },
    });
    expect(closed.alarms.map((alarm) => alarm.state)).toEqual(["closed"]);
    expect(closed.alarms[0]?.acknowledgedComment).toBe(`Closed with deviation ${created.number}`);
    expect(closed.history.at(-1)).toMatchObject({
      action: "deviationClose",
      after: { state: "closed", contentHash: expectedHash },
    });
  });

  test("a closed deviation is neither changed nor closed again: 409", async () => {
    const { reportId } = await alarmedReport("DEV-CLOSED-TWICE");
    const created = await opened({ reportId, ...ready });
    const headers = await signedIn();
    expect((await close(created.id, headers)).statusCode).toBe(200);
    expect((await close(created.id, headers)).statusCode).toBe(409);
    expect((await patch(created.id, { rootCause: "Something else entirely" })).statusCode).toBe(409);
  });

  test("a wrong password closes nothing", async () => {
    const { reportId } = await alarmedReport("DEV-WRONG-PASSWORD");
    const created = await opened({ reportId, ...ready });
    const res = await close(created.id, await signedIn(), { password: "not-the-password-1" });
    expect(res.statusCode).toBe(400);
    expect((await get(created.id)).json().state).toBe("open");
  });

  test("queues a deviation.closed webhook event of the report's company", async () => {
    const { reportId } = await alarmedReport("DEV-HOOK");
    const created = await opened({ reportId, ...ready });
    const endpoint = await t.database.db
      .insertInto("webhookEndpoints")
      .values({
        companyId: world.companies.a,
        url: "https://93.184.216.34/qa",
        events: ["deviation.closed"],
        secret: "whsec_a",
        createdBy: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    try {
      expect((await close(created.id, await signedIn())).statusCode).toBe(200);
      const deliveries = await t.database.db
        .selectFrom("webhookDeliveries")
        .select(["event", "payload"])
        .where("endpointId", "=", endpoint.id)
        .execute();
      expect(deliveries).toEqual([
        expect.objectContaining({
          event: "deviation.closed",
          payload: expect.objectContaining({
            report: expect.objectContaining({ id: reportId }),
            deviation: expect.objectContaining({ number: created.number, rootCause: ready.rootCause }),
          }),
        }),
      ]);
    } finally {
      await t.database.db.deleteFrom("webhookEndpoints").where("id", "=", endpoint.id).execute();
    }
  });
});

describe("the release gate", () => {
  test("an open alarm refuses a release with a 409 naming it; quarantining is still possible", async () => {
    const { reportId } = await alarmedReport("DEV-GATE-ALARM");
    const headers = await signedIn();
    const refused = await release(reportId, headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message, refused.body).toContain('open alarm "Temperature alarm"');
    const quarantined = await release(reportId, headers, { disposition: "quarantined" });
    expect(quarantined.statusCode, quarantined.body).toBe(201);
  });

  test("a used-up stability budget's alarm refuses a release like any open alarm", async () => {
    const { reportId, alarmId } = await alarmedReport("DEV-GATE-BUDGET");
    await t.app.inject({
      method: "POST",
      url: `/api/alarms/${alarmId}/acknowledge`,
      headers: admin,
      payload: { comment: "Looked at it on arrival" },
    });
    // The label's hour above 8 °C uses up a 30-minute budget above: the shipment raises its alarm.
    const product = await t.app.inject({
      method: "POST",
      url: "/api/products",
      headers: admin,
      payload: {
        name: "Gate vaccine",
        code: "GATE-1",
        storageMin: 2,
        storageMax: 8,
        budgetAboveMinutes: 30,
        budgetBelowMinutes: 600,
      },
    });
    expect(product.statusCode, product.body).toBe(201);
    const shipment = await t.app.inject({
      method: "POST",
      url: "/api/shipments",
      headers: admin,
      payload: { reference: "GATE-S1", productId: product.json().id, batch: "G-1", reportIds: [reportId] },
    });
    expect(shipment.statusCode, shipment.body).toBe(201);
    const refused = await release(reportId, await signedIn());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message, refused.body).toContain('open alarm "Stability budget used up above"');
  });

  test("an open deviation refuses a release even when its alarms are acknowledged", async () => {
    const { reportId, alarmId } = await alarmedReport("DEV-GATE-DEVIATION");
    await t.app.inject({
      method: "POST",
      url: `/api/alarms/${alarmId}/acknowledge`,
      headers: admin,
      payload: { comment: "Looked at it on arrival" },
    });
    const created = await opened({ reportId, alarmIds: [alarmId] });
    const refused = await release(reportId, await signedIn());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`open deviation ${created.number}`);
    expect(refused.json().message).not.toContain("open alarm");
  });

  test("a release naming a closed deviation of the report is signed, and the signature names it", async () => {
    const { reportId, alarmId } = await alarmedReport("DEV-GATE-CLOSED");
    const created = await opened({ reportId, alarmIds: [alarmId], ...ready });
    const headers = await signedIn();
    expect((await close(created.id, headers)).statusCode).toBe(200);
    const signed = await release(reportId, headers, { deviationId: created.id });
    expect(signed.statusCode, signed.body).toBe(201);
    expect(signed.json().deviation).toEqual({ id: created.id, number: created.number });
  });

  test("closing every deviation and alarm lets a release through without naming one", async () => {
    const { reportId, alarmId } = await alarmedReport("DEV-GATE-CLEAR");
    const created = await opened({ reportId, alarmIds: [alarmId], ...ready });
    const headers = await signedIn();
    expect((await close(created.id, headers)).statusCode).toBe(200);
    expect((await release(reportId, headers)).statusCode).toBe(201);
  });

  test("naming a deviation that is not closed or of another report is a 400 naming deviationId", async () => {
    const { reportId } = await alarmedReport("DEV-GATE-WRONG");
    const other = await alarmedReport("DEV-GATE-ELSEWHERE");
    const openOne = await opened({ reportId });
    const elsewhere = await opened({ reportId: other.reportId, ...ready });
    const headers = await signedIn();
    expect((await close(elsewhere.id, headers)).statusCode).toBe(200);
    for (const deviationId of [openOne.id, elsewhere.id]) {
      const res = await release(reportId, headers, { deviationId });
      expect(res.statusCode).toBe(400);
      expect(res.json().formFields).toEqual([{ id: "deviationId", error: expect.any(String) }]);
    }
  });
});

describe("who may open, change and close deviations", () => {
  test("every role that may change reports opens one; a sub-handler only reads", async () => {
    const { reportId } = await alarmedReport("DEV-ROLES");
    for (const role of MEMBER_ROLES) {
      const headers = await as(`a:${role}`);
      const res = await open({ reportId, title: `Opened by ${role}` }, headers);
      expect([role, res.statusCode]).toEqual([role, role === "subHandler" ? 403 : 201]);
      expect([role, (await t.app.inject({ method: "GET", url: "/api/deviations", headers })).statusCode]).toEqual([
        role,
        200,
      ]);
    }
  });

  test("support acting as a person opens and changes one, named in the trail, but never closes one", async () => {
    const { reportId } = await alarmedReport("DEV-SUPPORT");
    const token = await roleTokenFor(t.database.db, t.keys, {
      userId: world.users["a:administrator"] as string,
      companyId: world.companies.a,
      impersonatorUserId: world.users["operator:systemAdmin"] as string,
    });
    const headers = { "api-key": token.secret, jwt: token.jwtToken };
    const res = await open({ reportId, title: "Opened by support", ...ready }, headers);
    expect(res.statusCode, res.body).toBe(201);
    const created: DeviationDetail = res.json();
    expect(created.history[0]?.impersonated).toBe(true);
    expect((await patch(created.id, { capaReference: "CAPA-9" }, headers)).statusCode).toBe(200);
    expect((await close(created.id, headers)).statusCode).toBe(403);
    expect((await get(created.id)).json().state).toBe("open");
  });

  test("an API key reads with the read scope, never opens or closes; nobody without credentials", async () => {
    const { reportId } = await alarmedReport("DEV-KEYS");
    const created = await opened({ reportId, ...ready });
    const read = await apiKeyOf(t.database.db, world.companies.a, ["read"]);
    expect((await list("", { "api-key": read })).totalDocuments).toBeGreaterThan(0);
    expect((await get(created.id, { "api-key": read })).statusCode).toBe(200);
    for (const key of [read, ingestA]) {
      expect((await open({ reportId, title: "By a key" }, { "api-key": key })).statusCode).toBe(403);
      expect((await patch(created.id, { capaReference: "X" }, { "api-key": key })).statusCode).toBe(403);
      expect((await close(created.id, { "api-key": key })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/deviations" })).statusCode).toBe(401);
    expect((await open({ reportId, title: "By nobody" }, {})).statusCode).toBe(401);
    expect((await close(created.id, {})).statusCode).toBe(401);
  });

  test("a role token alone, without its sign-in session, cannot close one", async () => {
    const { reportId } = await alarmedReport("DEV-TOKEN-ONLY");
    const created = await opened({ reportId, ...ready });
    // 440: the dashboard's cue to refresh the session, which a role token alone does not have.
    expect((await close(created.id, admin)).statusCode).toBe(440);
    expect((await get(created.id)).json().state).toBe("open");
  });

  test("another company's deviation or report is a 404, and is not listed", async () => {
    const foreign = await open({ reportId: world.reports.b[0], title: "B hidden" }, await as("b:administrator", "b"));
    const id = foreign.json().id as string;
    expect((await get(id)).statusCode).toBe(404);
    expect((await patch(id, { rootCause: "Mine now, says A" })).statusCode).toBe(404);
    expect((await close(id, await signedIn())).statusCode).toBe(404);
    expect((await get(NO_SUCH_ID)).statusCode).toBe(404);
    expect((await open({ reportId: world.reports.b[0], title: "On B's report" })).statusCode).toBe(404);
    expect((await list(searched("B hidden"))).data).toEqual([]);
  });

  test("a distributor's list spans its sub-companies' deviations", async () => {
    const sub = await open(
      { reportId: world.reports.sub[0], title: "Sub-company investigation" },
      await as("sub:administrator", "sub"),
    );
    expect(sub.statusCode, sub.body).toBe(201);
    const distributor = await as("distributor:distributorAdmin", "distributor");
    expect((await list(searched("Sub-company investigation"), distributor)).data.map((d) => d.id)).toEqual([
      sub.json().id,
    ]);
    expect((await get(sub.json().id, distributor)).statusCode).toBe(200);
  });
});

describe("a report's record shows its deviations", () => {
  test("the report PDF prints each deviation with its findings and closing", async () => {
    const { reportId } = await alarmedReport("DEV-PDF");
    const created = await opened({ reportId, ...ready, capaReference: "CAPA-PDF-1" });
    expect((await close(created.id, await signedIn(), { comment: "Released after review" })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/label-reports/${reportId}/export?includeAuditTrail=true`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, " ");
    expect(text).toContain(`${created.number}: Temperature above 8 °C in transit`);
    expect(text).toContain(ready.rootCause);
    expect(text).toContain("CAPA-PDF-1");
    expect(text).toContain("Released after review");
    expect(text).toContain(`Deviation closed: ${created.number}`);
  });

  test("the share page lists each deviation's title, state and closing summary, people by name only", async () => {
    const { reportId } = await alarmedReport("DEV-SHARE");
    const created = await opened({ reportId, ...ready });
    expect((await close(created.id, await signedIn(), { comment: "Goods fine" })).statusCode).toBe(200);
    const link = await t.app.inject({
      method: "POST",
      url: `/api/label-reports/${reportId}/share-links`,
      headers: admin,
      payload: {},
    });
    expect(link.statusCode, link.body).toBe(201);
    const token = (link.json().url as string).split("/share/")[1];
    const page = await t.app.inject({ method: "GET", url: `/api/share/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().deviations).toEqual([
      expect.objectContaining({
        number: created.number,
        title: created.title,
        state: "closed",
        closedByName: "a-administrator Tester",
        closingComment: "Goods fine",
      }),
    ]);
    expect(page.body).not.toContain("a-administrator@test.example");
  });
});

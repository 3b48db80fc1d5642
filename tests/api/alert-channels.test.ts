import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { NEEDS_PHONE_MESSAGE, NO_CHANNEL_MESSAGE, NO_SMS_GATEWAY_MESSAGE } from "../../core/domain/alert-channels";
import { ALERTS_PER_COMPANY_PER_HOUR, DIGEST_DELAY_MS } from "../../server/notifications/alert-digest";
import { readingsFrom, recordingTransport, secondApp, THREE_DAYS_AGO } from "./support/alerts";
import { createTestApp, roleTokenFor, type TestApp } from "./support/app";
import { apiKeyOf, registerLabel, sendReadings } from "./support/ingest";
import { buildWorld, MEMBER_ROLES, type World } from "./support/world";

/**
 * Alert channels: per person and company, alerts go by e-mail and/or by
 * text message through the e-mail-to-SMS gateway (SMS_EMAIL_DOMAIN) to the phone number
 * of the profile. The defaults keep e-mail only.
 */

let t: TestApp;
let world: World;
let ingestA: string;
const mail = recordingTransport();
const others: FastifyInstance[] = [];
const GATEWAY = "sms.test";
const PHONE = "+496955501001";

const userId = (key: string) => world.users[key] as string;
const as = (key: string, company: keyof World["companies"] = "a") =>
  t.headersFor(userId(key), world.companies[company]);

async function impersonating(key: string) {
  const token = await roleTokenFor(t.database.db, t.keys, {
    userId: userId(key),
    companyId: world.companies.a,
    impersonatorUserId: userId("operator:systemAdmin"),
  });
  return { "api-key": token.secret, jwt: token.jwtToken };
}

const ALL_ON = { excursionDetected: true, reportFinished: true, batteryLow: true };

function put(headers: Record<string, string>, channels: Record<string, boolean>, app = t.app) {
  return app.inject({
    method: "PUT",
    url: "/api/me/notifications",
    headers,
    payload: [{ companyId: world.companies.a, ...ALL_ON, ...channels }],
  });
}

async function channelsOf(key: string) {
  const res = await t.app.inject({ method: "GET", url: "/api/me/notifications", headers: await as(key) });
  const alpha = res.json().find((s: { companyId: string }) => s.companyId === world.companies.a);
  return { byEmail: alpha.byEmail, byTextMessage: alpha.byTextMessage };
}

const setPhone = (key: string, phone: string | null) =>
  t.database.db.updateTable("users").set({ phone }).where("id", "=", userId(key)).execute();

/** A label of company A that recorded an hour at 12 °C (preset 2-8 °C): an alarm. */
async function alarmingLabel(labelId: string) {
  const report = await registerLabel(t, ingestA, labelId, world.presets.a);
  expect((await sendReadings(t, ingestA, labelId, readingsFrom(THREE_DAYS_AGO, 12, 12))).statusCode).toBe(200);
  return report.id;
}

const deliveredFor = (labelId: string) => mail.delivered.filter((m) => m.subject.includes(labelId));

beforeAll(async () => {
  t = await createTestApp({ alertTransport: (m) => mail.send(m), smsEmailDomain: GATEWAY });
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  ingestA = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
});
afterAll(async () => {
  for (const app of others) await app.close();
  await t?.close();
});

describe("the choice of channels", () => {
  test("is e-mail only until the person chooses", async () => {
    expect(await channelsOf("a:handler")).toEqual({ byEmail: true, byTextMessage: false });
  });

  test("is stored and returned per company", async () => {
    await setPhone("a:handler", PHONE);
    const res = await put(await as("a:handler"), { byEmail: false, byTextMessage: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await channelsOf("a:handler")).toEqual({ byEmail: false, byTextMessage: true });
  });

  test("left out of a change, the channels stay as they were", async () => {
    const res = await put(await as("a:handler"), {});
    expect(res.statusCode).toBe(200);
    expect(await channelsOf("a:handler")).toEqual({ byEmail: false, byTextMessage: true });
  });

  test("text messages without a phone number on the profile are refused, naming the field", async () => {
    const res = await put(await as("a:user"), { byEmail: true, byTextMessage: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "0.byTextMessage", error: NEEDS_PHONE_MESSAGE }]);
    expect(await channelsOf("a:user")).toEqual({ byEmail: true, byTextMessage: false });
  });

  test("text messages on a server without an e-mail-to-SMS gateway are refused", async () => {
    const noGateway = await secondApp(t);
    others.push(noGateway);
    await setPhone("a:subHandler", "+496955501002");
    const res = await put(await as("a:subHandler"), { byEmail: true, byTextMessage: true }, noGateway);
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "0.byTextMessage", error: NO_SMS_GATEWAY_MESSAGE }]);
  });

  test("neither channel is refused", async () => {
    const res = await put(await as("a:handler"), { byEmail: false, byTextMessage: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "0.byEmail", error: NO_CHANNEL_MESSAGE }]);
  });
});

describe("who may change the channels: as the existing notification routes", () => {
  test.each(MEMBER_ROLES)("a role token of a %s changes their own", async (role) => {
    await setPhone(`a:${role}`, `+4969555020${MEMBER_ROLES.indexOf(role)}`);
    const res = await put(await as(`a:${role}`), { byEmail: true, byTextMessage: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await channelsOf(`a:${role}`)).toEqual({ byEmail: true, byTextMessage: true });
    await put(await as(`a:${role}`), { byEmail: true, byTextMessage: false });
    await setPhone(`a:${role}`, role === "handler" ? PHONE : null);
  });

  test("support impersonating a person may change them, audited as support acting as the person", async () => {
    const res = await put(await impersonating("a:trimmer"), { byEmail: true, byTextMessage: false });
    expect(res.statusCode).toBe(200);
    const audit = await t.database.db
      .selectFrom("auditLog")
      .select(["actorUserId", "impersonatorUserId", "after"])
      .where("entity", "=", "notificationSettings")
      .where("entityId", "=", userId("a:trimmer"))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actorUserId: userId("a:trimmer"),
      impersonatorUserId: userId("operator:systemAdmin"),
    });
    expect(JSON.stringify(audit.after)).toContain('"byTextMessage":false');
  });

  test("an API key of any scope is a 403 and no credentials a 401", async () => {
    for (const scopes of [["read"], ["ingest"], ["read", "ingest"]]) {
      const key = await apiKeyOf(t.database.db, world.companies.a, scopes);
      expect((await put({ "api-key": key }, { byTextMessage: true })).statusCode, scopes.join("+")).toBe(403);
    }
    expect((await put({}, { byTextMessage: true })).statusCode).toBe(401);
  });
});

describe("alerts go to each chosen channel", () => {
  test("a text message goes to the gateway address of the phone number, one line with the report link", async () => {
    expect((await put(await as("a:handler"), { byEmail: false, byTextMessage: true })).statusCode).toBe(200);
    const reportId = await alarmingLabel("CH-TEXT");
    await t.app.alertWorker.runOnce();
    const handler = deliveredFor("CH-TEXT").filter((m) => m.to.includes("handler"));
    expect(handler).toEqual([]);
    const texts = deliveredFor("CH-TEXT").filter((m) => m.to === `${PHONE}@${GATEWAY}`);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.text).toBe(
      `Temperature alarm: label CH-TEXT, Alpha. http://dashboard.test/label-reports/${reportId}`,
    );
    expect(texts[0]?.text).not.toContain("\n");
  });

  test("people who did not choose text messages get none, and keep their e-mail", async () => {
    const to = deliveredFor("CH-TEXT").map((m) => m.to);
    expect(to.filter((address) => address.endsWith(`@${GATEWAY}`))).toEqual([`${PHONE}@${GATEWAY}`]);
    expect(to).toContain("a-user@test.example");
    expect(to).toContain("a-administrator@test.example");
  });

  test("both channels chosen: the e-mail and the text message", async () => {
    await put(await as("a:handler"), { byEmail: true, byTextMessage: true });
    await alarmingLabel("CH-BOTH");
    await t.app.alertWorker.runOnce();
    const to = deliveredFor("CH-BOTH").map((m) => m.to);
    expect(to).toContain("a-handler@test.example");
    expect(to).toContain(`${PHONE}@${GATEWAY}`);
  });

  test("text messages only, but the phone number removed: the alert falls back to e-mail", async () => {
    await put(await as("a:handler"), { byEmail: false, byTextMessage: true });
    await setPhone("a:handler", null);
    await alarmingLabel("CH-NOPHONE");
    await t.app.alertWorker.runOnce();
    const to = deliveredFor("CH-NOPHONE").map((m) => m.to);
    expect(to).toContain("a-handler@test.example");
    expect(to.filter((address) => address.endsWith(`@${GATEWAY}`))).toEqual([]);
    await setPhone("a:handler", PHONE);
  });

  test("past the company's hourly limit, a person who chose text messages gets a one-line digest by text message", async () => {
    await put(await as("a:handler"), { byEmail: false, byTextMessage: true });
    // The hour's alerts so far, up to the limit: the next one is gathered into digests.
    const reportId = world.reports.a[0] as string;
    await t.database.db
      .insertInto("alertEvents")
      .values(
        Array.from({ length: ALERTS_PER_COMPANY_PER_HOUR }, (_, i) => ({
          reportId,
          companyId: world.companies.a,
          kind: "batteryLow" as const,
          key: `filler:${i}`,
          occurredAt: new Date().toISOString(),
          details: "{}",
        })),
      )
      .execute();
    await alarmingLabel("CH-DIGEST");
    await t.app.alertWorker.runOnce(new Date(Date.now() + DIGEST_DELAY_MS + 60_000));
    const digest = mail.delivered.filter((m) => m.to === `${PHONE}@${GATEWAY}` && m.subject === "Alerts of Alpha");
    expect(digest.map((m) => m.text)).toEqual(["1 alert on labels of Alpha: http://dashboard.test/label-reports"]);
    expect(mail.delivered.filter((m) => m.to === "a-handler@test.example" && m.subject === "Alerts of Alpha")).toEqual(
      [],
    );
    await t.database.db.deleteFrom("alertEvents").where("key", "like", "filler:%").execute();
  });

  test("an escalation reaches an administrator who chose text messages by text message", async () => {
    await setPhone("a:administrator", "+496955501009");
    expect((await put(await as("a:administrator"), { byEmail: false, byTextMessage: true })).statusCode).toBe(200);
    const reportId = await alarmingLabel("CH-ESC");
    const alarm = await t.database.db
      .selectFrom("alarms")
      .select("triggeredAt")
      .where("reportId", "=", reportId)
      .executeTakeFirstOrThrow();
    await t.app.alertWorker.runOnce(new Date(new Date(alarm.triggeredAt).getTime() + 121 * 60_000));
    const escalations = deliveredFor("CH-ESC").filter((m) => m.subject.startsWith("Unacknowledged alarm"));
    expect(escalations.map((m) => m.to).sort()).toEqual(["+496955501009@sms.test", "a-distributorAdmin@test.example"]);
    const text = escalations.find((m) => m.to.endsWith(GATEWAY))?.text;
    expect(text).toMatch(/^Unacknowledged alarm: Temperature alarm: label CH-ESC, Alpha\. http:\/\/\S+$/);
  });
});

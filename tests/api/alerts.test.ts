import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { alertMailsOf, readingsFrom, recordingTransport, secondApp, THREE_DAYS_AGO } from "./support/alerts";
import { createTestApp, type TestApp } from "./support/app";
import { apiKeyOf, registerLabel, sendReadings } from "./support/ingest";
import { buildWorld, MEMBER_ROLES, type World } from "./support/world";

/**
 * Alerts are really sent: an alarm, a report that ends and a low
 * battery e-mail each member who asked for it once, through the outbox and the alert
 * worker, whatever is re-sent, restarted or run twice.
 */

let t: TestApp;
let world: World;
let ingestA: string;
const mail = recordingTransport();
const others: FastifyInstance[] = [];

/** The company's members' addresses, sorted. */
const members = (company: string) =>
  [
    ...MEMBER_ROLES.map((role) => `${company}-${role}@test.example`),
    ...(company === "a" ? ["a-trimmer@test.example"] : []),
  ].sort();

async function setting(userKey: string, companyId: string, values: Record<string, boolean>) {
  await t.database.db
    .insertInto("notificationSettings")
    .values({ userId: world.users[userKey] as string, companyId, ...values })
    .onConflict((oc) => oc.columns(["userId", "companyId"]).doUpdateSet(values))
    .execute();
}

async function presetOf(companyId: string, name: string) {
  const row = await t.database.db
    .insertInto("labelPresets")
    .values({ companyId, name, slug: name.toLowerCase(), temperatureMin: 2, temperatureMax: 8 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A label of the company that recorded an hour at 12 °C (its rule: 2-8 °C, no delay). */
async function alarmingLabel(key: string, labelId: string, presetId: string) {
  const report = await registerLabel(t, key, labelId, presetId);
  const res = await sendReadings(t, key, labelId, readingsFrom(THREE_DAYS_AGO, 12, 12));
  expect(res.statusCode).toBe(200);
  return report.id;
}

const deliveredTo = (subjectPart: string) =>
  mail.delivered
    .filter((m) => m.subject.includes(subjectPart))
    .map((m) => m.to)
    .sort();

beforeAll(async () => {
  t = await createTestApp({ alertTransport: (m) => mail.send(m) });
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  ingestA = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
  // a:user asked for no alarm e-mails; everyone else keeps the default (on).
  await setting("a:user", world.companies.a, { excursionDetected: false });
});
afterAll(async () => {
  for (const app of others) await app.close();
  await t?.close();
});

describe("an alarm", () => {
  let reportId: string;

  test("e-mails each member who asked for alarm alerts exactly once, and not those who switched it off", async () => {
    reportId = await alarmingLabel(ingestA, "AL-ONCE", world.presets.a);
    await t.app.alertWorker.runOnce();
    const expected = members("a").filter((e) => e !== "a-user@test.example");
    expect(deliveredTo("AL-ONCE")).toEqual(expected);
    const rows = await alertMailsOf(t.database.db, reportId);
    expect(rows.map((r) => r.recipient)).toEqual(expected);
    expect(rows.every((r) => r.sent !== null && r.kind === "excursionDetected")).toBe(true);
  });

  test("re-sending the same readings sends no second e-mail", async () => {
    const res = await sendReadings(t, ingestA, "AL-ONCE", readingsFrom(THREE_DAYS_AGO, 12, 12));
    expect(res.json()).toMatchObject({ accepted: 0, duplicates: 12 });
    const before = mail.delivered.length;
    await t.app.alertWorker.runOnce();
    expect(mail.delivered.length).toBe(before);
    expect(await alertMailsOf(t.database.db, reportId)).toHaveLength(members("a").length - 1);
  });

  test("more out-of-range readings of an alarm already raised send no second e-mail", async () => {
    const res = await sendReadings(t, ingestA, "AL-ONCE", readingsFrom(THREE_DAYS_AGO + 3_600_000, 6, 13));
    expect(res.json()).toMatchObject({ accepted: 6 });
    const before = mail.delivered.length;
    await t.app.alertWorker.runOnce();
    expect(mail.delivered.length).toBe(before);
  });

  test("a restart (a new server over the same database) sends nothing again", async () => {
    const restarted = recordingTransport();
    const app = await secondApp(t, { alertTransport: (m) => restarted.send(m) });
    others.push(app);
    await app.alertWorker.runOnce();
    expect(restarted.delivered).toEqual([]);
  });

  test("two server instances running at once send each e-mail once", async () => {
    const second = await secondApp(t, { alertTransport: (m) => mail.send(m) });
    others.push(second);
    await alarmingLabel(ingestA, "AL-TWICE", world.presets.a);
    await Promise.all([t.app.alertWorker.runOnce(), second.alertWorker.runOnce(), t.app.alertWorker.runOnce()]);
    expect(deliveredTo("AL-TWICE")).toEqual(members("a").filter((e) => e !== "a-user@test.example"));
  });

  test("a sub-company's alarm also e-mails its distributor's administrators, and no other distributor member", async () => {
    const presetSub = await presetOf(world.companies.sub, "Sub 2-8");
    const ingestSub = await apiKeyOf(t.database.db, world.companies.sub, ["ingest"]);
    await alarmingLabel(ingestSub, "AL-SUB", presetSub);
    await t.app.alertWorker.runOnce();
    const to = deliveredTo("AL-SUB");
    expect(to).toEqual([...members("sub"), "distributor-distributorAdmin@test.example"].sort());
  });

  test("another company's alarm never e-mails this company", async () => {
    const ingestB = await apiKeyOf(t.database.db, world.companies.b, ["ingest"]);
    await alarmingLabel(ingestB, "AL-FOREIGN", world.presets.b);
    await t.app.alertWorker.runOnce();
    expect(deliveredTo("AL-FOREIGN")).toEqual(members("b"));
  });

  test("the e-mail names the label, reference, company, what happened and when in the company's zone, and links to the report", async () => {
    await t.database.db
      .updateTable("companies")
      .set({ timeZone: "Europe/Berlin" })
      .where("id", "=", world.companies.a)
      .execute();
    const id = await alarmingLabel(ingestA, "AL-TEXT", world.presets.a);
    await t.app.alertWorker.runOnce();
    const sent = mail.delivered.find((m) => m.to === "a-handler@test.example" && m.subject.includes("AL-TEXT"));
    // The reference is free text a key sets: in the body, never in the subject.
    expect(sent?.subject).toBe("Temperature alarm: label AL-TEXT, Alpha");
    const berlin = new Intl.DateTimeFormat("en-US", {
      timeZone: "Europe/Berlin",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(new Date(THREE_DAYS_AGO));
    expect(sent?.text).toContain(`the excursion began at ${berlin} (Europe/Berlin)`);
    expect(sent?.text).toContain(`Open the report: http://dashboard.test/label-reports/${id}`);
  });
});

describe("a report that ends", () => {
  test("e-mails those who asked for report-finished alerts once (off by default)", async () => {
    await setting("a:handler", world.companies.a, { reportFinished: true });
    const { id } = await registerLabel(t, ingestA, "AL-END", world.presets.a);
    await sendReadings(t, ingestA, "AL-END", readingsFrom(THREE_DAYS_AGO, 3, 5));
    const stop = () =>
      t.app.inject({
        method: "POST",
        url: `/api/label-reports/${id}/stop`,
        headers: { "api-key": ingestA },
        payload: { status: "ended" },
      });
    expect((await stop()).statusCode).toBe(200);
    expect((await stop()).statusCode).toBe(200);
    await t.app.alertWorker.runOnce();
    await t.app.alertWorker.runOnce();
    expect(deliveredTo("AL-END")).toEqual(["a-handler@test.example"]);
    expect(mail.delivered.find((m) => m.subject.includes("AL-END"))?.subject).toMatch(/^Report ended: label AL-END/);
  });
});

describe("a low battery", () => {
  test("e-mails those who asked for battery alerts once when it reaches the warning level", async () => {
    await setting("a:handler", world.companies.a, { batteryLow: false });
    await registerLabel(t, ingestA, "AL-BATT", world.presets.a);
    await sendReadings(t, ingestA, "AL-BATT", readingsFrom(THREE_DAYS_AGO, 3, 5, 40));
    await t.app.alertWorker.runOnce();
    expect(deliveredTo("AL-BATT")).toEqual([]);
    await sendReadings(t, ingestA, "AL-BATT", readingsFrom(THREE_DAYS_AGO + 900_000, 3, 5, 20));
    await sendReadings(t, ingestA, "AL-BATT", readingsFrom(THREE_DAYS_AGO + 1_800_000, 3, 5, 12));
    await t.app.alertWorker.runOnce();
    expect(deliveredTo("AL-BATT")).toEqual(members("a").filter((e) => e !== "a-handler@test.example"));
    const text = mail.delivered.find((m) => m.subject.includes("AL-BATT"))?.text;
    expect(text).toContain("The battery reached 20 %, at or below the warning level of 20 %");
  });
});

describe("the worker", () => {
  test("retries a failing transport later with backoff and then sends each e-mail once", async () => {
    const flaky = recordingTransport();
    const app = await secondApp(t, { alertTransport: (m) => flaky.send(m) });
    others.push(app);
    const ingestB = await apiKeyOf(t.database.db, world.companies.b, ["ingest"]);
    const reportId = await alarmingLabel(ingestB, "AL-RETRY", world.presets.b);
    flaky.failing = true;
    const now = new Date();
    expect(await app.alertWorker.runOnce(now)).toMatchObject({ sent: 0, failed: members("b").length });
    const failed = await alertMailsOf(t.database.db, reportId);
    expect(failed.every((r) => r.sent === null && r.attempts === 1 && r.lastError?.includes("451"))).toBe(true);
    flaky.failing = false;
    // Not due yet: the first retry waits 30 s.
    expect(await app.alertWorker.runOnce(new Date(now.getTime() + 10_000))).toMatchObject({ sent: 0 });
    expect(await app.alertWorker.runOnce(new Date(now.getTime() + 31_000))).toMatchObject({
      sent: members("b").length,
      failed: 0,
    });
    expect(await app.alertWorker.runOnce(new Date(now.getTime() + 3_600_000))).toMatchObject({ sent: 0 });
    expect(flaky.delivered.map((m) => m.to).sort()).toEqual(members("b"));
    const done = await alertMailsOf(t.database.db, reportId);
    expect(done.every((r) => r.sent !== null && r.attempts === 2)).toBe(true);
  });
});

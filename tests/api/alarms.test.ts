import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AlarmRecord } from "../../core/api/alarm";
import { encodeListQuery } from "../../core/domain/list-query";
import { pdfText } from "../support/pdf-text";
import { readingsFrom, recordingTransport, THREE_DAYS_AGO } from "./support/alerts";
import { createTestApp, roleTokenFor, type TestApp } from "./support/app";
import { apiKeyOf, registerLabel, sendReadings } from "./support/ingest";
import { buildWorld, MEMBER_ROLES, type World } from "./support/world";

/**
 * Alarm acknowledgement: every alarm event is an alarm record, listed
 * in the list grammar, acknowledged and closed with a comment, escalated once when nobody
 * acknowledges it in time, and written in the report's trail.
 */

let t: TestApp;
let world: World;
let ingestA: string;
let admin: Record<string, string>;
const mail = recordingTransport();

interface Page {
  data: AlarmRecord[];
  totalDocuments: number;
}

async function presetOf(companyId: string, name: string) {
  const row = await t.database.db
    .insertInto("labelPresets")
    .values({ companyId, name, slug: name.toLowerCase(), temperatureMin: 2, temperatureMax: 8 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A label of the company that recorded an hour at `temperature` °C from `from` (rule 2-8 °C). */
async function label(
  key: string,
  labelId: string,
  presetId: string,
  temperature = 12,
  from = THREE_DAYS_AGO,
  battery = 90,
) {
  const report = await registerLabel(t, key, labelId, presetId);
  const res = await sendReadings(t, key, labelId, readingsFrom(from, 12, temperature, battery));
  expect(res.statusCode).toBe(200);
  return report.id;
}

const list = async (query = "", headers = admin): Promise<Page> => {
  const res = await t.app.inject({ method: "GET", url: `/api/alarms?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const act = (id: string, action: "acknowledge" | "close", comment: unknown, headers = admin) =>
  t.app.inject({ method: "POST", url: `/api/alarms/${id}/${action}`, headers, payload: { comment } });

const alarmsOfReport = async (reportId: string, kind = "") =>
  (
    await list(
      encodeListQuery({
        filters: [
          { key: "reportId", operator: "eq", value: reportId },
          ...(kind ? [{ key: "kind", operator: "eq" as const, value: kind }] : []),
        ],
      }),
    )
  ).data;

const as = (key: string, company: keyof World["companies"] = "a") =>
  t.headersFor(world.users[key] as string, world.companies[company]);

beforeAll(async () => {
  t = await createTestApp({ alertTransport: (m) => mail.send(m) });
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  ingestA = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
  admin = await as("a:administrator");
});
afterAll(async () => t?.close());

describe("an alarm record", () => {
  test("is created when a unit's band is reached, open, with its unit and severity", async () => {
    const reportId = await label(ingestA, "ALM-BAND", world.presets.a);
    const [alarm, ...more] = await alarmsOfReport(reportId);
    expect(more).toEqual([]);
    expect(alarm).toMatchObject({
      kind: "band",
      unit: "temperature",
      severity: "alarm",
      state: "open",
      labelId: "ALM-BAND",
      reference: "PO-ALM-BAND",
      acknowledgedByName: null,
    });
    const event = await t.database.db
      .selectFrom("alertEvents")
      .select(["id", "occurredAt"])
      .where("reportId", "=", reportId)
      .where("kind", "=", "excursionDetected")
      .executeTakeFirstOrThrow();
    expect(alarm?.triggeredAt).toBe(new Date(event.occurredAt).toISOString());
  });

  test("is created even when nobody is e-mailed, and once however often the readings are sent", async () => {
    await t.database.db
      .insertInto("notificationSettings")
      .values(
        Object.entries(world.users)
          .filter(([key]) => key.startsWith("a:"))
          .map(([, userId]) => ({ userId, companyId: world.companies.a, excursionDetected: false })),
      )
      .execute();
    const reportId = await label(ingestA, "ALM-QUIET", world.presets.a);
    await sendReadings(t, ingestA, "ALM-QUIET", readingsFrom(THREE_DAYS_AGO, 12, 12));
    expect((await alarmsOfReport(reportId)).map((a) => a.kind)).toEqual(["band"]);
    await t.database.db.deleteFrom("notificationSettings").execute();
  });

  test("is a warning for a low battery", async () => {
    const reportId = await label(ingestA, "ALM-BATT", world.presets.a, 5, THREE_DAYS_AGO, 10);
    expect((await alarmsOfReport(reportId)).map((a) => [a.kind, a.severity])).toEqual([["batteryLow", "warning"]]);
  });

  test("is an alarm for a label gone silent", async () => {
    const reportId = await label(ingestA, "ALM-SILENT", world.presets.a, 5, Date.now() - 3 * 3_600_000);
    await t.app.alertWorker.runOnce();
    expect((await alarmsOfReport(reportId)).map((a) => [a.kind, a.severity, a.unit])).toEqual([
      ["noSignal", "alarm", null],
    ]);
  });
});

describe("the alarm list", () => {
  test("filters by state, severity, kind and unit, and puts open alarms first", async () => {
    const open = await list("filter=state[eq]open");
    expect(open.data.length).toBeGreaterThan(0);
    expect(open.data.every((a) => a.state === "open")).toBe(true);
    const warnings = await list("filter=severity[eq]warning");
    expect(warnings.data.map((a) => a.labelId)).toEqual(["ALM-BATT"]);
    expect((await list("filter=kind[eq]noSignal")).data.map((a) => a.labelId)).toEqual(["ALM-SILENT"]);
    expect((await list("filter=unit[eq]temperature")).data.every((a) => a.unit === "temperature")).toBe(true);
    expect((await list("filter=labelId[ilike]ALM-BA")).totalDocuments).toBe(2);
    const bad = await t.app.inject({ method: "GET", url: "/api/alarms?filter=state[eq]snoozed", headers: admin });
    expect(bad.statusCode).toBe(400);
  });

  test("spans a distributor's sub-companies, and no other company's", async () => {
    const ingestSub = await apiKeyOf(t.database.db, world.companies.sub, ["ingest"]);
    const reportId = await label(ingestSub, "ALM-SUB", await presetOf(world.companies.sub, "Sub 2-8"));
    const distributor = await as("distributor:distributorAdmin", "distributor");
    const seen = await list("", distributor);
    expect(seen.data.map((a) => a.reportId)).toContain(reportId);
    expect(seen.data.every((a) => a.companyId === world.companies.sub)).toBe(true);
    expect((await list("")).data.map((a) => a.reportId)).not.toContain(reportId);
  });
});

describe("acknowledging and closing", () => {
  let alarm: AlarmRecord;

  beforeAll(async () => {
    const reportId = await label(ingestA, "ALM-ACK", world.presets.a);
    alarm = (await alarmsOfReport(reportId))[0] as AlarmRecord;
  });

  test("a comment shorter than 10 characters (trimmed) is 400 naming comment", async () => {
    for (const comment of ["  too short   ", "", 42]) {
      const res = await act(alarm.id, "acknowledge", comment);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain("comment");
    }
  });

  test("closing an open alarm is 409", async () => {
    expect((await act(alarm.id, "close", "Nothing to close yet")).statusCode).toBe(409);
  });

  test("acknowledges once, with who and the comment; twice is 409", async () => {
    const res = await act(alarm.id, "acknowledge", "  Goods moved to the backup cooler  ");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: "acknowledged",
      acknowledgedByName: "a-administrator Tester",
      acknowledgedComment: "Goods moved to the backup cooler",
    });
    expect((await act(alarm.id, "acknowledge", "Acknowledged again")).statusCode).toBe(409);
  });

  test("an acknowledgement is an alarm.acknowledged webhook event of the report's company", async () => {
    const reportId = await label(ingestA, "ALM-HOOK", world.presets.a);
    const hooked = (await alarmsOfReport(reportId))[0] as AlarmRecord;
    const endpoint = await t.database.db
      .insertInto("webhookEndpoints")
      .values({
        companyId: world.companies.a,
        url: "https://93.184.216.34/qa",
        events: ["alarm.acknowledged"],
        secret: "whsec_a",
        createdBy: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    try {
      expect((await act(hooked.id, "acknowledge", "Probe checked on site")).statusCode).toBe(200);
      const deliveries = await t.database.db
        .selectFrom("webhookDeliveries")
        .select(["event", "payload"])
        .where("endpointId", "=", endpoint.id)
        .execute();
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]).toMatchObject({
        event: "alarm.acknowledged",
        payload: { report: { id: reportId }, alarm: { id: hooked.id, comment: "Probe checked on site" } },
      });
    } finally {
      await t.database.db.deleteFrom("webhookEndpoints").where("id", "=", endpoint.id).execute();
    }
  });

  test("closes an acknowledged alarm once", async () => {
    const res = await act(alarm.id, "close", "Cooler repaired, temperature back");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: "closed", closedByName: "a-administrator Tester" });
    expect((await act(alarm.id, "close", "Closed once more")).statusCode).toBe(409);
  });

  test("both are entries of the report's trail with the comment as the reason", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/label-reports/${alarm.reportId}/audit`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const entries = res.json() as { action: string; reason: string | null; actor: string | null }[];
    const rows = Array.isArray(entries) ? entries : (entries as { data: typeof entries }).data;
    expect(rows.filter((e) => e.action.startsWith("alarm")).map((e) => [e.action, e.reason])).toEqual([
      ["alarmClose", "Cooler repaired, temperature back"],
      ["alarmAcknowledge", "Goods moved to the backup cooler"],
    ]);
  });

  test("the report PDF's trail prints them", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/label-reports/${alarm.reportId}/export?includeAuditTrail=true`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, " ");
    expect(text).toContain("Alarm acknowledged");
    expect(text).toContain("Reason: Goods moved to the backup cooler");
    expect(text).toContain("Alarm closed");
  });

  test("the report list's openAlarm filter follows the alarm's state", async () => {
    const reports = async (value: boolean) => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/label-reports?${encodeListQuery({
          filters: [
            { key: "openAlarm", operator: "eq", value: String(value) },
            { key: "labelId", operator: "eq", value: "ALM-ACK" },
          ],
        })}`,
        headers: admin,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: { id: string }[] }).data.map((r) => r.id);
    };
    expect(await reports(true)).toEqual([]);
    expect(await reports(false)).toEqual([alarm.reportId]);
  });
});

describe("who may acknowledge", () => {
  async function openAlarm(labelId: string) {
    const reportId = await label(ingestA, labelId, world.presets.a);
    return (await alarmsOfReport(reportId))[0] as AlarmRecord;
  }

  test("every role that may change reports, not a sub-handler", async () => {
    for (const role of MEMBER_ROLES) {
      const alarm = await openAlarm(`ALM-ROLE-${role}`);
      const res = await act(alarm.id, "acknowledge", `Checked by the ${role}`, await as(`a:${role}`));
      expect([role, res.statusCode]).toEqual([role, role === "subHandler" ? 403 : 200]);
    }
  });

  test("support acting as a person, named in the trail", async () => {
    const alarm = await openAlarm("ALM-SUPPORT");
    const token = await roleTokenFor(t.database.db, t.keys, {
      userId: world.users["a:user"] as string,
      companyId: world.companies.a,
      impersonatorUserId: world.users["operator:systemAdmin"] as string,
    });
    const res = await act(alarm.id, "acknowledge", "Support called the driver", {
      "api-key": token.secret,
      jwt: token.jwtToken,
    });
    expect(res.statusCode).toBe(200);
    const trail = await t.database.db
      .selectFrom("auditLog")
      .select(["actorUserId", "impersonatorUserId"])
      .where("entityId", "=", alarm.reportId)
      .where("action", "=", "alarmAcknowledge")
      .executeTakeFirstOrThrow();
    expect(trail).toEqual({
      actorUserId: world.users["a:user"],
      impersonatorUserId: world.users["operator:systemAdmin"],
    });
  });

  test("no API key (read lists, ingest neither), nobody without credentials", async () => {
    const alarm = await openAlarm("ALM-KEYS");
    const read = await apiKeyOf(t.database.db, world.companies.a, ["read"]);
    expect((await list("", { "api-key": read })).totalDocuments).toBeGreaterThan(0);
    expect((await act(alarm.id, "acknowledge", "Acknowledged by a key", { "api-key": read })).statusCode).toBe(403);
    expect((await act(alarm.id, "acknowledge", "Acknowledged by a key", { "api-key": ingestA })).statusCode).toBe(403);
    expect((await act(alarm.id, "acknowledge", "Acknowledged by nobody", {})).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/alarms" })).statusCode).toBe(401);
  });

  test("another company's alarm is 404, and so is no alarm at all", async () => {
    const ingestB = await apiKeyOf(t.database.db, world.companies.b, ["ingest"]);
    const reportId = await label(ingestB, "ALM-B", world.presets.b);
    const adminB = await as("b:administrator", "b");
    const [alarm] = (await list(`filter=reportId[eq]${reportId}`, adminB)).data;
    expect((await act(alarm?.id as string, "acknowledge", "Not my company at all")).statusCode).toBe(404);
    expect((await act("00000000-0000-4000-8000-000000000000", "close", "No alarm at all here")).statusCode).toBe(404);
    expect((await list(`filter=reportId[eq]${reportId}`)).data).toEqual([]);
  });
});

describe("escalation", () => {
  const escalations = (labelId: string) =>
    mail.delivered.filter(
      (m) => m.subject.startsWith("Unacknowledged alarm: Temperature") && m.subject.includes(labelId),
    );

  test("e-mails the administrators once, after the company's time and not before", async () => {
    const reportId = await label(ingestA, "ALM-ESC", world.presets.a);
    const [alarm] = await alarmsOfReport(reportId, "band");
    const raised = Date.parse(alarm?.triggeredAt as string);
    await t.app.alertWorker.runOnce(new Date(raised + 119 * 60_000));
    expect(escalations("ALM-ESC")).toEqual([]);
    await t.app.alertWorker.runOnce(new Date(raised + 121 * 60_000));
    expect(escalations("ALM-ESC").map((m) => m.to)).toEqual([
      "a-administrator@test.example",
      "a-distributorAdmin@test.example",
    ]);
    expect(escalations("ALM-ESC")[0]?.subject).toBe("Unacknowledged alarm: Temperature alarm: label ALM-ESC, Alpha");
    await t.app.alertWorker.runOnce(new Date(raised + 180 * 60_000));
    expect(escalations("ALM-ESC")).toHaveLength(2);
    // The pass at the later time also found the label silent: that alarm is a new one.
    expect((await alarmsOfReport(reportId, "band"))[0]?.escalatedAt).toBe(
      new Date(raised + 121 * 60_000).toISOString(),
    );
  });

  test("follows the company's setting, and leaves an acknowledged alarm alone", async () => {
    const patch = (alarmEscalationMinutes: number) =>
      t.app.inject({ method: "PATCH", url: "/api/company", headers: admin, payload: { alarmEscalationMinutes } });
    expect((await patch(4)).statusCode).toBe(400);
    const saved = await patch(30);
    expect(saved.json().alarmEscalationMinutes).toBe(30);
    const quick = (await alarmsOfReport(await label(ingestA, "ALM-QUICK", world.presets.a)))[0] as AlarmRecord;
    const acked = (await alarmsOfReport(await label(ingestA, "ALM-ACKED", world.presets.a)))[0] as AlarmRecord;
    expect((await act(acked.id, "acknowledge", "Already on it, thanks")).statusCode).toBe(200);
    await t.app.alertWorker.runOnce(new Date(Date.parse(quick.triggeredAt) + 31 * 60_000));
    expect(escalations("ALM-QUICK")).toHaveLength(2);
    expect(escalations("ALM-ACKED")).toEqual([]);
    await patch(120);
  });
});

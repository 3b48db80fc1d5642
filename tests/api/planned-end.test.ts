import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PLANNED_END_CHUNK } from "../../server/ingest/planned-end";
import { recomputeSummary } from "../../server/reports/summary";
import { alertMailsOf, readingsFrom, recordingTransport, secondApp } from "./support/alerts";
import { createTestApp, type TestApp } from "./support/app";
import { apiKeyOf, registerLabel, sendReadings } from "./support/ingest";
import { buildWorld, type World } from "./support/world";

/**
 * A recording label whose planned end (its end time while it records, "Planned end" on
 * screen) has passed is ended by the alert worker's pass, as an `ended` stop would end
 * it: once, with one "report ended" alert, audited, and no reading after the end taken.
 */

let t: TestApp;
let world: World;
let ingest: string;
let read: Record<string, string>;
const mail = recordingTransport();
const others: FastifyInstance[] = [];
const MINUTE = 60_000;
/** A whole minute, so readings land on the same times however long the test takes. */
const now = Math.floor(Date.now() / MINUTE) * MINUTE;

const detail = async (id: string) =>
  (await t.app.inject({ method: "GET", url: `/api/label-reports/${id}`, headers: read })).json();

/** A label that recorded 2 hours up to 3 hours ago, with its planned end at `plannedEnd` (as the seed or an import sets it). */
async function recordingLabel(labelId: string, plannedEnd: number) {
  const { id } = await registerLabel(t, ingest, labelId, world.presets.a);
  expect((await sendReadings(t, ingest, labelId, readingsFrom(now - 5 * 60 * MINUTE, 24, 5))).statusCode).toBe(200);
  await t.database.db
    .updateTable("labelReports")
    .set({ endTime: new Date(plannedEnd) })
    .where("id", "=", id)
    .execute();
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ alertTransport: (m) => mail.send(m) });
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  ingest = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
  read = { "api-key": await apiKeyOf(t.database.db, world.companies.a, ["read"]) };
  // Report-finished e-mails are off by default: the handler asks for them.
  await t.database.db
    .insertInto("notificationSettings")
    .values({ userId: world.users["a:handler"] as string, companyId: world.companies.a, reportFinished: true })
    .onConflict((oc) => oc.columns(["userId", "companyId"]).doUpdateSet({ reportFinished: true }))
    .execute();
});
afterAll(async () => {
  for (const app of others) await app.close();
  await t?.close();
});

describe("a recording report reaching its planned end", () => {
  test("is ended by the worker at its planned end", async () => {
    const plannedEnd = now - 60 * MINUTE;
    const id = await recordingLabel("PE-PASSED", plannedEnd);
    await t.app.alertWorker.runOnce(new Date(now));
    const report = await detail(id);
    expect(report.status).toBe("ended");
    expect(report.endTime).toBe(new Date(plannedEnd).toISOString());
    expect(report.summary.label.status).toBe("ended");
  });

  test("is not ended before its planned end", async () => {
    const plannedEnd = now + 60 * MINUTE;
    const id = await recordingLabel("PE-FUTURE", plannedEnd);
    await t.app.alertWorker.runOnce(new Date(plannedEnd - MINUTE));
    expect((await detail(id)).status).toBe("recording");
    await t.app.alertWorker.runOnce(new Date(plannedEnd));
    expect((await detail(id)).status).toBe("ended");
  });

  test("two worker passes at once (two server instances) end it once and e-mail 'report ended' once", async () => {
    const second = await secondApp(t, { alertTransport: (m) => mail.send(m) });
    others.push(second);
    const id = await recordingLabel("PE-TWICE", now - 10 * MINUTE);
    await Promise.all([
      t.app.alertWorker.runOnce(new Date(now)),
      second.alertWorker.runOnce(new Date(now)),
      t.app.alertWorker.runOnce(new Date(now)),
    ]);
    // The e-mails are due from when they were written (the real clock): a pass now sends them.
    await t.app.alertWorker.runOnce();
    const finished = (await alertMailsOf(t.database.db, id)).filter((m) => m.kind === "reportFinished");
    expect(finished.map((m) => m.recipient)).toEqual(["a-handler@test.example"]);
    // Only the end's e-mail counts here: another instance's silence pass may also have seen it silent.
    expect(mail.delivered.filter((m) => m.subject.startsWith("Report ended: label PE-TWICE"))).toHaveLength(1);
    const audit = await t.database.db
      .selectFrom("auditLog")
      .select("id")
      .where("entityId", "=", id)
      .where("action", "=", "stop")
      .execute();
    expect(audit).toHaveLength(1);
  });

  test("is audited like a stop, naming no person or key and giving the planned end as the reason", async () => {
    const plannedEnd = now - 30 * MINUTE;
    const id = await recordingLabel("PE-AUDIT", plannedEnd);
    await t.app.alertWorker.runOnce(new Date(now));
    const entry = await t.database.db
      .selectFrom("auditLog")
      .selectAll()
      .where("entityId", "=", id)
      .where("action", "=", "stop")
      .executeTakeFirstOrThrow();
    expect(entry.actorUserId).toBeNull();
    expect(entry.companyId).toBe(world.companies.a);
    expect(entry.before).toEqual({ status: "recording" });
    expect(entry.after).toEqual({ status: "ended", endTime: new Date(plannedEnd).toISOString() });
    expect(entry.reason).toBe("Planned end reached");
  });

  test("a planned end that passed more than a day ago ends the report but is not e-mailed (old data, a server down for days)", async () => {
    const id = await recordingLabel("PE-ANCIENT", now - 5 * 60 * MINUTE + 23 * 5 * MINUTE);
    await t.app.alertWorker.runOnce(new Date(now + 3 * 24 * 60 * MINUTE));
    expect((await detail(id)).status).toBe("ended");
    expect(await alertMailsOf(t.database.db, id)).toEqual([]);
  });
});

describe("readings and the planned end", () => {
  test("after the worker ended it, the label still takes its memory up to the planned end, never a reading after it", async () => {
    const plannedEnd = now - 60 * MINUTE;
    const id = await recordingLabel("PE-AFTER", plannedEnd);
    await t.app.alertWorker.runOnce(new Date(now));
    const memory = await sendReadings(t, ingest, "PE-AFTER", readingsFrom(now - 6 * 60 * MINUTE, 3, 5));
    expect(memory.json()).toMatchObject({ accepted: 3, duplicates: 0 });
    const after = await sendReadings(t, ingest, "PE-AFTER", readingsFrom(plannedEnd + MINUTE, 2, 5));
    expect(after.statusCode).toBe(400);
    expect(after.json().formFields.map((f: { id: string }) => f.id)).toEqual(["readings.0.time", "readings.1.time"]);
    expect((await detail(id)).readingCount).toBe(27);
  });

  test("a reading after the planned end is refused before the worker's pass too (nothing of the batch written)", async () => {
    const plannedEnd = now - 60 * MINUTE;
    const id = await recordingLabel("PE-EARLY", plannedEnd);
    const batch = [...readingsFrom(plannedEnd - 10 * MINUTE, 1, 5), ...readingsFrom(plannedEnd + 5 * MINUTE, 1, 5)];
    const res = await sendReadings(t, ingest, "PE-EARLY", batch);
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "readings.1.time", error: "is after the label's planned end" }]);
    const report = await detail(id);
    expect(report.status).toBe("recording");
    expect(report.readingCount).toBe(24);
  });
});

describe("many reports reaching their planned end at once", () => {
  /** The template's report row, readings and summary state copied `count` times, labels `${prefix}1` on. */
  async function cloneReport(templateId: string, prefix: string, count: number) {
    const db = t.database.db;
    await sql`insert into label_reports (company_id, preset_id, label_id, status, start_time, end_time, interval_minutes,
        reading_count, summary, rule, preset_version, last_reading_at, summary_maths)
      select company_id, preset_id, ${prefix} || g, status, start_time, end_time, interval_minutes,
        reading_count, summary, rule, preset_version, last_reading_at, summary_maths
      from label_reports, generate_series(1, ${count}) g where id = ${templateId}`.execute(db);
    await sql`insert into measurements (report_id, t, temperature, humidity, battery)
      select c.id, m.t, m.temperature, m.humidity, m.battery from label_reports c
      join measurements m on m.report_id = ${templateId} where c.label_id like ${`${prefix}%`}`.execute(db);
    await sql`insert into report_summary_states (report_id, basis, reading_count, state)
      select c.id, s.basis, s.reading_count, s.state from label_reports c
      join report_summary_states s on s.report_id = ${templateId} where c.label_id like ${`${prefix}%`}`.execute(db);
  }

  test("one pass ends them all, more than a chunk, each once: ended summary, one audit entry and one 'report ended' alert each", async () => {
    const plannedEnd = now - 60 * MINUTE;
    const template = await recordingLabel("PE-MANY-0", plannedEnd);
    const count = PLANNED_END_CHUNK + 200;
    await cloneReport(template, "PE-MANY-C", count);
    const db = t.database.db;
    const many = await db.selectFrom("labelReports").select("id").where("labelId", "like", "PE-MANY-%").execute();
    expect(many).toHaveLength(count + 1);

    await t.app.alertWorker.runOnce(new Date(now));

    const statuses = await db
      .selectFrom("labelReports")
      .select(["status", sql<string>`summary -> 'label' ->> 'status'`.as("label"), sql<number>`count(*)::int`.as("n")])
      .where("labelId", "like", "PE-MANY-%")
      .groupBy(["status", sql`summary -> 'label' ->> 'status'`])
      .execute();
    expect(statuses).toEqual([{ status: "ended", label: "ended", n: count + 1 }]);
    const perReport = async (table: "auditLog" | "alertEvents") => {
      const rows =
        table === "auditLog"
          ? await db
              .selectFrom("auditLog")
              .select(["entityId as id", sql<number>`count(*)::int`.as("n")])
              .where("action", "=", "stop")
              .where("reason", "=", "Planned end reached")
              .where(
                "entityId",
                "in",
                many.map((r) => r.id),
              )
              .groupBy("entityId")
              .execute()
          : await db
              .selectFrom("alertEvents")
              .select(["reportId as id", sql<number>`count(*)::int`.as("n")])
              .where("kind", "=", "reportFinished")
              .where(
                "reportId",
                "in",
                many.map((r) => r.id),
              )
              .groupBy("reportId")
              .execute();
      return { reports: rows.length, most: Math.max(...rows.map((r) => r.n)) };
    };
    expect(await perReport("auditLog")).toEqual({ reports: count + 1, most: 1 });
    expect(await perReport("alertEvents")).toEqual({ reports: count + 1, most: 1 });

    // The summary written from the fold state is the one all the readings give.
    for (const index of [0, PLANNED_END_CHUNK, count]) {
      const id = many[index]?.id;
      if (!id) throw new Error("missing report");
      const columns = [
        "summary",
        "temperatureViolation",
        "humidityViolation",
        "shockViolation",
        "batteryLow",
        "dataIncomplete",
      ] as const;
      const stored = await db.selectFrom("labelReports").select(columns).where("id", "=", id).executeTakeFirstOrThrow();
      await recomputeSummary(db, id);
      const recomputed = await db
        .selectFrom("labelReports")
        .select(columns)
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual(recomputed);
    }
  });
});

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { reevaluateAll } from "../../server/reports/reevaluate";
import { recomputeSummary, SUMMARY_MATHS_VERSION } from "../../server/reports/summary";
import { createTestApp, type TestApp } from "./support/app";
import { buildWorld, type World } from "./support/world";

/**
 * Reports stored with older verdict maths are brought up to date by a resumable pass,
 * and a report whose verdict changed says so in its audit trail (ruleMathsUpdated).
 */

let t: TestApp;
let world: World;
const T0 = Date.parse("2026-10-01T00:00:00Z");

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 8 });
});
afterAll(async () => t?.close());

const db = () => t.database.db;

async function auditOf(reportId: string) {
  return db()
    .selectFrom("auditLog")
    .select(["action", "before", "after", "actorUserId"])
    .where("entityId", "=", reportId)
    .where("action", "=", "ruleMathsUpdated")
    .execute();
}

describe("re-evaluating stored reports with the current maths", () => {
  test("a stale report with readings is recomputed and audited when its verdict changed", async () => {
    const id = world.reports.a[0] as string; // ended
    // 35 minutes at 9 °C every 5 minutes with a shock-only row in the middle: a violation now.
    const times = Array.from({ length: 9 }, (_, i) => new Date(T0 + i * 5 * 60_000).toISOString());
    const temps = [5, 9, 9, 9, 9, 9, 9, 9, 5];
    await sql`insert into measurements (report_id, t, temperature, humidity, battery)
      select ${id}::uuid, t, temp, null, 90 from unnest(${times}::timestamptz[], ${temps}::real[]) as x(t, temp)`.execute(
      db(),
    );
    await db()
      .updateTable("labelReports")
      .set({ endTime: new Date(T0 + 40 * 60_000) })
      .where("id", "=", id)
      .execute();
    await recomputeSummary(db(), id);
    // As an older server left it: no violation, older maths.
    await db()
      .updateTable("labelReports")
      .set({ temperatureViolation: false, summaryMaths: 0 })
      .where("id", "=", id)
      .execute();

    const result = await reevaluateAll(db(), () => {});
    expect(result.done).toBeGreaterThanOrEqual(1);
    const row = await db()
      .selectFrom("labelReports")
      .select(["temperatureViolation", "summaryMaths"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ temperatureViolation: true, summaryMaths: SUMMARY_MATHS_VERSION });
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorUserId).toBeNull();
    expect(audit[0]?.before).toMatchObject({ temperatureViolation: false });
    expect(audit[0]?.after).toMatchObject({ temperatureViolation: true });
  });

  test("stale reports without readings are set to No data in one pass and audited", async () => {
    const ids = [world.reports.b[3], world.reports.b[7]] as string[]; // not started, no readings
    const audited = await Promise.all(ids.map(async (id) => (await auditOf(id)).length));
    await db()
      .updateTable("labelReports")
      .set({ summaryMaths: 0, dataIncomplete: false, summary: "{}" })
      .where("id", "in", ids)
      .execute();
    await reevaluateAll(db(), () => {});
    for (const [i, id] of ids.entries()) {
      const row = await db()
        .selectFrom("labelReports")
        .select(["dataIncomplete", "summaryMaths", sql<string>`summary -> 'overall' ->> 'verdict'`.as("verdict")])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ dataIncomplete: true, summaryMaths: SUMMARY_MATHS_VERSION, verdict: "noData" });
      expect(await auditOf(id)).toHaveLength((audited[i] ?? 0) + 1);
    }
  });

  test("a report already on the current maths is left alone and not audited again", async () => {
    const id = world.reports.a[4] as string;
    // Whatever the tests before left stale is settled first, so this test stands alone.
    await reevaluateAll(db(), () => {});
    await recomputeSummary(db(), id);
    const before = await auditOf(id);
    const result = await reevaluateAll(db(), () => {});
    expect(result.done).toBe(0);
    expect(await auditOf(id)).toEqual(before);
  });
});

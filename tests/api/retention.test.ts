import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { purgeExpiredReports } from "../../server/reports/retention";
import { createTestApp, type TestApp } from "./support/app";
import { apiKeyOf, endedLabel, series } from "./support/ingest";
import { signDisposition } from "./support/sign-disposition";
import { buildWorld, setEveryPassword, type World } from "./support/world";

/**
 * Physical deletion happens only through the retention
 * setting (RETENTION_YEARS, off by default). A report past it goes with its readings,
 * signatures and trail; the company's trail says what went; nothing else can delete them.
 */

let t: TestApp;
let world: World;
let ingest: string;
const PASSWORD = "Retention-pass-1";
const NOW = new Date("2026-11-28T12:00:00Z");

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 2 });
  await setEveryPassword(t.database.db, PASSWORD);
  ingest = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
});
afterAll(async () => t?.close());

/** A signed report whose label ended `yearsAgo` years before NOW (its end moved back in the database). */
async function signedReportEnded(labelId: string, yearsAgo: number) {
  const id = await endedLabel(
    t,
    ingest,
    labelId,
    world.presets.a,
    series("2026-11-20T08:00:00Z", 10, 10, () => 5),
  );
  await signDisposition(
    t,
    { email: "a-administrator@test.example", password: PASSWORD, companyId: world.companies.a },
    id,
  );
  const ended = new Date(NOW);
  ended.setUTCFullYear(ended.getUTCFullYear() - yearsAgo);
  await t.database.db.updateTable("labelReports").set({ endTime: ended }).where("id", "=", id).execute();
  return id;
}

const count = async (table: "measurements" | "labelReportDispositions", reportId: string) =>
  Number(
    (
      await t.database.db
        .selectFrom(table)
        .select(sql<string>`count(*)`.as("n"))
        .where("reportId", "=", reportId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const trailOf = (reportId: string) =>
  t.database.db.selectFrom("auditLog").select("action").where("entityId", "=", reportId).execute();

describe("retention", () => {
  test("a report that ended longer ago than the retention goes with its readings, signature and trail", async () => {
    const id = await signedReportEnded("RET-OLD", 6);
    expect(await count("measurements", id)).toBeGreaterThan(0);
    await purgeExpiredReports(t.database.db, 5, NOW);
    const report = await t.database.db.selectFrom("labelReports").select("id").where("id", "=", id).executeTakeFirst();
    expect(report).toBeUndefined();
    expect(await count("measurements", id)).toBe(0);
    expect(await count("labelReportDispositions", id)).toBe(0);
    expect(await trailOf(id)).toEqual([]);
  });

  test("the company's trail names the labels the retention deleted and why", async () => {
    await signedReportEnded("RET-NAMED", 7);
    await purgeExpiredReports(t.database.db, 5, NOW);
    const entry = await t.database.db
      .selectFrom("auditLog")
      .select(["before", "reason", "actorUserId"])
      .where("action", "=", "retentionPurge")
      .where("entityId", "=", world.companies.a)
      .orderBy("at", "desc")
      .executeTakeFirstOrThrow();
    expect((entry.before as { labelIds: string[] }).labelIds).toContain("RET-NAMED");
    expect(entry.reason).toMatch(/Retention: reports that ended before 2021-11-28/);
    expect(entry.actorUserId).toBeNull();
  });

  test("a report that ended within the retention stays, signature and all", async () => {
    const id = await signedReportEnded("RET-KEPT", 4);
    await purgeExpiredReports(t.database.db, 5, NOW);
    expect(await count("labelReportDispositions", id)).toBe(1);
    expect((await trailOf(id)).length).toBeGreaterThan(0);
  });

  test("outside the retention pass the database still refuses to delete a signature or the trail", async () => {
    const id = await signedReportEnded("RET-GUARDED", 9);
    await expect(
      t.database.db.deleteFrom("labelReportDispositions").where("reportId", "=", id).execute(),
    ).rejects.toThrow(/cannot be changed or deleted/);
    await expect(t.database.db.deleteFrom("auditLog").where("entityId", "=", id).execute()).rejects.toThrow(
      /cannot be changed or deleted/,
    );
  });
});

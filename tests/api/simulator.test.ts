import { hash } from "@node-rs/argon2";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Clock, runSimulation } from "../../scripts/simulator";
import { createTestApp, type TestApp } from "./support/app";
import { buildWorld, type World } from "./support/world";

/**
 * `npm run simulate` (scripts/simulator.ts) against the server over HTTP: it signs in as
 * an administrator, creates an ingest key, starts labels and sends their readings; a few
 * ticks on a clock that does not wait are enough to see readings and the drifting label's
 * excursion.
 */

const EMAIL = "a-administrator@test.example";
const PASSWORD = "Simulate-2026-pass";

let t: TestApp;
let world: World;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  const db = t.database.db;
  await db
    .updateTable("users")
    .set({ passwordHash: await hash(PASSWORD) })
    .where("id", "=", world.users["a:administrator"] as string)
    .execute();
  // Creating API keys is a feature flag of the membership, as for the demo administrator.
  await db
    .updateTable("userRoles")
    .set({ featureFlags: JSON.stringify({ API_KEYS: true }) })
    .where("userId", "=", world.users["a:administrator"] as string)
    .where("companyId", "=", world.companies.a)
    .execute();
  baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => t?.close());

/** Real time (readings may not be in the future), no waiting between ticks. */
const hurriedClock: Clock = { now: () => Date.now(), sleep: async () => undefined };

describe("the simulator", () => {
  test("starts labels through an ingest key it creates, sends readings, and one label's drift is a violation", async () => {
    const result = await runSimulation({
      baseUrl,
      labels: 3,
      ticks: 16,
      credentials: { email: EMAIL, password: PASSWORD },
      clock: hurriedClock,
    });
    expect(result.readingsSent).toBe(3 * 16);

    const db = t.database.db;
    const reports = await db
      .selectFrom("labelReports")
      .select(["id", "labelId", "status", "temperatureViolation", "companyId"])
      .where(
        "id",
        "in",
        result.labels.map((l) => l.reportId),
      )
      .execute();
    const byId = new Map(reports.map((r) => [r.id, r]));
    for (const label of result.labels) {
      const report = byId.get(label.reportId);
      expect(report?.companyId).toBe(world.companies.a);
      // Stopped when the simulation ends, as after Ctrl-C.
      expect(report?.status).toBe("stopped");
      expect(report?.temperatureViolation, label.labelId).toBe(label.drifting);
      const readings = await db
        .selectFrom("measurements")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("reportId", "=", label.reportId)
        .executeTakeFirstOrThrow();
      expect(Number(readings.n)).toBe(16);
    }
    expect(result.labels.filter((l) => l.drifting)).toHaveLength(1);
  });

  test("revokes the key it created when it stops", async () => {
    await runSimulation({
      baseUrl,
      labels: 1,
      ticks: 1,
      credentials: { email: EMAIL, password: PASSWORD },
      clock: hurriedClock,
    });
    const keys = await t.database.db
      .selectFrom("apiKeys")
      .select(["name", "revoked"])
      .where("companyId", "=", world.companies.a)
      .where("name", "like", "Simulator %")
      .execute();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((k) => k.revoked === null)).toEqual([]);
  });

  test("an abort (Ctrl-C) before the first tick still stops every label", async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await runSimulation({
      baseUrl,
      labels: 2,
      credentials: { email: EMAIL, password: PASSWORD },
      clock: hurriedClock,
      signal: controller.signal,
    });
    expect(result.ticks).toBe(0);
    const statuses = await t.database.db
      .selectFrom("labelReports")
      .select("status")
      .where(
        "id",
        "in",
        result.labels.map((l) => l.reportId),
      )
      .execute();
    expect(statuses.map((s) => s.status)).toEqual(["stopped", "stopped"]);
  });

  test("--shipment attaches its labels to the shipment of that reference, creating it when there is none", async () => {
    const shipmentOf = async (reportIds: string[]) =>
      t.database.db
        .selectFrom("labelReports as r")
        .innerJoin("shipments as s", "s.id", "r.shipmentId")
        .select(["s.id", "s.reference"])
        .where("r.id", "in", reportIds)
        .execute();
    const first = await runSimulation({
      baseUrl,
      labels: 2,
      ticks: 1,
      credentials: { email: EMAIL, password: PASSWORD },
      clock: hurriedClock,
      shipmentReference: "SHP-SIM-1",
    });
    const created = await shipmentOf(first.labels.map((l) => l.reportId));
    expect(created.map((s) => s.reference)).toEqual(["SHP-SIM-1", "SHP-SIM-1"]);
    const again = await runSimulation({
      baseUrl,
      labels: 1,
      ticks: 1,
      credentials: { email: EMAIL, password: PASSWORD },
      clock: hurriedClock,
      shipmentReference: "SHP-SIM-1",
    });
    expect((await shipmentOf(again.labels.map((l) => l.reportId))).map((s) => s.id)).toEqual([created[0]?.id]);
  });
});

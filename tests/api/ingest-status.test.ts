import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { apiKeyOf, registerLabel, sendReadings, series } from "./support/ingest";
import { buildWorld, type World } from "./support/world";

/** A label's report moves notStarted -> recording on its first reading, and to stopped or ended on a stop. */

let t: TestApp;
let world: World;
let ingest: string;
let read: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 2 });
  ingest = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
  read = { "api-key": await apiKeyOf(t.database.db, world.companies.a, ["read"]) };
});
afterAll(async () => t?.close());

const detail = async (id: string) =>
  (await t.app.inject({ method: "GET", url: `/api/label-reports/${id}`, headers: read })).json();
const stop = (id: string, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: "POST", url: `/api/label-reports/${id}/stop`, headers: { "api-key": ingest }, payload });

describe("label status from readings", () => {
  test("registering a label answers the report as GET shows it, disposition history included", async () => {
    const { contentSignature: _signed, ...created } = (await registerLabel(t, ingest, "ST-SAME", world.presets.a)) as {
      id: string;
      contentSignature?: string;
    };
    // A signature is made for each answer (ES256 signatures are random), so the two answers' differ.
    const { contentSignature: _again, ...shown } = await detail(created.id);
    expect(created).toEqual(shown);
  });

  test("the first readings start recording, at the earliest reading's time", async () => {
    const { id, status } = await registerLabel(t, ingest, "ST-START", world.presets.a);
    expect(status).toBe("notStarted");
    const readings = series("2026-11-20T08:00:00Z", 12).reverse();
    await sendReadings(t, ingest, "ST-START", readings);
    const report = await detail(id);
    expect(report.status).toBe("recording");
    expect(report.startTime).toBe("2026-11-20T08:00:00.000Z");
    expect(report.summary.label.status).toBe("recording");
  });

  test("a stop without a status stops the label at its last reading", async () => {
    const { id } = await registerLabel(t, ingest, "ST-STOP", world.presets.a);
    await sendReadings(t, ingest, "ST-STOP", series("2026-11-20T08:00:00Z", 12));
    const res = await stop(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, status: "stopped", endTime: "2026-11-20T08:55:00.000Z" });
    const report = await detail(id);
    expect(report.status).toBe("stopped");
    expect(report.summary.label.status).toBe("stopped");
  });

  test("a label that ran its course ends", async () => {
    const { id } = await registerLabel(t, ingest, "ST-END", world.presets.a);
    await sendReadings(t, ingest, "ST-END", series("2026-11-20T08:00:00Z", 12));
    expect((await stop(id, { status: "ended" })).json()).toMatchObject({ status: "ended" });
    expect((await detail(id)).summary.label).toEqual({ status: "ended", state: "success" });
  });

  test("a repeated stop changes nothing; ending a stopped label is a 409", async () => {
    const { id } = await registerLabel(t, ingest, "ST-AGAIN", world.presets.a);
    await sendReadings(t, ingest, "ST-AGAIN", series("2026-11-20T08:00:00Z", 3));
    const first = await stop(id);
    const again = await stop(id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await stop(id, { status: "ended" })).statusCode).toBe(409);
    expect((await detail(id)).status).toBe("stopped");
  });

  test("a stopped label still takes its memory up to the stop, never a reading after it", async () => {
    const { id } = await registerLabel(t, ingest, "ST-MEMORY", world.presets.a);
    const all = series("2026-11-20T08:00:00Z", 20);
    await sendReadings(t, ingest, "ST-MEMORY", all.slice(10));
    await stop(id);
    const memory = await sendReadings(t, ingest, "ST-MEMORY", all.slice(0, 10));
    expect(memory.json()).toMatchObject({ accepted: 10, duplicates: 0 });
    const report = await detail(id);
    expect(report.status).toBe("stopped");
    expect(report.startTime).toBe("2026-11-20T08:00:00.000Z");
    expect(report.readingCount).toBe(20);
    const after = await sendReadings(t, ingest, "ST-MEMORY", series("2026-11-20T10:00:00Z", 2));
    expect(after.statusCode).toBe(400);
    expect(after.json().formFields.map((f: { id: string }) => f.id)).toEqual(["readings.0.time", "readings.1.time"]);
    expect((await detail(id)).readingCount).toBe(20);
  });

  test("a label stopped before any reading (a stop with no body) is stopped, with no start", async () => {
    const { id } = await registerLabel(t, ingest, "ST-NEVER", world.presets.a);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/label-reports/${id}/stop`,
      headers: { "api-key": ingest },
    });
    expect(res.json()).toMatchObject({ status: "stopped" });
    expect((await detail(id)).startTime).toBeNull();
  });

  test("the stop is audited with the key", async () => {
    const { id } = await registerLabel(t, ingest, "ST-AUDIT", world.presets.a);
    await stop(id, { status: "ended" });
    const entry = await t.database.db
      .selectFrom("auditLog")
      .selectAll()
      .where("entityId", "=", id)
      .where("action", "=", "stop")
      .executeTakeFirstOrThrow();
    expect(entry.before).toEqual({ status: "notStarted" });
    expect(entry.after).toMatchObject({ status: "ended" });
  });
});

import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MAX_READINGS_PER_REQUEST } from "../../../core/domain/readings";
import { createTestApp, type TestApp } from "../support/app";
import { healthProbe } from "../support/health-probe";
import { apiKeyOf, registerLabel } from "../support/ingest";
import { buildWorld, type World } from "../support/world";

/**
 * A leaked or hostile ingest key sending EPCIS documents built to be expensive: each
 * error title used to repeat the label's deviceID (a 195 KB document with a 100 KB
 * deviceID and 2,500 sensor reports stalled /api/health for 14 s and stored a job of
 * tens of MB), a document of 95,000 readings passed the 10,000-reading cap, and a key
 * could capture as fast as it could send.
 */

let t: TestApp;
let world: World;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
}, 120_000);
afterAll(async () => t?.close());

const FROM = Date.parse("2026-11-20T00:00:00Z");

interface Job {
  running: boolean;
  success: boolean | null;
  accepted: number;
  errors: { eventIndex: number; type: string; title: string }[];
  errorCount: number;
  ignored: { eventIndex: number; path: string; sensorType?: string }[];
  ignoredCount: number;
}

/** A document of these events (each one ObjectEvent with one sensor element). */
function documentOf(events: { deviceID: string; eventID?: string; reports: object[] }[]) {
  return {
    type: "EPCISDocument",
    schemaVersion: "2.0",
    epcisBody: {
      eventList: events.map((e) => ({
        type: "ObjectEvent",
        ...(e.eventID === undefined ? {} : { eventID: e.eventID }),
        eventTime: "2026-11-20T08:00:00Z",
        action: "OBSERVE",
        sensorElementList: [{ sensorMetadata: { deviceID: e.deviceID }, sensorReport: e.reports }],
      })),
    },
  };
}

/** `count` temperature reports, one a minute from `offset` minutes past FROM. */
const temperatures = (count: number, offset = 0) =>
  Array.from({ length: count }, (_, i) => ({
    type: "Temperature",
    value: 5,
    uom: "CEL",
    time: new Date(FROM + (offset + i) * 60_000).toISOString(),
  }));

function capture(key: string, document: unknown) {
  return t.app.inject({
    method: "POST",
    url: "/api/epcis/capture",
    headers: { "api-key": key, "content-type": "application/ld+json" },
    payload: JSON.stringify(document),
  });
}

async function finishedJob(key: string, location: string): Promise<Job & { bytes: number }> {
  for (;;) {
    const res = await t.app.inject({ method: "GET", url: location, headers: { "api-key": key } });
    expect(res.statusCode).toBe(200);
    const job = res.json() as Job;
    if (!job.running) return { ...job, bytes: res.body.length };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function captured(key: string, document: unknown) {
  const res = await capture(key, document);
  expect(res.statusCode, res.body.slice(0, 500)).toBe(202);
  return finishedJob(key, res.headers.location as string);
}

/** A fresh ingest key of company A: each test has its own per-minute budget. */
const freshKey = () => apiKeyOf(t.database.db, world.companies.a, ["ingest"]);

describe("identifiers in an EPCIS document", () => {
  test("a deviceID longer than 200 characters is a ValidationException naming its path, never repeated", async () => {
    const key = await freshKey();
    const job = await captured(
      key,
      documentOf([{ deviceID: `urn:epc:id:giai:4000001.${"X".repeat(10_000)}`, reports: temperatures(50) }]),
    );
    expect(job.success).toBe(false);
    expect(job.errors[0]).toMatchObject({
      type: "ValidationException",
      title: "sensorElementList.0.sensorMetadata.deviceID: must be at most 200 characters",
    });
    expect(job.bytes).toBeLessThan(50_000);
  });

  test("an eventID longer than 200 characters is an error of its event, and is not repeated", async () => {
    const key = await freshKey();
    const job = await captured(
      key,
      documentOf([
        {
          eventID: `ni:///sha-256;${"a".repeat(5_000)}`,
          deviceID: "urn:epc:id:giai:4000001.NOBODY-1",
          reports: temperatures(20),
        },
      ]),
    );
    expect(job.errors).toEqual([
      { eventIndex: 0, type: "ValidationException", title: "eventID: must be at most 200 characters" },
    ]);
    expect(job.errorCount).toBe(1);
  });

  test("the 195 KB document of a 100 KB deviceID × 2,500 reports stores a small job and keeps /api/health answering", async () => {
    const key = await freshKey();
    const device = `urn:epc:id:giai:4000001.${"Y".repeat(100_000)}`;
    const document = documentOf([{ deviceID: device, reports: temperatures(2_500) }]);
    const probe = healthProbe(`${base}/health`, 20);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const res = await fetch(`${base}/epcis/capture`, {
      method: "POST",
      headers: { "api-key": key, "content-type": "application/ld+json" },
      body: JSON.stringify(document),
    });
    const body = await res.text();
    const times = await probe.stop();
    expect(res.status, body.slice(0, 300)).toBe(202);
    const job = await finishedJob(key, res.headers.get("location") as string);
    expect(job.errorCount).toBe(2_500);
    expect(job.bytes).toBeLessThan(50_000);
    // Not a latency budget (the resilience suite has that): the stall was 14 s.
    expect(Math.max(...times)).toBeLessThan(2_000);
  }, 60_000);
});

describe("what a capture job lists", () => {
  test("the first 100 errors by event, with a count of all of them", async () => {
    const key = await freshKey();
    const events = Array.from({ length: 300 }, (_, i) => ({
      deviceID: "urn:epc:id:giai:4000001.NOBODY-2",
      reports: [{ type: "Temperature", value: 5, uom: "NOT-A-UNIT", time: new Date(FROM + i * 60_000).toISOString() }],
    }));
    const job = await captured(key, documentOf(events));
    expect(job.errors).toHaveLength(100);
    expect(job.errors.map((e) => e.eventIndex)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(job.errorCount).toBe(300);
  });

  test("the first 100 ignored sensor reports, with a count of all of them", async () => {
    const key = await freshKey();
    const reports = Array.from({ length: 250 }, () => ({ type: "Illuminance", value: 3, uom: "LUX" }));
    const job = await captured(key, documentOf([{ deviceID: "urn:epc:id:giai:4000001.NOBODY-3", reports }]));
    expect(job.ignored).toHaveLength(100);
    expect(job.ignoredCount).toBe(250);
  });

  test("an all-or-nothing error names a few of the bad events, not every one", async () => {
    const key = await freshKey();
    const { id } = await registerLabel(t, key, "STORM-AON", world.presets.a);
    const bad = Array.from({ length: 400 }, (_, i) => ({
      deviceID: "urn:epc:id:giai:4000001.STORM-AON",
      reports: [{ type: "Temperature", value: 500, uom: "CEL", time: new Date(FROM + i * 60_000).toISOString() }],
    }));
    const good = { deviceID: "urn:epc:id:giai:4000001.STORM-AON", reports: temperatures(1, 1_000) };
    const job = await captured(key, documentOf([...bad, good]));
    expect(job.errorCount).toBe(401);
    const count = await t.database.db.selectFrom("measurements").select("t").where("reportId", "=", id).execute();
    expect(count).toEqual([]);
    expect(job.bytes).toBeLessThan(50_000);
  });
});

describe("the reading cap over a whole document", () => {
  test("more than 10,000 readings across the events of one document: 400 naming epcisBody.eventList, nothing stored", async () => {
    const key = await freshKey();
    const { id } = await registerLabel(t, key, "STORM-CAP", world.presets.a);
    const device = "urn:epc:id:giai:4000001.STORM-CAP";
    const per = 4_000;
    const events = [0, 1, 2].map((n) => ({ deviceID: device, reports: temperatures(per, n * per) }));
    expect(3 * per).toBeGreaterThan(MAX_READINGS_PER_REQUEST);
    const jobsBefore = await t.database.db.selectFrom("epcisCaptureJobs").select("id").execute();
    const res = await capture(key, documentOf(events));
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "epcisBody.eventList", error: expect.stringContaining("10,000") }]);
    const stored = await t.database.db.selectFrom("measurements").select("t").where("reportId", "=", id).execute();
    expect(stored).toEqual([]);
    const jobsAfter = await t.database.db.selectFrom("epcisCaptureJobs").select("id").execute();
    expect(jobsAfter).toHaveLength(jobsBefore.length);
  }, 60_000);

  test("95,000 sensor reports for one label: 400 before any of them is read", async () => {
    const key = await freshKey();
    const reports = Array.from({ length: 95_000 }, () => ({ type: "Temperature", value: 5, uom: "CEL" }));
    const res = await capture(key, documentOf([{ deviceID: "urn:epc:id:giai:4000001.STORM-95K", reports }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([
      { id: "epcisBody.eventList", error: expect.stringContaining("sensor reports") },
    ]);
  }, 60_000);
});

describe("how often a key may capture", () => {
  test("past 30 captures a minute a key gets 429 with Retry-After; another key still captures", async () => {
    const key = await freshKey();
    const small = documentOf([{ deviceID: "urn:epc:id:giai:4000001.NOBODY-4", reports: temperatures(1) }]);
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 31; i++) {
      const res = await capture(key, small);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) retryAfter = res.headers["retry-after"] as string;
    }
    expect(statuses.slice(0, 30).every((s) => s === 202)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect((await capture(await freshKey(), small)).statusCode).toBe(202);
  }, 60_000);
});

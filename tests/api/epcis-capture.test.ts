import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createSession } from "../../server/auth/sessions";
import { createTestApp, roleTokenFor, type TestApp } from "./support/app";
import { apiKeyOf, registerLabel } from "./support/ingest";
import { buildWorld, MEMBER_ROLES, type World } from "./support/world";

/**
 * GS1 EPCIS 2.0 capture (POST /api/epcis/capture): an ingest key of
 * the label's company sends a document, gets 202 and a capture job, and the readings go
 * through the same path as POST /api/readings.
 */

let t: TestApp;
let world: World;
let ingestA: string;
let ingestB: string;
const refused: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 2 });
  ingestA = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
  ingestB = await apiKeyOf(t.database.db, world.companies.b, ["ingest"]);
  for (const role of MEMBER_ROLES) {
    const company = role === "systemAdmin" ? "operator" : "a";
    refused[`role token (${role})`] = await t.headersFor(
      world.users[`${company}:${role}`] as string,
      world.companies[company],
    );
  }
  const impersonation = await roleTokenFor(t.database.db, t.keys, {
    userId: world.users["a:administrator"] as string,
    companyId: world.companies.a,
    impersonatorUserId: world.users["operator:systemAdmin"] as string,
  });
  refused["impersonation token"] = { "api-key": impersonation.secret, jwt: impersonation.jwtToken };
  refused["read key"] = { "api-key": await apiKeyOf(t.database.db, world.companies.a, ["read"]) };
});
afterAll(async () => t?.close());

/** A document of `count` ObjectEvents of one label, five minutes apart, temperature and humidity per event. */
function sensorDocument(labelId: string, from: string, count: number, temperature = (_i: number) => 5) {
  const start = Date.parse(from);
  return {
    "@context": ["https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld"],
    type: "EPCISDocument",
    schemaVersion: "2.0",
    creationDate: from,
    epcisBody: {
      eventList: Array.from({ length: count }, (_, i) => ({
        type: "ObjectEvent",
        eventTime: new Date(start + i * 300_000).toISOString(),
        eventTimeZoneOffset: "+00:00",
        epcList: [`urn:epc:id:giai:4000001.${labelId}`],
        action: "OBSERVE",
        sensorElementList: [
          {
            sensorMetadata: { deviceID: `urn:epc:id:giai:4000001.${labelId}` },
            sensorReport: [
              { type: "Temperature", value: temperature(i), uom: "CEL" },
              { type: "RelativeHumidity", value: 50, uom: "P1" },
            ],
          },
        ],
      })),
    },
  };
}

function capture(headers: Record<string, string>, document: unknown, contentType = "application/ld+json") {
  return t.app.inject({
    method: "POST",
    url: "/api/epcis/capture",
    headers: { ...headers, "content-type": contentType },
    payload: typeof document === "string" ? document : JSON.stringify(document),
  });
}

interface Job {
  captureID: string;
  running: boolean;
  success: boolean | null;
  accepted: number;
  duplicates: number;
  errors: { eventIndex: number; type: string; title: string }[];
  ignored: { eventIndex: number; sensorType?: string }[];
}

/** The finished job behind a capture's Location (polled: a large capture may still run). */
async function finishedJob(location: string, key = ingestA): Promise<Job> {
  for (;;) {
    const res = await t.app.inject({ method: "GET", url: location, headers: { "api-key": key } });
    expect(res.statusCode).toBe(200);
    const job = res.json() as Job;
    if (!job.running) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function captured(document: unknown, key = ingestA): Promise<Job> {
  const res = await capture({ "api-key": key }, document);
  expect(res.statusCode, res.body).toBe(202);
  return finishedJob(res.headers.location as string, key);
}

async function readingsOf(reportId: string) {
  return t.database.db
    .selectFrom("measurements")
    .select(["t", "temperature", "humidity"])
    .where("reportId", "=", reportId)
    .orderBy("t")
    .execute();
}

async function reportOf(reportId: string) {
  return t.database.db
    .selectFrom("labelReports")
    .select(["status", "startTime"])
    .where("id", "=", reportId)
    .executeTakeFirstOrThrow();
}

describe("capturing an EPCIS document", () => {
  test("answers 202 with the Location of a capture job that GET answers", async () => {
    await registerLabel(t, ingestA, "EPC-LOC", world.presets.a);
    const res = await capture({ "api-key": ingestA }, sensorDocument("EPC-LOC", "2026-11-20T08:00:00Z", 2));
    expect(res.statusCode).toBe(202);
    const location = res.headers.location as string;
    expect(location).toMatch(/^\/api\/epcis\/capture\/[0-9a-f-]{36}$/);
    const job = await finishedJob(location);
    expect(job).toMatchObject({ captureID: location.split("/").pop(), running: false, success: true, errors: [] });
  });

  test("a plain application/json document is captured too", async () => {
    await registerLabel(t, ingestA, "EPC-JSON", world.presets.a);
    const res = await capture(
      { "api-key": ingestA },
      sensorDocument("EPC-JSON", "2026-11-20T08:00:00Z", 1),
      "application/json",
    );
    expect(res.statusCode).toBe(202);
    expect((await finishedJob(res.headers.location as string)).accepted).toBe(1);
  });

  test("stores the readings, and the first one starts the report recording", async () => {
    const { id } = await registerLabel(t, ingestA, "EPC-STORE", world.presets.a);
    const res = await capture(
      { "api-key": ingestA },
      sensorDocument("EPC-STORE", "2026-11-20T08:00:00Z", 3, (i) => 4 + i),
      "application/ld+json; charset=utf-8",
    );
    const job = await finishedJob(res.headers.location as string);
    expect(job).toMatchObject({ success: true, accepted: 3, duplicates: 0 });
    const rows = await readingsOf(id);
    expect(rows.map((r) => [new Date(r.t).toISOString(), r.temperature, r.humidity])).toEqual([
      ["2026-11-20T08:00:00.000Z", 4, 50],
      ["2026-11-20T08:05:00.000Z", 5, 50],
      ["2026-11-20T08:10:00.000Z", 6, 50],
    ]);
    const report = await reportOf(id);
    expect(report.status).toBe("recording");
    expect(new Date(report.startTime as Date).toISOString()).toBe("2026-11-20T08:00:00.000Z");
  });

  test("re-sending the same document adds nothing: its readings are duplicates", async () => {
    const { id } = await registerLabel(t, ingestA, "EPC-AGAIN", world.presets.a);
    const document = sensorDocument("EPC-AGAIN", "2026-11-20T08:00:00Z", 4);
    expect((await captured(document)).accepted).toBe(4);
    const again = await captured(document);
    expect(again).toMatchObject({ success: true, accepted: 0, duplicates: 4 });
    expect(await readingsOf(id)).toHaveLength(4);
  });

  test("sensor types that are not our channels are reported as ignored and stored as nothing", async () => {
    const { id } = await registerLabel(t, ingestA, "LBL-5FC6DC", world.presets.a);
    const fixture = readFileSync(new URL("../fixtures/epcis/time-on-metadata.json", import.meta.url), "utf8");
    const job = await captured(JSON.parse(fixture));
    expect(job.ignored.map((i) => i.sensorType)).toEqual([
      "AbsoluteHumidity",
      "Speed",
      "Illuminance",
      "example:Battery",
    ]);
    const rows = await t.database.db
      .selectFrom("measurements")
      .select(["temperature", "humidity", "battery"])
      .where("reportId", "=", id)
      .execute();
    expect(rows).toEqual([{ temperature: 6, humidity: 48, battery: null }]);
    const shocks = await t.database.db
      .selectFrom("shockEvents")
      .select("magnitudeG")
      .where("reportId", "=", id)
      .execute();
    expect(shocks.map((s) => Number(s.magnitudeG))).toEqual([2.498305]);
  });

  test("a value outside the physical range is a job error, and nothing of that label is written", async () => {
    const { id } = await registerLabel(t, ingestA, "EPC-RANGE", world.presets.a);
    const job = await captured(sensorDocument("EPC-RANGE", "2026-11-20T08:00:00Z", 3, (i) => (i === 2 ? 180 : 5)));
    expect(job.success).toBe(false);
    expect(job.errors.map((e) => [e.eventIndex, e.type])).toEqual([
      [0, "ValidationException"],
      [1, "ValidationException"],
      [2, "ValidationException"],
    ]);
    expect(await readingsOf(id)).toEqual([]);
    expect((await reportOf(id)).status).toBe("notStarted");
  });

  test("an unknown label is a job error of its events, not a 500", async () => {
    const job = await captured(sensorDocument("EPC-NOBODY", "2026-11-20T08:00:00Z", 2));
    expect(job.success).toBe(false);
    expect(job.errors).toEqual([
      expect.objectContaining({
        eventIndex: 0,
        type: "ValidationException",
        title: "No label EPC-NOBODY in your company",
      }),
      expect.objectContaining({
        eventIndex: 1,
        type: "ValidationException",
        title: "No label EPC-NOBODY in your company",
      }),
    ]);
  });

  test("the XML binding is not offered: 415, not a 500", async () => {
    const res = await capture({ "api-key": ingestA }, "<epcis:EPCISDocument/>", "application/xml");
    expect(res.statusCode).toBe(415);
  });

  test("a malformed document is a 400 naming the field, and no job is made", async () => {
    const before = await t.database.db.selectFrom("epcisCaptureJobs").select("id").execute();
    const res = await capture({ "api-key": ingestA }, { type: "EPCISQueryDocument", epcisBody: { eventList: "x" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: expect.any(String),
      formFields: [
        { id: "type", error: "must be EPCISDocument" },
        { id: "epcisBody.eventList", error: "must be a list of events" },
      ],
    });
    expect((await capture({ "api-key": ingestA }, "{ not json")).statusCode).toBe(400);
    expect(await t.database.db.selectFrom("epcisCaptureJobs").select("id").execute()).toHaveLength(before.length);
  });
});

describe("a capture job", () => {
  test("left running by a server that stopped mid-job is reported as failed, not running forever", async () => {
    const job = await t.database.db
      .insertInto("epcisCaptureJobs")
      .values({
        companyId: world.companies.a,
        apiKeyId: null,
        eventCount: 3,
        errors: "[]",
        ignored: "[]",
        createdAt: new Date(Date.now() - 60 * 60_000),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: "GET",
      url: `/api/epcis/capture/${job.id}`,
      headers: { "api-key": ingestA },
    });
    expect(res.json()).toMatchObject({
      running: false,
      success: false,
      errors: [
        expect.objectContaining({ type: "ImplementationException", title: expect.stringMatching(/interrupted/) }),
      ],
    });
  });
});

describe("who may capture", () => {
  test("role tokens of every role, impersonation and a read key are refused (403) and nothing is written", async () => {
    const { id } = await registerLabel(t, ingestA, "EPC-WHO", world.presets.a);
    const jobs = () => t.database.db.selectFrom("epcisCaptureJobs").select("id").execute();
    const before = await jobs();
    for (const [name, headers] of Object.entries(refused)) {
      const res = await capture(headers, sensorDocument("EPC-WHO", "2026-11-20T08:00:00Z", 1));
      expect(res.statusCode, name).toBe(403);
    }
    expect(await readingsOf(id)).toEqual([]);
    expect(await jobs()).toHaveLength(before.length);
  });

  test("a sign-in session alone and no credential at all are 401", async () => {
    const session = await createSession(t.database.db, t.keys, { userId: world.users["a:administrator"] as string });
    const document = sensorDocument("EPC-WHO", "2026-11-20T08:00:00Z", 1);
    expect((await capture({ authorization: `Bearer ${session.accessToken}` }, document)).statusCode).toBe(401);
    expect((await capture({}, document)).statusCode).toBe(401);
  });

  test("another company's label: a job error, and nothing is written into it", async () => {
    const { id } = await registerLabel(t, ingestB, "EPC-OF-B", world.presets.b);
    await registerLabel(t, ingestA, "EPC-MINE", world.presets.a);
    const document = sensorDocument("EPC-OF-B", "2026-11-20T08:00:00Z", 1);
    document.epcisBody.eventList.push(...sensorDocument("EPC-MINE", "2026-11-20T08:00:00Z", 1).epcisBody.eventList);
    const job = await captured(document);
    expect(job.errors).toEqual([
      expect.objectContaining({ eventIndex: 0, title: "No label EPC-OF-B in your company" }),
    ]);
    expect(job.accepted).toBe(1);
    expect(await readingsOf(id)).toEqual([]);
  });
});

describe("who may read a capture job", () => {
  test("another company's job is 404, as an id that does not exist", async () => {
    await registerLabel(t, ingestB, "EPC-JOB-B", world.presets.b);
    const res = await capture({ "api-key": ingestB }, sensorDocument("EPC-JOB-B", "2026-11-20T08:00:00Z", 1));
    const location = res.headers.location as string;
    await finishedJob(location, ingestB);
    const foreign = await t.app.inject({ method: "GET", url: location, headers: { "api-key": ingestA } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain("EPC-JOB-B");
  });

  test("role tokens, impersonation and a read key are refused (403), no credential is 401", async () => {
    const res = await capture({ "api-key": ingestA }, sensorDocument("EPC-NOBODY", "2026-11-20T08:00:00Z", 1));
    const location = res.headers.location as string;
    for (const [name, headers] of Object.entries(refused)) {
      expect((await t.app.inject({ method: "GET", url: location, headers })).statusCode, name).toBe(403);
    }
    expect((await t.app.inject({ method: "GET", url: location })).statusCode).toBe(401);
  });
});

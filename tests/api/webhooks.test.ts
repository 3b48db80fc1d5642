import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { newApiKey } from "../../server/auth/api-keys";
import { recordAlertEvent, recordAlertEvents } from "../../server/notifications/enqueue-alerts";
import { deliverDueWebhooks } from "../../server/webhooks/deliver";
import { secondApp } from "./support/alerts";
import { createTestApp, roleTokenFor, type TestApp } from "./support/app";
import { signDisposition } from "./support/sign-disposition";
import { buildWorld, MEMBER_ROLES, setEveryPassword, type World } from "./support/world";

/**
 * Webhooks: endpoints an administrator registers, events queued in
 * the transaction that made them happen, POSTed signed by the worker with retries, and
 * never to a private address unless WEBHOOK_ALLOW_PRIVATE is on. The worker is driven
 * with a `now` (deliverDueWebhooks), never by waiting; the receiver is this test's own
 * HTTP server on 127.0.0.1, which the app under test may reach (allowPrivate).
 */

let t: TestApp;
/** The same database with the defaults (WEBHOOK_ALLOW_PRIVATE off). */
let strict: FastifyInstance;
let world: World;
let adminA: Record<string, string>;
let adminB: Record<string, string>;
let receiver: Server;
let receiverUrl: string;
const PASSWORD = "Webhook-Test-2026";

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
const received: Received[] = [];
/** What the receiver answers next (one per request), then 200. */
const answers: { status: number; location?: string }[] = [];

const ALLOWED = { allowPrivate: true, maxAttempts: 6 };
let clock = Date.now();
/**
 * Each pass a minute after the last (and after the real clock, which stamps what the routes
 * queue) unless told otherwise, so every earlier delivery is due.
 */
const pass = (settings = ALLOWED, advanceMs = 60_000) => {
  clock = Math.max(clock, Date.now()) + advanceMs;
  return deliverDueWebhooks(t.database.db, settings, new Date(clock));
};

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body });
      const answer = answers.shift() ?? { status: 200 };
      response.writeHead(answer.status, answer.location ? { location: answer.location } : {});
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({ webhooks: { allowPrivate: true } });
  strict = await secondApp(t);
  world = await buildWorld(t.database.db, { reportsPerCompany: 4 });
  adminA = await t.headersFor(world.users["a:administrator"] as string, world.companies.a);
  adminB = await t.headersFor(world.users["b:administrator"] as string, world.companies.b);
});
afterAll(async () => {
  await strict?.close();
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, headers: object, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: headers as Record<string, string>,
    ...(payload ? { payload } : {}),
  });

async function createEndpoint(headers: Record<string, string>, body: object = {}) {
  const res = await call("POST", "/webhooks", headers, { url: `${receiverUrl}/hook`, events: ["alarm"], ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string; url: string; events: string[] };
}

const deliveriesOf = async (id: string, headers = adminA) =>
  (await call("GET", `/webhooks/${id}/deliveries`, headers)).json();
const sendTest = async (id: string) => {
  const res = await call("POST", `/webhooks/${id}/test`, adminA);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; event: string; state: string };
};
const expectedSignature = (secret: string, timestamp: string, body: string) =>
  `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;

describe("webhook endpoints", () => {
  test("the secret is answered once, never listed, never audited", async () => {
    const created = await createEndpoint(adminA, { description: "QMS", events: ["report.ended", "alarm"] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created.events).toEqual(["alarm", "report.ended"]);
    const list = await call("GET", "/webhooks", adminA);
    expect(list.json().find((e: { id: string }) => e.id === created.id)).toMatchObject({
      description: "QMS",
      enabled: true,
      createdByName: "a-administrator Tester",
    });
    expect(list.body).not.toContain(created.secret);
    expect((await call("GET", `/webhooks/${created.id}`, adminA)).body).not.toContain(created.secret);
    const audit = await t.database.db
      .selectFrom("auditLog")
      .select(["action", "before", "after"])
      .where("entityId", "=", created.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["create"]);
    expect(JSON.stringify(audit)).not.toContain(created.secret);
  });

  test("a test event is POSTed with a signature the receiver verifies with the secret", async () => {
    const { id, secret } = await createEndpoint(adminA);
    const queued = await sendTest(id);
    expect(queued).toMatchObject({ event: "test", state: "pending", attempts: 0 });
    received.length = 0;
    expect(await pass()).toEqual({ delivered: 1, failed: 0 });
    const [request] = received as [Received];
    expect(request.path).toBe("/hook");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["x-coldchain-event"]).toBe("test");
    expect(request.headers["x-coldchain-delivery"]).toBe(queued.id);
    const timestamp = request.headers["x-coldchain-timestamp"] as string;
    expect(Number(timestamp)).toBe(Math.floor(clock / 1000));
    expect(request.headers["x-coldchain-signature"]).toBe(expectedSignature(secret, timestamp, request.body));
    expect(JSON.parse(request.body)).toMatchObject({
      id: queued.id,
      event: "test",
      company: { id: world.companies.a, name: "Alpha" },
    });
    const [logged] = await deliveriesOf(id);
    expect(logged).toMatchObject({ id: queued.id, state: "delivered", attempts: 1, lastStatus: 200, lastError: null });
    expect(logged.deliveredAt).toBe(new Date(clock).toISOString());
  });

  test("a 500 is retried after a minute and then delivered", async () => {
    const { id } = await createEndpoint(adminA);
    const queued = await sendTest(id);
    answers.push({ status: 500 });
    received.length = 0;
    expect(await pass()).toEqual({ delivered: 0, failed: 1 });
    let [logged] = await deliveriesOf(id);
    expect(logged).toMatchObject({ state: "pending", attempts: 1, lastStatus: 500, lastError: "HTTP 500" });
    expect(logged.nextAttemptAt).toBe(new Date(clock + 60_000).toISOString());
    // Not due yet 30 s later.
    expect(await pass(ALLOWED, 30_000)).toEqual({ delivered: 0, failed: 0 });
    expect(await pass(ALLOWED, 30_000)).toEqual({ delivered: 1, failed: 0 });
    [logged] = await deliveriesOf(id);
    expect(logged).toMatchObject({ id: queued.id, state: "delivered", attempts: 2, lastStatus: 200, lastError: null });
    expect(received.map((r) => r.headers["x-coldchain-delivery"])).toEqual([queued.id, queued.id]);
  });

  test("after WEBHOOK_MAX_ATTEMPTS failures a delivery is marked failed, backing off in between", async () => {
    const { id } = await createEndpoint(adminA);
    await sendTest(id);
    answers.push({ status: 503 }, { status: 503 }, { status: 503 });
    const settings = { allowPrivate: true, maxAttempts: 3 };
    expect(await pass(settings)).toEqual({ delivered: 0, failed: 1 });
    expect((await deliveriesOf(id))[0].nextAttemptAt).toBe(new Date(clock + 60_000).toISOString());
    expect(await pass(settings)).toEqual({ delivered: 0, failed: 1 });
    expect((await deliveriesOf(id))[0].nextAttemptAt).toBe(new Date(clock + 5 * 60_000).toISOString());
    expect(await pass(settings, 5 * 60_000)).toEqual({ delivered: 0, failed: 1 });
    expect((await deliveriesOf(id))[0]).toMatchObject({
      state: "failed",
      attempts: 3,
      lastStatus: 503,
      nextAttemptAt: null,
    });
    expect(await pass(settings, 86_400_000)).toEqual({ delivered: 0, failed: 0 });
  });

  test("a redirect is a failure and is never followed", async () => {
    const { id } = await createEndpoint(adminA);
    await sendTest(id);
    answers.push({ status: 302, location: `${receiverUrl}/elsewhere` });
    received.length = 0;
    expect(await pass()).toEqual({ delivered: 0, failed: 1 });
    expect(received.map((r) => r.path)).toEqual(["/hook"]);
    expect((await deliveriesOf(id))[0]).toMatchObject({ state: "pending", lastStatus: 302 });
    expect((await deliveriesOf(id))[0].lastError).toContain("not followed");
    await pass(); // delivered now (200), out of the way of the next tests
  });

  test("rotating the secret answers a new one, and deliveries are signed with it", async () => {
    const { id, secret } = await createEndpoint(adminA);
    const res = await call("POST", `/webhooks/${id}/secret`, adminA);
    expect(res.statusCode).toBe(200);
    const rotated = res.json().secret as string;
    expect(rotated).not.toBe(secret);
    await sendTest(id);
    received.length = 0;
    await pass();
    const [request] = received as [Received];
    const timestamp = request.headers["x-coldchain-timestamp"] as string;
    expect(request.headers["x-coldchain-signature"]).toBe(expectedSignature(rotated, timestamp, request.body));
    const audit = await t.database.db.selectFrom("auditLog").selectAll().where("entityId", "=", id).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(["create", "rotate-secret", "test"]);
    expect(JSON.stringify(audit)).not.toContain(rotated);
  });

  test("changes are audited old -> new; disabling stops events and gives up queued ones; delete removes the log", async () => {
    const { id } = await createEndpoint(adminA);
    await sendTest(id);
    const res = await call("PATCH", `/webhooks/${id}`, adminA, { enabled: false, events: ["report.ended"] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ enabled: false, events: ["report.ended"] });
    const entry = await t.database.db
      .selectFrom("auditLog")
      .select(["before", "after"])
      .where("entityId", "=", id)
      .where("action", "=", "update")
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({
      before: { enabled: true, events: ["alarm"] },
      after: { enabled: false, events: ["report.ended"] },
    });
    received.length = 0;
    await pass();
    expect(received).toEqual([]);
    expect((await deliveriesOf(id))[0]).toMatchObject({ state: "failed", lastError: "The endpoint is disabled" });
    expect((await call("POST", `/webhooks/${id}/test`, adminA)).statusCode).toBe(409);
    expect((await call("DELETE", `/webhooks/${id}`, adminA)).statusCode).toBe(204);
    expect((await call("GET", `/webhooks/${id}`, adminA)).statusCode).toBe(404);
    const left = await t.database.db
      .selectFrom("webhookDeliveries")
      .select("id")
      .where("endpointId", "=", id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe("events", () => {
  test("an alarm is queued in the alert's transaction for subscribed, enabled endpoints of the company only", async () => {
    const alarms = await createEndpoint(adminA, { events: ["alarm"] });
    const ends = await createEndpoint(adminA, { events: ["report.ended"] });
    const off = await createEndpoint(adminA, { events: ["alarm"], enabled: false });
    const other = await createEndpoint(adminB, { events: ["alarm"] });
    const reportId = world.reports.a[1] as string;
    await t.database.db.transaction().execute((trx) =>
      recordAlertEvent(
        trx,
        {
          reportId,
          kind: "excursionDetected",
          key: "excursionDetected:temperature",
          occurredAt: "2026-11-20T09:00:00.000Z",
          details: { unit: "temperature" },
        },
        "http://dashboard.test",
      ),
    );
    const payloads = async (endpointId: string) =>
      (
        await t.database.db
          .selectFrom("webhookDeliveries")
          .select(["event", "payload"])
          .where("endpointId", "=", endpointId)
          .execute()
      ).map((d) => ({ event: d.event, payload: d.payload }));
    const [alarm] = await payloads(alarms.id);
    expect(alarm?.event).toBe("alarm");
    expect(alarm?.payload).toMatchObject({
      event: "alarm",
      occurredAt: "2026-11-20T09:00:00.000Z",
      company: { id: world.companies.a, name: "Alpha" },
      report: {
        id: reportId,
        labelId: "A-0001",
        reference: "PO-A-1",
        link: `http://dashboard.test/label-reports/${reportId}`,
      },
      alarm: { kind: "excursionDetected", unit: "temperature" },
    });
    expect(await payloads(ends.id)).toEqual([]);
    expect(await payloads(off.id)).toEqual([]);
    expect(await payloads(other.id)).toEqual([]);
  });

  test("a pass over many events queues report.ended, and the alert worker's pass delivers it", async () => {
    await pass(); // what earlier tests queued
    const { id } = await createEndpoint(adminA, { events: ["report.ended"] });
    const reportId = world.reports.a[2] as string;
    await t.database.db.transaction().execute((trx) =>
      recordAlertEvents(
        trx,
        [
          {
            reportId,
            kind: "reportFinished",
            key: "reportFinished",
            occurredAt: new Date().toISOString(),
            details: { status: "stopped" },
          },
        ],
        "http://dashboard.test",
      ),
    );
    received.length = 0;
    const result = await t.app.alertWorker.runOnce(new Date(Math.max(clock, Date.now()) + 1000), { silences: false });
    // Every endpoint of A subscribed to report.ended (earlier tests made some) gets it.
    expect(result.webhooks.failed).toBe(0);
    const [logged] = await deliveriesOf(id);
    expect(logged).toMatchObject({ event: "report.ended", state: "delivered" });
    const mine = received.find((r) => r.headers["x-coldchain-delivery"] === logged.id) as Received;
    expect(JSON.parse(mine.body)).toMatchObject({
      event: "report.ended",
      report: { id: reportId },
      end: { kind: "reportFinished", status: "stopped" },
    });
  });

  test("signing a disposition queues disposition.signed with the signature", async () => {
    await setEveryPassword(t.database.db, PASSWORD);
    const { id } = await createEndpoint(adminA, { events: ["disposition.signed"] });
    const reportId = world.reports.a[0] as string;
    await signDisposition(
      t,
      { email: "a-administrator@test.example", password: PASSWORD, companyId: world.companies.a },
      reportId,
    );
    const delivery = await t.database.db
      .selectFrom("webhookDeliveries")
      .select(["event", "payload"])
      .where("endpointId", "=", id)
      .executeTakeFirstOrThrow();
    expect(delivery.event).toBe("disposition.signed");
    expect(delivery.payload).toMatchObject({
      report: { id: reportId, labelId: "A-0000" },
      disposition: { value: "released", signedBy: "a-administrator Tester", comment: "Checked the record" },
    });
  });
});

describe("private addresses", () => {
  const PRIVATE_URLS = [
    "https://127.0.0.1/hook",
    "https://localhost/hook",
    "https://10.1.2.3/hook",
    "https://172.16.0.1/hook",
    "https://192.168.1.1/hook",
    "https://169.254.169.254/latest/meta-data",
    "https://100.64.0.1/hook",
    "https://0.0.0.0/hook",
    "https://[::1]/hook",
    "https://[fc00::1]/hook",
    "https://[fe80::1]/hook",
    "https://[::ffff:127.0.0.1]/hook",
  ];
  test("are refused at registration by default (400 naming url)", async () => {
    for (const url of PRIVATE_URLS) {
      const res = await strict.inject({
        method: "POST",
        url: "/api/webhooks",
        headers: adminA,
        payload: { url, events: ["alarm"] },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().formFields, url).toEqual([{ id: "url", error: expect.stringContaining("private") }]);
    }
    const http = await strict.inject({
      method: "POST",
      url: "/api/webhooks",
      headers: adminA,
      payload: { url: "http://93.184.216.34/hook", events: ["alarm"] },
    });
    expect(http.json().formFields).toEqual([{ id: "url", error: "The URL must start with https://" }]);
    const publicUrl = await strict.inject({
      method: "POST",
      url: "/api/webhooks",
      headers: adminA,
      payload: { url: "https://93.184.216.34/hook", events: ["alarm"] },
    });
    expect(publicUrl.statusCode).toBe(201);
    await call("DELETE", `/webhooks/${publicUrl.json().id}`, adminA);
  });

  test("are refused at delivery by default, even for an endpoint registered before", async () => {
    await pass(); // what earlier tests queued
    const { id } = await createEndpoint(adminA);
    await sendTest(id);
    received.length = 0;
    expect(await pass({ allowPrivate: false, maxAttempts: 6 })).toEqual({ delivered: 0, failed: 1 });
    expect(received).toEqual([]);
    const [logged] = await deliveriesOf(id);
    expect(logged).toMatchObject({ state: "pending", lastStatus: null });
    expect(logged.lastError).toContain("private");
    await pass();
  });
});

describe("who may manage webhooks", () => {
  test("each role: only the company's administrators", async () => {
    for (const role of MEMBER_ROLES) {
      const company = role === "systemAdmin" ? "operator" : role === "distributorAdmin" ? "distributor" : "a";
      const headers = await t.headersFor(world.users[`${company}:${role}`] as string, world.companies[company]);
      const allowed = role === "administrator" || role === "distributorAdmin";
      expect((await call("GET", "/webhooks", headers)).statusCode, role).toBe(allowed ? 200 : 403);
      const create = await call("POST", "/webhooks", headers, { url: `${receiverUrl}/hook`, events: ["alarm"] });
      expect(create.statusCode, role).toBe(allowed ? 201 : 403);
    }
  });

  test("support impersonating an administrator reads, but cannot create, change or rotate (403, audited)", async () => {
    const { id } = await createEndpoint(adminA);
    const token = await roleTokenFor(t.database.db, t.keys, {
      userId: world.users["a:administrator"] as string,
      companyId: world.companies.a,
      impersonatorUserId: world.users["operator:systemAdmin"] as string,
    });
    const headers = { "api-key": token.secret, jwt: token.jwtToken };
    expect((await call("GET", "/webhooks", headers)).statusCode).toBe(200);
    expect((await call("POST", "/webhooks", headers, { url: `${receiverUrl}/x`, events: ["alarm"] })).statusCode).toBe(
      403,
    );
    expect((await call("PATCH", `/webhooks/${id}`, headers, { url: `${receiverUrl}/x` })).statusCode).toBe(403);
    expect((await call("POST", `/webhooks/${id}/secret`, headers)).statusCode).toBe(403);
    const refused = await t.database.db
      .selectFrom("auditLog")
      .select("action")
      .where("entity", "=", "webhookEndpoint")
      .where("impersonatorUserId", "is not", null)
      .execute();
    expect(refused.map((r) => r.action).sort()).toEqual(["create-refused", "rotate-secret-refused", "update-refused"]);
  });

  test("an API key of any scope is refused (403); no credentials is a 401", async () => {
    const { id } = await createEndpoint(adminA);
    for (const scopes of [["read"], ["ingest"], ["read", "ingest"]]) {
      const { key, prefix, keyHash } = newApiKey();
      await t.database.db
        .insertInto("apiKeys")
        .values({ companyId: world.companies.a, createdBy: null, name: "wms", prefix, keyHash, scopes })
        .execute();
      const headers = { "api-key": key };
      expect((await call("GET", "/webhooks", headers)).statusCode, scopes.join()).toBe(403);
      expect(
        (await call("POST", "/webhooks", headers, { url: `${receiverUrl}/x`, events: ["alarm"] })).statusCode,
      ).toBe(403);
      expect((await call("POST", `/webhooks/${id}/secret`, headers)).statusCode).toBe(403);
      expect((await call("POST", `/webhooks/${id}/test`, headers)).statusCode).toBe(403);
    }
    expect((await call("GET", "/webhooks", {})).statusCode).toBe(401);
    expect((await call("POST", "/webhooks", {}, { url: `${receiverUrl}/x`, events: ["alarm"] })).statusCode).toBe(401);
  });

  test("another company's endpoint is a 404 everywhere and stays as it was", async () => {
    const { id } = await createEndpoint(adminB, { events: ["alarm"] });
    expect((await call("GET", `/webhooks/${id}`, adminA)).statusCode).toBe(404);
    expect((await call("PATCH", `/webhooks/${id}`, adminA, { enabled: false })).statusCode).toBe(404);
    expect((await call("POST", `/webhooks/${id}/secret`, adminA)).statusCode).toBe(404);
    expect((await call("POST", `/webhooks/${id}/test`, adminA)).statusCode).toBe(404);
    expect((await call("GET", `/webhooks/${id}/deliveries`, adminA)).statusCode).toBe(404);
    expect((await call("DELETE", `/webhooks/${id}`, adminA)).statusCode).toBe(404);
    expect((await call("GET", "/webhooks", adminA)).body).not.toContain(id);
    expect((await call("GET", `/webhooks/${id}`, adminB)).json()).toMatchObject({ enabled: true });
  });
});

describe("bad input", () => {
  test("is a 400 per field", async () => {
    const fields = async (payload: object, method: "POST" | "PATCH" = "POST", url = "/webhooks") => {
      const res = await call(method, url, adminA, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      return (res.json().formFields as { id: string }[]).map((f) => f.id);
    };
    expect(await fields({ events: ["alarm"] })).toEqual(["url"]);
    expect(await fields({ url: "not a url", events: ["alarm"] })).toEqual(["url"]);
    expect(await fields({ url: "ftp://93.184.216.34/x", events: ["alarm"] })).toEqual(["url"]);
    expect(await fields({ url: "https://user:pw@93.184.216.34/x", events: ["alarm"] })).toEqual(["url"]);
    expect(await fields({ url: `${receiverUrl}/x`, events: [] })).toEqual(["events"]);
    expect(await fields({ url: `${receiverUrl}/x`, events: ["alarm.sounded"] })).toEqual(["events.0"]);
    expect(await fields({ url: `${receiverUrl}/x`, events: ["alarm"], description: "x".repeat(201) })).toEqual([
      "description",
    ]);
    const { id } = await createEndpoint(adminA);
    expect(await fields({ enabled: "yes" }, "PATCH", `/webhooks/${id}`)).toEqual(["enabled"]);
    const patchPrivate = await strict.inject({
      method: "PATCH",
      url: `/api/webhooks/${id}`,
      headers: adminA,
      payload: { url: "https://10.0.0.1/x" },
    });
    expect(patchPrivate.json().formFields.map((f: { id: string }) => f.id)).toEqual(["url"]);
  });
});

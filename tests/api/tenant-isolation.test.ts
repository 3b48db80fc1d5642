import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { randomToken, sha256Hex } from "../../server/auth/hash";
import { SPEC_ROLES } from "../unit/spec-role-table";
import { createTestApp, type TestApp } from "./support/app";
import { buildWorld, type World } from "./support/world";

/**
 * Tenant isolation, generated from the server's own route table: every data route,
 * called by every role of company A with the ids of company B's records, must refuse
 * (400, 403 or 404), leak nothing of B in its answer, and change nothing of B.
 * A new route without an entry in CASES fails the first test.
 */

let t: TestApp;
let world: World;
let bInvite: string;
let bMigrationInvite: string;
let bApiKey: string;
let bCustomField: string;
let bShareLink: string;
let bCaptureJob: string;
let bWebhook: string;
let bAlarm: string;
let bShipment: string;
let bDeviation: string;
let bProduct: string;

/** What identifies company B's data in an answer. */
const B_MARKERS = ["Bravo", "B-0000", "PO-B-", "b-user@test.example"];

interface Case {
  /** Path parameters filled with B's records. */
  params?: () => Record<string, string>;
  body?: () => object;
  /** Routes that work across companies by design for control-center holders. */
  crossCompanyFor?: "controlCenter";
}

const bReport = () => ({ id: world.reports.b[0] as string });
const bLink = () => ({ id: world.reports.b[0] as string, linkId: bShareLink });

const CASES: Record<string, Case> = {
  "GET /api/health": {},
  "GET /api/label-reports": {},
  "GET /api/label-reports/:id": { params: bReport },
  "GET /api/label-reports/:id/readings": { params: bReport },
  "GET /api/label-reports/:id/shock-events": { params: bReport },
  "GET /api/label-reports/:id/audit": { params: bReport },
  "GET /api/label-reports/:id/export": { params: bReport },
  "GET /api/label-reports/:id/record": { params: bReport },
  "POST /api/label-reports": { body: () => ({ labelId: "LBL-X", presetId: world.presets.b }) },
  "PATCH /api/label-reports/:id": {
    params: bReport,
    body: () => ({ isArchived: true, reason: "Shipment cancelled before loading" }),
  },
  "DELETE /api/label-reports/:id": { params: bReport },
  "POST /api/label-reports/:id/trim": {
    params: bReport,
    body: () => ({ start: null, end: null, reason: "Label stopped after unloading" }),
  },
  "GET /api/label-reports/:id/trim-preview": { params: bReport },
  // B's label and report; ingest keys of another company are covered in ingest-principals.test.ts.
  "POST /api/readings": {
    body: () => ({ labelId: "B-0000", readings: [{ time: "2026-11-01T00:00:00Z", temperature: 5 }] }),
  },
  "POST /api/label-reports/:id/stop": { params: bReport, body: () => ({ status: "stopped" }) },
  // B's label in an EPCIS document, and B's capture job; ingest keys are in epcis-capture.test.ts.
  "POST /api/epcis/capture": {
    body: () => ({
      type: "EPCISDocument",
      epcisBody: {
        eventList: [
          {
            type: "ObjectEvent",
            eventTime: "2026-11-01T00:00:00Z",
            sensorElementList: [
              {
                sensorMetadata: { deviceID: "urn:epc:id:giai:4000001.B-0000" },
                sensorReport: [{ type: "Temperature", value: 5, uom: "CEL" }],
              },
            ],
          },
        ],
      },
    }),
  },
  "GET /api/epcis/capture/:id": { params: () => ({ id: bCaptureJob }) },
  "POST /api/label-reports/:id/disposition": {
    params: bReport,
    body: () => ({ disposition: "released", password: "wrong-one-1" }),
  },
  "POST /api/label-reports/:id/disposition/email-code": {
    params: bReport,
    body: () => ({ disposition: "released" }),
  },
  "POST /api/label-reports/:id/share-links": { params: bReport, body: () => ({ expiresInDays: 30 }) },
  "GET /api/label-reports/:id/share-links": { params: bReport },
  "GET /api/label-reports/:id/share-links/:linkId/opens": { params: bLink },
  "DELETE /api/label-reports/:id/share-links/:linkId": { params: bLink },
  "GET /api/label-presets": {},
  "GET /api/label-presets/:idOrSlug": { params: () => ({ idOrSlug: world.presets.b }) },
  "GET /api/label-presets/:idOrSlug/versions": { params: () => ({ idOrSlug: world.presets.b }) },
  "POST /api/label-presets": { body: () => ({ name: "A copy" }) },
  "PATCH /api/label-presets/:idOrSlug": {
    params: () => ({ idOrSlug: world.presets.b }),
    body: () => ({ description: "x" }),
  },
  "DELETE /api/label-presets/:idOrSlug": { params: () => ({ idOrSlug: world.presets.b }) },
  "GET /api/users": {},
  "GET /api/users/:id": { params: () => ({ id: world.users["b:user"] as string }) },
  "PATCH /api/users/:id": {
    params: () => ({ id: world.users["b:user"] as string }),
    body: () => ({ roles: ["user"] }),
  },
  "DELETE /api/users/:id": { params: () => ({ id: world.users["b:user"] as string }) },
  "GET /api/sub-companies": {},
  "GET /api/sub-companies/:id": { params: () => ({ id: world.companies.b }) },
  "POST /api/sub-companies": { body: () => ({ name: "Sub of mine" }) },
  "PATCH /api/sub-companies/:id": { params: () => ({ id: world.companies.b }), body: () => ({ name: "Taken" }) },
  "DELETE /api/sub-companies/:id": { params: () => ({ id: world.companies.b }) },
  "GET /api/sub-companies/:id/users": { params: () => ({ id: world.companies.b }) },
  "GET /api/control-center-companies": { crossCompanyFor: "controlCenter" },
  "GET /api/control-center-companies/:id": {
    params: () => ({ id: world.companies.b }),
    crossCompanyFor: "controlCenter",
  },
  "GET /api/control-center-companies/:id/users": {
    params: () => ({ id: world.companies.b }),
    crossCompanyFor: "controlCenter",
  },
  "GET /api/control-center/impersonation-log": { crossCompanyFor: "controlCenter" },
  "POST /api/auth/impersonate": {
    body: () => ({ userId: world.users["b:user"], companyId: world.companies.b }),
    crossCompanyFor: "controlCenter",
  },
  // Gives up only the caller's own impersonation token: a company-A token is not one (400).
  "DELETE /api/auth/impersonate": {},
  "GET /api/user-invites": {},
  "POST /api/user-invites": { body: () => ({ email: "someone-new@test.example", roles: ["user"] }) },
  "POST /api/user-invites/:id/resend": { params: () => ({ id: bInvite }) },
  "DELETE /api/user-invites/:id": { params: () => ({ id: bInvite }) },
  "GET /api/company": {},
  "PATCH /api/company": { body: () => ({ city: "Elsewhere" }) },
  "POST /api/companies": { body: () => ({ name: "New" }), crossCompanyFor: "controlCenter" },
  "DELETE /api/companies/:id": { params: () => ({ id: world.companies.b }), crossCompanyFor: "controlCenter" },
  "DELETE /api/migration-invites/:id": { params: () => ({ id: bMigrationInvite }), crossCompanyFor: "controlCenter" },
  "GET /api/me": {},
  "PATCH /api/me": { body: () => ({ lastName: "Tester" }) },
  "POST /api/me/password": { body: () => ({ currentPassword: "wrong-one-1", newPassword: "Another-pass-2" }) },
  "GET /api/me/notifications": {},
  // A sign-in method: the role token alone is not enough (no session here), whatever the company.
  "POST /api/me/phone": { body: () => ({ phone: "+4915550099999", password: "wrong-one-1" }) },
  "POST /api/me/phone/confirm": { body: () => ({ code: "000000" }) },
  "POST /api/me/phone/email-code": {},
  // B's company in the body: the caller does not belong to it.
  "PUT /api/me/notifications": {
    body: () => [{ companyId: world.companies.b, excursionDetected: false, reportFinished: false, batteryLow: false }],
  },
  "GET /api/api-keys": {},
  // The company's audit log: a company filter on B narrows the caller's companies to none (audit-log.test.ts).
  "GET /api/alarms": {},
  "POST /api/alarms/:id/acknowledge": {
    params: () => ({ id: bAlarm }),
    body: () => ({ comment: "Acknowledged from company A" }),
  },
  "POST /api/alarms/:id/close": { params: () => ({ id: bAlarm }), body: () => ({ comment: "Closed from company A" }) },
  "GET /api/shipments": {},
  "GET /api/shipments/:id": { params: () => ({ id: bShipment }) },
  // B's report in the body: not a report of the caller's company (400).
  "POST /api/shipments": { body: () => ({ reference: "SHP-FROM-A", reportIds: [world.reports.b[1]] }) },
  "PATCH /api/shipments/:id": {
    params: () => ({ id: bShipment }),
    body: () => ({ carrier: "Changed by A", reportIds: [world.reports.b[1]] }),
  },
  "POST /api/shipments/:id/disposition": {
    params: () => ({ id: bShipment }),
    body: () => ({ disposition: "released", comment: "Signed from company A", password: "wrong-one-1" }),
  },
  "POST /api/shipments/:id/disposition/email-code": {
    params: () => ({ id: bShipment }),
    body: () => ({ disposition: "released" }),
  },
  "GET /api/deviations": {},
  "GET /api/deviations/:id": { params: () => ({ id: bDeviation }) },
  // B's report in the body: not a report the caller sees (404).
  "POST /api/deviations": { body: () => ({ reportId: world.reports.b[0], title: "Opened from company A" }) },
  "PATCH /api/deviations/:id": { params: () => ({ id: bDeviation }), body: () => ({ rootCause: "Written by A" }) },
  "POST /api/deviations/:id/close": { params: () => ({ id: bDeviation }), body: () => ({ password: "wrong-one-1" }) },
  "POST /api/deviations/:id/close/email-code": { params: () => ({ id: bDeviation }) },
  "GET /api/products": {},
  "GET /api/products/:id": { params: () => ({ id: bProduct }) },
  "GET /api/products/:id/batches/:batch": { params: () => ({ id: bProduct, batch: "B-BATCH" }) },
  "POST /api/products": {
    body: () => ({
      name: "Of A",
      code: "A-PRODUCT",
      storageMin: 2,
      storageMax: 8,
      budgetAboveMinutes: 60,
      budgetBelowMinutes: 60,
    }),
  },
  "PATCH /api/products/:id": { params: () => ({ id: bProduct }), body: () => ({ name: "Changed by A" }) },
  "GET /api/audit": {},
  "GET /api/audit.csv": {},
  // The lanes of the caller's companies only (performance.test.ts asks for B's by companyId).
  "GET /api/performance": {},
  "GET /api/performance.csv": {},
  "POST /api/api-keys": { body: () => ({ name: "Mine" }) },
  "PATCH /api/api-keys/:id": { params: () => ({ id: bApiKey }), body: () => ({ expiresInDays: 1 }) },
  "DELETE /api/api-keys/:id": { params: () => ({ id: bApiKey }) },
  "GET /api/custom-fields": {},
  "POST /api/custom-fields": { body: () => ({ name: "Mine", type: "text" }) },
  "PATCH /api/custom-fields/:id": { params: () => ({ id: bCustomField }), body: () => ({ required: true }) },
  "DELETE /api/custom-fields/:id": { params: () => ({ id: bCustomField }) },
  "GET /api/webhooks": {},
  // A public address literal: registration resolves nothing and connects to nothing.
  "POST /api/webhooks": { body: () => ({ url: "https://93.184.216.34/hook", events: ["alarm"] }) },
  "GET /api/webhooks/:id": { params: () => ({ id: bWebhook }) },
  "PATCH /api/webhooks/:id": { params: () => ({ id: bWebhook }), body: () => ({ enabled: false }) },
  "DELETE /api/webhooks/:id": { params: () => ({ id: bWebhook }) },
  "POST /api/webhooks/:id/secret": { params: () => ({ id: bWebhook }) },
  "GET /api/webhooks/:id/deliveries": { params: () => ({ id: bWebhook }) },
  "POST /api/webhooks/:id/test": { params: () => ({ id: bWebhook }) },
};

/** A snapshot of company B's rows that no call from A may change. */
async function snapshotB() {
  const db = t.database.db;
  const b = world.companies.b;
  return JSON.stringify([
    await db.selectFrom("companies").selectAll().where("id", "=", b).execute(),
    await db
      .selectFrom("labelReports")
      .select(["id", "isArchived", "trimStart", "trimEnd", "disposition", "updated"])
      .where("companyId", "=", b)
      .orderBy("id")
      .execute(),
    await db
      .selectFrom("labelPresets")
      .select(["id", "name", "description", "updated"])
      .where("companyId", "=", b)
      .orderBy("id")
      .execute(),
    await db.selectFrom("userRoles").select(["id", "types"]).where("companyId", "=", b).orderBy("id").execute(),
    await db.selectFrom("apiKeys").select(["id", "revoked"]).where("companyId", "=", b).execute(),
    await db.selectFrom("shareLinks").select(["id", "revokedAt"]).where("companyId", "=", b).orderBy("id").execute(),
    await db.selectFrom("customFields").select(["id", "name", "required"]).where("companyId", "=", b).execute(),
    await db.selectFrom("alarms").select(["id", "state"]).where("companyId", "=", b).orderBy("id").execute(),
    await db.selectFrom("shipments").selectAll().where("companyId", "=", b).orderBy("id").execute(),
    await db.selectFrom("deviations").selectAll().where("companyId", "=", b).orderBy("id").execute(),
    await db.selectFrom("products").selectAll().where("companyId", "=", b).orderBy("id").execute(),
    await db.selectFrom("labelReports").select(["id", "shipmentId"]).where("companyId", "=", b).orderBy("id").execute(),
    await db.selectFrom("notificationSettings").selectAll().where("companyId", "=", b).execute(),
    await db.selectFrom("webhookEndpoints").selectAll().where("companyId", "=", b).execute(),
    await db.selectFrom("webhookDeliveries").select("id").orderBy("id").execute(),
    await db
      .selectFrom("invites")
      .select(["id", "tokenHash", "revoked"])
      .where("companyId", "=", b)
      .orderBy("id")
      .execute(),
  ]);
}

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 3 });
  const invite = await t.database.db
    .insertInto("invites")
    .values({
      companyId: world.companies.b,
      email: "bnew@test.example",
      types: ["user"],
      tokenHash: sha256Hex(randomToken()),
      expires: new Date(Date.now() + 86_400_000),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  bInvite = invite.id;
  const migration = await t.database.db
    .insertInto("migrationInvites")
    .values({
      companyId: world.companies.b,
      email: "old@test.example",
      tokenHash: sha256Hex(randomToken()),
      expires: new Date(Date.now() + 86_400_000),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  bMigrationInvite = migration.id;
  const key = await t.database.db
    .insertInto("apiKeys")
    .values({
      companyId: world.companies.b,
      name: "Bravo WMS",
      prefix: "cck_bravo123",
      keyHash: sha256Hex(randomToken()),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  bApiKey = key.id;
  const field = await t.database.db
    .insertInto("customFields")
    .values({ companyId: world.companies.b, key: "bravoLot", name: "Bravo lot", type: "text", options: "[]" })
    .returning("id")
    .executeTakeFirstOrThrow();
  bCustomField = field.id;
  const link = await t.database.db
    .insertInto("shareLinks")
    .values({
      reportId: world.reports.b[0] as string,
      companyId: world.companies.b,
      tokenHash: sha256Hex(randomToken()),
      createdBy: null,
      createdByName: "Bravo admin",
      impersonatorUserId: null,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  bShareLink = link.id;
  const job = await t.database.db
    .insertInto("epcisCaptureJobs")
    .values({ companyId: world.companies.b, apiKeyId: null, eventCount: 1, errors: "[]", ignored: "[]" })
    .returning("id")
    .executeTakeFirstOrThrow();
  bCaptureJob = job.id;
  const webhook = await t.database.db
    .insertInto("webhookEndpoints")
    .values({
      companyId: world.companies.b,
      url: "https://93.184.216.34/bravo",
      events: ["alarm"],
      secret: "whsec_b",
      createdBy: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  bWebhook = webhook.id;
  // An open alarm of B's first report, as an alert event would have raised it.
  const reportId = world.reports.b[0] as string;
  const event = await t.database.db
    .insertInto("alertEvents")
    .values({
      reportId,
      companyId: world.companies.b,
      kind: "excursionDetected",
      key: "excursionDetected:temperature",
      occurredAt: new Date(),
      details: JSON.stringify({ unit: "temperature" }),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const alarm = await t.database.db
    .insertInto("alarms")
    .values({
      companyId: world.companies.b,
      reportId,
      alertEventId: event.id,
      kind: "band",
      unit: "temperature",
      side: null,
      severity: "alarm",
      triggeredAt: new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  bAlarm = alarm.id;
  const shipment = await t.database.db
    .insertInto("shipments")
    .values({ companyId: world.companies.b, reference: "PO-B-SHIPMENT", carrier: "Bravo Freight" })
    .returning("id")
    .executeTakeFirstOrThrow();
  bShipment = shipment.id;
  const deviation = await t.database.db
    .insertInto("deviations")
    .values({
      companyId: world.companies.b,
      reportId: world.reports.b[0] as string,
      year: 2026,
      seq: 1,
      number: "DEV-2026-0001",
      title: "Company B's own investigation",
      rootCause: "Door left open",
      productImpact: "None",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  bDeviation = deviation.id;
  const product = await t.database.db
    .insertInto("products")
    .values({
      companyId: world.companies.b,
      name: "Product of B",
      code: "PO-B-PRODUCT",
      storageMin: 2,
      storageMax: 8,
      budgetAboveMinutes: 60,
      budgetBelowMinutes: 60,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  bProduct = product.id;
  await t.database.db
    .updateTable("shipments")
    .set({ productId: bProduct, batch: "B-BATCH" })
    .where("id", "=", bShipment)
    .execute();
  await t.database.db
    .updateTable("labelReports")
    .set({ shipmentId: bShipment })
    .where("id", "=", world.reports.b[0] as string)
    .execute();
});
afterAll(async () => t?.close());

const dataRoutes = () => t.app.routeTable.filter((r) => r.url.startsWith("/api/") && !r.public);

describe("tenant isolation between companies", () => {
  test("every data route has an isolation case", () => {
    const missing = dataRoutes()
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !(key in CASES));
    expect(missing).toEqual([]);
  });

  for (const role of SPEC_ROLES) {
    test(`${role} of company A cannot read or change company B's records`, async () => {
      const company = role === "systemAdmin" ? "operator" : role === "distributorAdmin" ? "distributor" : "a";
      const headers = await t.headersFor(world.users[`${company}:${role}`] as string, world.companies[company]);
      const before = await snapshotB();
      const leaks: string[] = [];
      for (const route of dataRoutes()) {
        const key = `${route.method} ${route.url}`;
        const c = CASES[key] as Case;
        const crossCompany = c.crossCompanyFor === "controlCenter" && role === "systemAdmin";
        let url = route.url;
        for (const [name, value] of Object.entries(c.params?.() ?? {})) url = url.replace(`:${name}`, value);
        const res = await t.app.inject({
          method: route.method as "GET",
          url,
          headers,
          ...(c.body ? { payload: c.body() } : {}),
        });
        expect(res.statusCode, key).toBeLessThan(500);
        if (crossCompany) continue;
        if (url !== route.url && ![400, 403, 404, 409].includes(res.statusCode))
          leaks.push(`${key}: ${res.statusCode}`);
        for (const marker of B_MARKERS) if (res.body.includes(marker)) leaks.push(`${key}: answer contains ${marker}`);
      }
      expect(leaks).toEqual([]);
      // systemAdmin's cross-company calls (impersonation, company creation) do not touch B's rows either.
      expect(await snapshotB()).toBe(before);
    });
  }
});

import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ruleOfPreset } from "../../core/domain/report-rule";
import { sha256Hex } from "../../server/auth/hash";
import { createTestApp, roleTokenFor, type TestApp } from "./support/app";
import { changedTables, databaseFingerprint } from "./support/db-fingerprint";
import { apiKeyOf, registerLabel, sendReadings, series } from "./support/ingest";
import { buildWorld, MEMBER_ROLES, type World } from "./support/world";

/**
 * Who may send readings, register and stop labels: only an ingest-scoped key of the
 * label's company. Every other principal is refused before anything is written.
 */

let t: TestApp;
let world: World;
let ingestA: string;
let ingestB: string;
let reportA: string;
/** Every principal that is not an ingest key, by name: role tokens of each role, impersonation, read key. */
const refused: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 4 });
  ingestA = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
  ingestB = await apiKeyOf(t.database.db, world.companies.b, ["ingest"]);
  reportA = (await registerLabel(t, ingestA, "PRIN-A", world.presets.a)).id;
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

const post = (url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: "POST", url, headers, payload: payload as Record<string, unknown> });

describe("who may send readings", () => {
  test("every principal but an ingest key is refused (403) and nothing is written", async () => {
    const before = await databaseFingerprint(t.database.db);
    for (const [name, headers] of Object.entries(refused)) {
      const res = await sendReadings(t, headers, "PRIN-A", series("2026-11-20T08:00:00Z", 3));
      expect(res.statusCode, name).toBe(403);
    }
    const changed = changedTables(before, await databaseFingerprint(t.database.db));
    // Signing in leaves traces (last used, impersonation log); readings and reports none.
    expect(changed).not.toContain("measurements");
    expect(changed).not.toContain("label_reports");
  });

  test("no key at all is 401", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/readings",
      payload: { labelId: "PRIN-A", readings: series("2026-11-20T08:00:00Z", 1) },
    });
    expect(res.statusCode).toBe(401);
  });

  test("a revoked ingest key is 401 at once", async () => {
    const key = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
    expect((await sendReadings(t, key, "PRIN-A", series("2026-11-20T08:00:00Z", 1))).statusCode).toBe(200);
    await t.database.db
      .updateTable("apiKeys")
      .set({ revoked: new Date() })
      .where("keyHash", "=", sha256Hex(key))
      .execute();
    expect((await sendReadings(t, key, "PRIN-A", series("2026-11-21T08:00:00Z", 1))).statusCode).toBe(401);
  });

  test("another company's ingest key cannot write into a label (404)", async () => {
    expect((await sendReadings(t, ingestB, "PRIN-A", series("2026-11-20T08:00:00Z", 1))).statusCode).toBe(404);
  });
});

describe("who may register a label", () => {
  test("an ingest key registers a label: 201, not started, the preset's rule frozen at that moment", async () => {
    const res = await post(
      "/api/label-reports",
      { "api-key": ingestA },
      {
        labelId: "PRIN-NEW",
        presetId: world.presets.a,
        reference: "PO-1",
        origin: "Basel",
        destination: "Oslo",
        transportMode: "plane",
      },
    );
    expect(res.statusCode).toBe(201);
    const preset = await t.database.db
      .selectFrom("labelPresets")
      .selectAll()
      .where("id", "=", world.presets.a)
      .executeTakeFirstOrThrow();
    expect(res.json()).toMatchObject({
      status: "notStarted",
      companyId: world.companies.a,
      reference: "PO-1",
      transportMode: "plane",
      lastReadingAt: null,
      rule: ruleOfPreset(preset, preset.version),
    });
  });

  test("the registration is audited with the key, not with a person", async () => {
    const { id } = await registerLabel(t, ingestA, "PRIN-AUDIT", world.presets.a);
    const entry = await t.database.db
      .selectFrom("auditLog")
      .selectAll()
      .where("entity", "=", "labelReport")
      .where("entityId", "=", id)
      .executeTakeFirstOrThrow();
    expect(entry.action).toBe("create");
    expect(entry.actorUserId).toBeNull();
    expect((entry.after as { apiKeyId?: string }).apiKeyId).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("an ingest key cannot register a label on another company's preset (400)", async () => {
    const res = await post(
      "/api/label-reports",
      { "api-key": ingestA },
      { labelId: "PRIN-X", presetId: world.presets.b },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields[0].id).toBe("presetId");
  });

  test("role tokens other than a system administrator's, impersonation and a read key cannot register (403)", async () => {
    for (const [name, headers] of Object.entries(refused)) {
      if (name === "role token (systemAdmin)") continue; // a system administrator registers labels, as before
      const res = await post("/api/label-reports", headers, { labelId: "PRIN-Y", presetId: world.presets.a });
      expect(res.statusCode, name).toBe(403);
    }
  });
});

describe("who may stop a label", () => {
  test("every principal but an ingest key is refused (403), no key is 401", async () => {
    for (const [name, headers] of Object.entries(refused)) {
      const res = await post(`/api/label-reports/${reportA}/stop`, headers, {});
      expect(res.statusCode, name).toBe(403);
    }
    const none = await t.app.inject({ method: "POST", url: `/api/label-reports/${reportA}/stop`, payload: {} });
    expect(none.statusCode).toBe(401);
    const report = await t.database.db
      .selectFrom("labelReports")
      .select("status")
      .where("id", "=", reportA)
      .executeTakeFirstOrThrow();
    expect(report.status).not.toBe("stopped");
  });

  test("another company's ingest key cannot stop a label (404)", async () => {
    const res = await post(`/api/label-reports/${reportA}/stop`, { "api-key": ingestB }, {});
    expect(res.statusCode).toBe(404);
  });
});

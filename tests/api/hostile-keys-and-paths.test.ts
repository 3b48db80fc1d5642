import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { changedTables, databaseFingerprint } from "./support/db-fingerprint";
import { buildWorld, type World } from "./support/world";

/**
 * Classic payloads the property tests only reach by chance: oversized bodies,
 * prototype-pollution keys in bodies and in list filter/order keys, path traversal in
 * slugs and in static file paths.
 */

let t: TestApp;
let world: World;
let headers: Record<string, string>;
let staticDir: string;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), "hostile-static-"));
  mkdirSync(join(staticDir, "assets"));
  writeFileSync(join(staticDir, "index.html"), "<!doctype html><title>dashboard</title>");
  writeFileSync(join(staticDir, "assets", "app.js"), "console.log('app')");
  t = await createTestApp({ staticDir });
  world = await buildWorld(t.database.db, { reportsPerCompany: 3 });
  headers = await t.headersFor(world.users["a:administrator"] as string, world.companies.a);
});
afterAll(async () => {
  await t?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe("oversized bodies", () => {
  test("a body over the 1 MB limit is 413 with a JSON message saying so", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/label-presets",
      headers,
      payload: { name: "x".repeat(1_100_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.json()).toEqual({ statusCode: 413, message: "The request body is larger than the 1 MB limit" });
  });

  test("an oversized body on a sign-in route is refused the same way", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/signin",
      headers: { rid: "emailpassword", "content-type": "application/json" },
      payload: `{"formFields":[{"id":"email","value":"${"a".repeat(1_100_000)}"}]}`,
    });
    expect(res.statusCode).toBe(413);
  });
});

describe("prototype-pollution keys", () => {
  const patchReport = (payload: string) =>
    t.app.inject({
      method: "PATCH",
      url: `/api/label-reports/${world.reports.a[0]}`,
      headers: { ...headers, "content-type": "application/json" },
      payload,
    });
  const customFieldsOfReport = async () =>
    (
      await t.database.db
        .selectFrom("labelReports")
        .select("customFields")
        .where("id", "=", world.reports.a[0] as string)
        .executeTakeFirstOrThrow()
    ).customFields;

  // `constructor` and `prototype` can be custom field keys (a field named "Constructor",
  // tests/api/security/prototype-named-fields.test.ts): where none is defined they are
  // unknown fields like any other. `__proto__` is never a field key.
  for (const [key, error] of [
    ["__proto__", "is not an allowed key"],
    ["constructor", "is not a custom field of this company"],
    ["prototype", "is not a custom field of this company"],
  ]) {
    test(`a '${key}' key inside custom field values is a 400 naming it and nothing is stored`, async () => {
      const before = await customFieldsOfReport();
      const res = await patchReport(`{"customFields":{"${key}":"x","batch":"X"}}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().formFields).toContainEqual({ id: `customFields.${key}`, error });
      expect(await customFieldsOfReport()).toEqual(before);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  }

  test("a 'constructor.prototype' body is refused and pollutes nothing", async () => {
    const res = await patchReport(`{"constructor":{"prototype":{"polluted":true}}}`);
    expect(res.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  for (const key of ["__proto__", "constructor", "toString", "hasOwnProperty", "prototype"]) {
    test(`'${key}' as a filter key is a 400 naming the unknown key`, async () => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/label-reports?filter=${encodeURIComponent(`${key}[eq]1`)}`,
        headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().formFields).toEqual([{ id: "filter", error: `Unknown filter key '${key}'` }]);
    });

    test(`'${key}' as an order key is a 400 naming the unknown key`, async () => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/label-presets?order=${encodeURIComponent(`${key}[asc]`)}`,
        headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().formFields).toEqual([{ id: "order", error: `Unknown order key '${key}'` }]);
    });
  }
});

describe("path traversal", () => {
  const fileMarkers = ['"name": "coldchain-dashboard"', "readConfig", "root:x:0:0"];
  const expectNoFile = (body: string) => {
    for (const marker of fileMarkers) expect(body).not.toContain(marker);
  };

  for (const slug of ["..%2F..%2Fetc", "..%2F..%2Fpackage.json", "%2e%2e%2f%2e%2e%2fetc%2fpasswd", "..", "....//"]) {
    test(`a preset slug '${slug}' is refused with no file contents`, async () => {
      const res = await t.app.inject({ method: "GET", url: `/api/label-presets/${slug}`, headers });
      expect([400, 403, 404]).toContain(res.statusCode);
      expectNoFile(res.body);
    });
  }

  for (const path of [
    "/..%2F..%2Fpackage.json",
    "/..%2f..%2fserver%2fmain.ts",
    "/assets/../../server/main.ts",
    "/assets/..%2F..%2Fpackage.json",
    "/%2e%2e/%2e%2e/package.json",
    "/assets/%2e%2e/%2e%2e/etc/passwd",
    "/..\\..\\package.json",
  ]) {
    test(`the static path '${path}' is a 400/403/404 or the dashboard page, never a file outside the build`, async () => {
      const res = await t.app.inject({ method: "GET", url: path });
      const servesPage = res.statusCode === 200 && res.body.includes("<title>dashboard</title>");
      expect(servesPage || [400, 403, 404].includes(res.statusCode)).toBe(true);
      expectNoFile(res.body);
    });
  }

  test("a built asset is still served (control)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/app.js" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("console.log");
  });
});

describe("the database fingerprint the hostile-input property relies on", () => {
  test("it notices a changed row, and nothing else", async () => {
    const before = await databaseFingerprint(t.database.db);
    await t.database.db
      .updateTable("labelPresets")
      .set({ description: `changed ${Date.now()}` })
      .where("id", "=", world.presets.a)
      .execute();
    expect(changedTables(before, await databaseFingerprint(t.database.db))).toEqual(["label_presets"]);
  });

  test("a refused preset edit (bad range) leaves every table as it was", async () => {
    const before = await databaseFingerprint(t.database.db);
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/label-presets/${world.presets.a}`,
      headers,
      payload: { temperatureMin: 20, temperatureMax: 2 },
    });
    expect(res.statusCode).toBe(400);
    expect(changedTables(before, await databaseFingerprint(t.database.db))).toEqual([]);
  });
});

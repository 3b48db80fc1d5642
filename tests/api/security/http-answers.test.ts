import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { READINGS_BODY_LIMIT_BYTES } from "../../../server/ingest/ingest-limits";
import { startTestIdentityProvider, type TestIdentityProvider } from "../../support/identity-provider";
import { createTestApp, type TestApp } from "../support/app";
import { apiKeyOf } from "../support/ingest";
import { buildWorld, setEveryPassword, type World } from "../support/world";

/**
 * What the answers say about themselves: the body limit a 413 names, which answers a
 * cache may keep, when HSTS is claimed, where the identity provider sends the browser
 * back to, and that a JSON body's types are its own.
 */

const PASSWORD = "Correct-horse-42";
const PUBLIC_URL = "http://dashboard.test";
// The trusted proxy of these tests is the loopback address inject() uses by default.
const PROXY = "127.0.0.1";
const STRANGER = "203.0.113.9";
let t: TestApp;
let world: World;
let idp: TestIdentityProvider;
let admin: Record<string, string>;

beforeAll(async () => {
  idp = await startTestIdentityProvider([`${PUBLIC_URL}/auth/callback/oidc`]);
  t = await createTestApp({
    publicUrl: PUBLIC_URL,
    trustProxy: PROXY,
    thirdPartyProviders: [
      { id: "oidc", name: "Company SSO", issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
    ],
  });
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  await setEveryPassword(t.database.db, PASSWORD);
  admin = await t.headersFor(world.users["a:administrator"] as string, world.companies.a);
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

describe("413", () => {
  test("names the route's own body limit (readings take 4 MB, not the server's 1 MB)", async () => {
    const key = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
    const reading = { time: "2026-01-01T00:00:00.000Z", temperature: 5, humidity: 50, battery: 90 };
    const count = Math.ceil((READINGS_BODY_LIMIT_BYTES + 1) / JSON.stringify(reading).length) + 1;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/readings",
      headers: { "api-key": key },
      payload: { labelId: "LBL-BIG", readings: Array.from({ length: count }, () => reading) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("The request body is larger than the 4 MB limit");
  });
});

describe("Cache-Control: no-store on API answers", () => {
  test("a sign-in answer (it carries the tokens) may not be stored", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/signin",
      headers: { "st-auth-mode": "header", rid: "emailpassword" },
      payload: {
        formFields: [
          { id: "email", value: "a-administrator@test.example" },
          { id: "password", value: PASSWORD },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  test.each(["/api/me", "/api/users", "/api/label-reports", "/api/health"])("GET %s may not be stored", async (url) => {
    const res = await t.app.inject({ method: "GET", url, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  test("a refused API request (401) may not be stored either", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/users" });
    expect(res.statusCode).toBe(401);
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});

describe("Strict-Transport-Security", () => {
  test("is not sent on a plain http request", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  test("is sent when the trusted proxy says the request came over HTTPS", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/health",
      remoteAddress: PROXY,
      headers: { "x-forwarded-proto": "https" },
    });
    expect(res.headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
  });

  test("is not sent when anyone else claims HTTPS", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/health",
      remoteAddress: STRANGER,
      headers: { "x-forwarded-proto": "https" },
    });
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("OIDC redirect URI", () => {
  test("is PUBLIC_URL's callback, whatever Host and redirect URI the request names", async () => {
    const evil = "https://evil.example/auth/callback/oidc";
    const res = await t.app.inject({
      method: "GET",
      url: `/api/auth/authorisationurl?thirdPartyId=oidc&redirectURIOnProviderDashboard=${encodeURIComponent(evil)}`,
      headers: { rid: "thirdparty", host: "evil.example" },
    });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().urlWithQueryParams);
    expect(url.searchParams.get("redirect_uri")).toBe(`${PUBLIC_URL}/auth/callback/oidc`);
  });
});

describe("JSON bodies keep their types (no coercion)", () => {
  const preset = {
    name: "Coercion check",
    temperatureEnabled: true,
    temperatureMin: 2,
    temperatureMax: 8,
    alarmDelayMinutes: 30,
    intervalMinutes: 5,
  };

  test('"30" for a number field is a 400 naming the field', async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/label-presets",
      headers: admin,
      payload: { ...preset, alarmDelayMinutes: "30" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields.map((f: { id: string }) => f.id)).toContain("alarmDelayMinutes");
  });

  test('"true" for an on/off field is a 400 naming the field', async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/label-presets",
      headers: admin,
      payload: { ...preset, name: "Coercion check 2", temperatureEnabled: "true" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields.map((f: { id: string }) => f.id)).toContain("temperatureEnabled");
  });

  test("a query string's numbers are still read as numbers (query strings are text)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/label-presets?pageSize=1", headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
  });
});

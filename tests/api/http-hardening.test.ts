import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { defaultServerProcesses, readConfig } from "../../server/config";
import { createTestApp, type TestApp } from "./support/app";
import { buildWorld, setEveryPassword, type World } from "./support/world";

/**
 * What a browser enforces for us when the server says so: Secure session cookies
 * behind TLS, CORS only for configured origins, and the security headers.
 */

const PASSWORD = "Correct-horse-42";
const EMAIL = "a-user@test.example";
let world: World;
const apps: TestApp[] = [];

async function appWith(options: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp(options);
  apps.push(t);
  const built = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  // The CORS tests use the first app's world.
  if (apps.length === 1) world = built;
  await setEveryPassword(t.database.db, PASSWORD);
  return t;
}
afterAll(async () => {
  for (const t of apps) await t.close();
});

// The trusted proxy of these tests is the loopback address inject() uses by default.
const PROXY = "127.0.0.1";
const STRANGER = "203.0.113.9";
const FRIEND = "https://partner.example";

let main: TestApp;
let httpsPublic: TestApp;
beforeAll(async () => {
  main = await appWith({ publicUrl: "http://localhost:3000", trustProxy: PROXY, corsOrigins: [FRIEND] });
  httpsPublic = await appWith({ publicUrl: "https://cold.example.com" });
});

const signInWithCookies = (t: TestApp, headers: Record<string, string> = {}, remoteAddress = PROXY) =>
  t.app.inject({
    method: "POST",
    remoteAddress,
    url: "/api/auth/signin",
    headers: { "st-auth-mode": "cookie", rid: "emailpassword", ...headers },
    payload: {
      formFields: [
        { id: "email", value: EMAIL },
        { id: "password", value: PASSWORD },
      ],
    },
  });

const sessionCookies = (res: Awaited<ReturnType<typeof signInWithCookies>>) =>
  res.cookies.filter((c) => c.name === "sAccessToken" || c.name === "sRefreshToken");

describe("session cookies", () => {
  test("are HttpOnly and SameSite=Lax", async () => {
    const cookies = sessionCookies(await signInWithCookies(main));
    expect(cookies).toHaveLength(2);
    for (const c of cookies) expect(c).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  });

  test("over plain http without a trusted proxy are not Secure (a browser would drop them)", async () => {
    for (const c of sessionCookies(await signInWithCookies(main))) expect(c.secure).toBeFalsy();
  });

  test("X-Forwarded-Proto https from an address that is not the trusted proxy does not change them", async () => {
    const res = await signInWithCookies(main, { "x-forwarded-proto": "https" }, STRANGER);
    for (const c of sessionCookies(res)) expect(c.secure).toBeFalsy();
  });

  test("behind a trusted TLS proxy (TRUST_PROXY, X-Forwarded-Proto https) they are Secure", async () => {
    const res = await signInWithCookies(main, { "x-forwarded-proto": "https" });
    const cookies = sessionCookies(res);
    expect(cookies).toHaveLength(2);
    for (const c of cookies) expect(c.secure).toBe(true);
  });

  test("when PUBLIC_URL is https they are always Secure", async () => {
    const cookies = sessionCookies(await signInWithCookies(httpsPublic));
    expect(cookies).toHaveLength(2);
    for (const c of cookies) expect(c.secure).toBe(true);
  });

  test("a session refresh over a trusted TLS proxy sets Secure cookies too", async () => {
    const signIn = await signInWithCookies(main, { "x-forwarded-proto": "https" });
    const refresh = signIn.cookies.find((c) => c.name === "sRefreshToken");
    const res = await main.app.inject({
      method: "POST",
      url: "/api/auth/session/refresh",
      headers: { "st-auth-mode": "cookie", rid: "session", "x-forwarded-proto": "https" },
      cookies: { sRefreshToken: refresh?.value as string },
    });
    expect(res.statusCode).toBe(200);
    for (const c of sessionCookies(res)) expect(c.secure).toBe(true);
  });
});

describe("configuration from the environment", () => {
  test("CORS_ORIGINS is a comma-separated list; unset means none", () => {
    expect(readConfig({}).corsOrigins).toEqual([]);
    expect(readConfig({ CORS_ORIGINS: "https://a.example, https://b.example/" }).corsOrigins).toEqual([
      "https://a.example",
      "https://b.example",
    ]);
  });

  test("TRUST_PROXY is off unless set", () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(readConfig({ TRUST_PROXY: "10.0.0.0/8" }).trustProxy).toBe("10.0.0.0/8");
  });

  test("server processes default to one per CPU, one fewer when PostgreSQL shares the machine", () => {
    expect(defaultServerProcesses("postgres://app@db.internal:5432/coldchain", 4)).toBe(4);
    for (const local of [
      "postgres://app@127.0.0.1:5432/coldchain",
      "postgres://app@localhost/coldchain",
      "postgres://app@[::1]/coldchain",
      "postgresql:///coldchain?host=/var/run/postgresql",
    ]) {
      expect(defaultServerProcesses(local, 4), local).toBe(3);
    }
    expect(defaultServerProcesses("postgres://app@127.0.0.1/coldchain", 2)).toBe(1);
    expect(defaultServerProcesses("postgres://app@localhost/coldchain", 1)).toBe(1);
  });

  test("without DATABASE_URL there is one server process, and SERVER_PROCESSES overrides the default", () => {
    expect(readConfig({}).serverProcesses).toBe(1);
    expect(
      readConfig({ DATABASE_URL: "postgres://app@127.0.0.1/coldchain", SERVER_PROCESSES: "3" }).serverProcesses,
    ).toBe(3);
  });
});

describe("CORS", () => {
  let headers: Record<string, string>;
  beforeAll(async () => {
    headers = await main.headersFor(world.users["a:administrator"] as string, world.companies.a);
  });
  const preflight = (origin: string) =>
    main.app.inject({
      method: "OPTIONS",
      url: "/api/label-reports",
      headers: { origin, "access-control-request-method": "GET", "access-control-request-headers": "jwt, api-key" },
    });

  test("a preflight from an unknown origin gets no Access-Control-Allow-Origin", async () => {
    const res = await preflight("https://evil.example");
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
    expect(res.headers["access-control-allow-headers"]).toBeUndefined();
  });

  test("a request from an unknown origin is answered without Access-Control-Allow-Origin", async () => {
    const res = await main.app.inject({
      method: "GET",
      url: "/api/label-reports",
      headers: { ...headers, origin: "https://evil.example" },
    });
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
  });

  test("a preflight from a configured origin is granted for that origin only, with credentials", async () => {
    const res = await preflight(FRIEND);
    expect(res.statusCode).toBe(204);
    expect(res.headers["access-control-allow-origin"]).toBe(FRIEND);
    expect(res.headers["access-control-allow-credentials"]).toBe("true");
    expect(res.headers["access-control-allow-headers"]).toContain("jwt");
    expect(res.headers.vary).toContain("Origin");
  });

  test("a request from a configured origin may read the answer and the session headers", async () => {
    const res = await main.app.inject({
      method: "GET",
      url: "/api/label-reports",
      headers: { ...headers, origin: FRIEND },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBe(FRIEND);
    expect(res.headers["access-control-expose-headers"]).toContain("front-token");
  });

  test("a look-alike origin (prefix, other scheme, other port) is not granted", async () => {
    for (const origin of [`${FRIEND}.evil.example`, "http://partner.example", `${FRIEND}:8443`, "null"]) {
      expect((await preflight(origin)).headers["access-control-allow-origin"], origin).toBeUndefined();
    }
  });

  test("without CORS_ORIGINS no origin is granted", async () => {
    const res = await httpsPublic.app.inject({
      method: "OPTIONS",
      url: "/api/label-reports",
      headers: { origin: FRIEND, "access-control-request-method": "GET" },
    });
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("security headers", () => {
  for (const url of ["/api/health", "/api/label-reports", "/no-such-page"]) {
    test(`${url} forbids framing, sniffing and inline scripts, and names no framework`, async () => {
      const res = await main.app.inject({ method: "GET", url });
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-powered-by"]).toBeUndefined();
      expect(res.headers.server).toBeUndefined();
    });
  }
});

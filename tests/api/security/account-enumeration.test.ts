import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { randomToken, sha256Hex } from "../../../server/auth/hash";
import { createThrottles } from "../../../server/auth/throttle";
import { createTestApp, type TestApp } from "../support/app";
import { buildWorld, type World } from "../support/world";

/**
 * Item 8 of the security issue: the exists look-ups and sign-up say whether an account
 * exists (the protocol needs that), so scraping them must be slow: few per address, and
 * every answer takes at least the same floor, known account or not.
 */

const FLOOR_MS = 250;
const LOOKUPS = 5;
let t: TestApp;
let world: World;

beforeAll(async () => {
  t = await createTestApp({ lookupFloorMs: FLOOR_MS, throttles: createThrottles({ lookups: LOOKUPS }) });
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  await t.database.db
    .updateTable("users")
    .set({ passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA" })
    .execute();
});
afterAll(async () => t?.close());

const lookUp = (url: string, address: string) =>
  t.app.inject({ method: "GET", url, remoteAddress: address, headers: { rid: "emailpassword" } });

async function timed(send: () => Promise<{ statusCode: number }>) {
  const started = performance.now();
  const res = await send();
  expect(res.statusCode).toBe(200);
  return performance.now() - started;
}

async function invite(email: string) {
  const token = randomToken();
  await t.database.db
    .insertInto("invites")
    .values({
      companyId: world.companies.a,
      email,
      types: ["user"],
      tokenHash: sha256Hex(token),
      expires: new Date(Date.now() + 86_400_000),
    })
    .execute();
  return token;
}

const signUp = (email: string, token: string, address: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/signup",
    remoteAddress: address,
    headers: { "st-auth-mode": "header", rid: "emailpassword", "invite-token": token },
    payload: {
      formFields: [
        { id: "email", value: email },
        { id: "password", value: "Brand-new-pass-42" },
      ],
    },
  });

describe("account enumeration", () => {
  test("e-mail exists lookups are rate-limited per address", async () => {
    const urls = [
      "/api/auth/emailpassword/email/exists?email=a-user@test.example",
      "/api/auth/passwordless/email/exists?email=nobody@test.example",
      "/api/auth/passwordless/phonenumber/exists?phoneNumber=%2B31600000000",
    ];
    const statuses: number[] = [];
    for (let i = 0; i <= LOOKUPS; i++) statuses.push((await lookUp(urls[i % 3] as string, "198.51.100.1")).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await lookUp(urls[0] as string, "198.51.100.1");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Someone else's look-ups are not affected.
    expect((await lookUp(urls[0] as string, "198.51.100.2")).json()).toEqual({ status: "OK", exists: true });
  });

  test("exists answers take the same time for known and unknown addresses", async () => {
    const known = await timed(() =>
      lookUp("/api/auth/emailpassword/email/exists?email=a-user@test.example", "198.51.100.3"),
    );
    const unknown = await timed(() =>
      lookUp("/api/auth/emailpassword/email/exists?email=nobody@test.example", "198.51.100.3"),
    );
    const knownCode = await timed(() =>
      lookUp("/api/auth/passwordless/email/exists?email=a-user@test.example", "198.51.100.3"),
    );
    const unknownCode = await timed(() =>
      lookUp("/api/auth/passwordless/email/exists?email=nobody@test.example", "198.51.100.3"),
    );
    // The floor hides the difference; an upper bound would only measure the machine's load.
    for (const ms of [known, unknown, knownCode, unknownCode]) expect(ms).toBeGreaterThanOrEqual(FLOOR_MS);
  });

  test("sign-up with an existing e-mail keeps the protocol's answer but takes the common floor", async () => {
    const existing = "a-user@test.example";
    const token = await invite(existing);
    let answer: { status?: string } = {};
    const ms = await timed(async () => {
      const res = await signUp(existing, token, "198.51.100.4");
      answer = res.json();
      return res;
    });
    expect(answer.status).toBe("FIELD_ERROR");
    expect(ms).toBeGreaterThanOrEqual(FLOOR_MS);
  });

  test("sign-up attempts are rate-limited per address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LOOKUPS; i++)
      statuses.push((await signUp(`x${i}@test.example`, "no-such-invite", "198.51.100.5")).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  test("password reset requests take as long for unknown e-mails as for known ones", async () => {
    const request = (email: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/user/password/reset/token",
        remoteAddress: "198.51.100.6",
        headers: { rid: "emailpassword" },
        payload: { formFields: [{ id: "email", value: email }] },
      });
    expect(await timed(() => request("nobody@test.example"))).toBeGreaterThanOrEqual(FLOOR_MS);
    expect(await timed(() => request("a-user@test.example"))).toBeGreaterThanOrEqual(FLOOR_MS);
  });

  test("code requests for addresses without an account are rate-limited per address", async () => {
    const requestCode = (email: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/signinup/code",
        remoteAddress: "198.51.100.8",
        headers: { rid: "passwordless" },
        payload: { email },
      });
    for (let i = 0; i < LOOKUPS; i++)
      expect((await requestCode(`nobody-${i}@test.example`)).json().status).toBe("SIGN_IN_UP_NOT_ALLOWED");
    const refused = await requestCode("nobody-else@test.example");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });
});

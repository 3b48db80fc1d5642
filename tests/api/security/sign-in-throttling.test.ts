import { hash } from "@node-rs/argon2";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createThrottles } from "../../../server/auth/throttle";
import { createTestApp, type TestApp } from "../support/app";
import { buildWorld } from "../support/world";

/**
 * Item 9 of the security issue: a stranger must not be able to lock someone out by
 * typing wrong passwords, and one address must not guess freely. The throttles run on
 * a clock the tests move, with a low per-account ceiling so a "crowd" is 20 addresses.
 */

const PASSWORD = "Correct-horse-42";
const ACCOUNT_CEILING = 20;
const PER_ADDRESS = 30;
let now = Date.now();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    lookupFloorMs: 0,
    throttles: createThrottles({ now: () => now, accountFailures: ACCOUNT_CEILING, perAddress: PER_ADDRESS }),
  });
  await buildWorld(t.database.db, { reportsPerCompany: 1 });
  await t.database.db
    .updateTable("users")
    .set({ passwordHash: await hash(PASSWORD) })
    .execute();
});
afterAll(async () => t?.close());

const later = (ms: number) => {
  now += ms;
};

interface From {
  address: string;
  cookie?: string;
}

function signIn(email: string, password: string, from: From) {
  return t.app.inject({
    method: "POST",
    url: "/api/auth/signin",
    remoteAddress: from.address,
    headers: { "st-auth-mode": "cookie", rid: "emailpassword", ...(from.cookie ? { cookie: from.cookie } : {}) },
    payload: {
      formFields: [
        { id: "email", value: email },
        { id: "password", value: password },
      ],
    },
  });
}

/** Signs in with the right password and answers the browser's known-device cookie. */
async function knownDevice(email: string, address: string): Promise<string> {
  const res = await signIn(email, PASSWORD, { address });
  expect(res.json().status).toBe("OK");
  const marker = res.cookies.find((c) => c.name === "sKnownDevice");
  expect(marker).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/auth" });
  return `sKnownDevice=${marker?.value}`;
}

/** Wrong passwords from 25 addresses: more than the per-account ceiling together. */
async function crowdAttacks(email: string, firstOctet: number) {
  for (let i = 1; i <= ACCOUNT_CEILING + 5; i++)
    await signIn(email, `Wrong-${i}-pass`, { address: `${firstOctet}.0.0.${i}` });
}

async function requestCode(email: string, address: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/auth/signinup/code",
    remoteAddress: address,
    headers: { "st-auth-mode": "cookie", rid: "passwordless" },
    payload: { email },
  });
}

describe("sign-in throttling", () => {
  test("a stranger's wrong passwords do not lock the owner out of their known device", async () => {
    const email = "a-user@test.example";
    const office = "192.0.2.10";
    const cookie = await knownDevice(email, office);
    // A stranger behind the same office address, and a crowd elsewhere.
    for (let i = 0; i < 8; i++) await signIn(email, `Wrong-${i}-pass`, { address: office });
    await crowdAttacks(email, 10);
    expect((await signIn(email, PASSWORD, { address: "203.0.113.99" })).statusCode).toBe(429);

    const owner = await signIn(email, PASSWORD, { address: office, cookie });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().status).toBe("OK");
  });

  test("a stranger's wrong passwords and code requests do not stop the owner signing in by e-mail code", async () => {
    const email = "a-handler@test.example";
    await crowdAttacks(email, 11);
    for (let i = 1; i <= 6; i++) expect((await requestCode(email, `12.0.0.${i}`)).json().status).toBe("OK");

    const created = await requestCode(email, "198.51.100.7");
    expect(created.statusCode).toBe(200);
    const { deviceId, preAuthSessionId } = created.json();
    const mail = await t.database.db
      .selectFrom("outbox")
      .select("text")
      .where("recipient", "=", email)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const code = /sign-in code is (\d{6})/.exec(mail.text)?.[1];
    const consumed = await t.app.inject({
      method: "POST",
      url: "/api/auth/signinup/code/consume",
      remoteAddress: "198.51.100.7",
      headers: { "st-auth-mode": "cookie", rid: "passwordless" },
      payload: { userInputCode: code, deviceId, preAuthSessionId },
    });
    expect(consumed.json().status).toBe("OK");
  });

  test("failures from one address back off exponentially", async () => {
    const email = "a-administrator@test.example";
    const from = { address: "198.51.100.20" };
    for (let i = 0; i < 5; i++)
      expect((await signIn(email, `Wrong-${i}-pass`, from)).json().status).toBe("WRONG_CREDENTIALS_ERROR");
    const waits: string[] = [];
    for (const step of [1, 2, 4, 8]) {
      const refused = await signIn(email, PASSWORD, from); // even the right password waits
      expect(refused.statusCode).toBe(429);
      waits.push(String(refused.headers["retry-after"]));
      later(step * 1000);
      expect((await signIn(email, "Wrong-again-1", from)).json().status).toBe("WRONG_CREDENTIALS_ERROR");
    }
    expect(waits).toEqual(["1", "2", "4", "8"]);
  });

  test("the wait of one address never grows past 15 minutes", async () => {
    const email = "b-user@test.example";
    const from = { address: "198.51.100.21" };
    for (let i = 0; i < 20; i++) {
      await signIn(email, `Wrong-${i}-pass`, from);
      later(15 * 60_000);
    }
    await signIn(email, "Wrong-last-pass", from);
    expect((await signIn(email, PASSWORD, from)).headers["retry-after"]).toBe("900");
    later(15 * 60_000);
    expect((await signIn(email, PASSWORD, from)).json().status).toBe("OK");
  });

  test("one address's failures do not lock the account for other addresses", async () => {
    const email = "b-handler@test.example";
    for (let i = 0; i < 8; i++) await signIn(email, `Wrong-${i}-pass`, { address: "198.51.100.30" });
    expect((await signIn(email, PASSWORD, { address: "198.51.100.30" })).statusCode).toBe(429);
    expect((await signIn(email, PASSWORD, { address: "198.51.100.31" })).json().status).toBe("OK");
  });

  test("one address trying many accounts hits the per-address limit", async () => {
    const from = { address: "198.51.100.40" };
    for (let i = 0; i < PER_ADDRESS; i++)
      expect((await signIn(`nobody-${i}@test.example`, PASSWORD, from)).statusCode).toBe(200);
    const refused = await signIn("b-administrator@test.example", PASSWORD, from);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });

  test("addresses of one IPv6 /64 share their failures", async () => {
    const email = "sub-user@test.example";
    for (let i = 1; i <= 5; i++) await signIn(email, `Wrong-${i}-pass`, { address: `2001:db8:1:2::${i}` });
    expect((await signIn(email, PASSWORD, { address: "2001:db8:1:2:ffff::9" })).statusCode).toBe(429);
  });

  test("a known-device cookie only spares the account it was issued for", async () => {
    const attacker = "b-user@test.example";
    const victim = "sub-handler@test.example";
    later(24 * 3600_000);
    const cookie = await knownDevice(attacker, "198.51.100.50");
    for (let i = 0; i < 5; i++) await signIn(victim, `Wrong-${i}-pass`, { address: "198.51.100.50", cookie });
    expect((await signIn(victim, PASSWORD, { address: "198.51.100.50", cookie })).statusCode).toBe(429);
  });

  test("a forged known-device cookie is ignored", async () => {
    const email = "sub-administrator@test.example";
    const from = { address: "198.51.100.60", cookie: "sKnownDevice=eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0." };
    for (let i = 0; i < 5; i++) await signIn(email, `Wrong-${i}-pass`, from);
    expect((await signIn(email, PASSWORD, from)).statusCode).toBe(429);
  });

  test("a stranger's reset requests do not use up the owner's", async () => {
    const email = "operator-user@test.example";
    const resetLink = (address: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/user/password/reset/token",
        remoteAddress: address,
        headers: { rid: "emailpassword" },
        payload: { formFields: [{ id: "email", value: email }] },
      });
    for (let i = 0; i < 6; i++) await resetLink("198.51.100.70");
    expect((await resetLink("198.51.100.70")).statusCode).toBe(429);
    const owner = await resetLink("198.51.100.71");
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toEqual({ status: "OK" });
  });
});

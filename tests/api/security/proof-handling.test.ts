import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createThrottles } from "../../../server/auth/throttle";
import { createTestApp, type TestApp } from "../support/app";
import { ProtocolClient } from "../support/protocol";
import { buildWorld, setEveryPassword, type World } from "../support/world";

/**
 * The fresh proof (current password) asked before a signature, a password change or a
 * phone change: right passwords are not failed sign-ins, wrong ones are, no right one
 * clears the count, and a phone change neither sends texts without bound nor tells
 * whose number is whose.
 */

const PASSWORD = "Proof-pass-1";
const WRONG = "Not-the-pass-1";
const PER_ADDRESS = 8;
let now = Date.now();
let t: TestApp;
let world: World;

beforeAll(async () => {
  t = await createTestApp({
    lookupFloorMs: 0,
    throttles: createThrottles({ now: () => now, perAddress: PER_ADDRESS }),
  });
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  await setEveryPassword(t.database.db, PASSWORD);
});
afterAll(async () => t?.close());
// Each test starts with fresh windows (every limit here counts per 15 minutes).
beforeEach(() => {
  now += 16 * 60_000;
});

const email = (key: string) => `${key.replace(":", "-")}@test.example`;

async function signedIn(key: string) {
  const client = new ProtocolClient(t.app);
  expect((await client.signIn(email(key), PASSWORD)).json().status).toBe("OK");
  expect((await client.companyToken(world.companies.a)).statusCode).toBe(200);
  return client;
}

const post = (url: string, headers: Record<string, string>, payload: object, remoteAddress = "127.0.0.1") =>
  t.app.inject({ method: "POST", url, headers, payload, remoteAddress });

const sign = (client: ProtocolClient, password: string, remoteAddress?: string) =>
  post(
    `/api/label-reports/${world.reports.a[0]}/disposition`,
    client.sessionHeaders,
    { disposition: "released", comment: "Checked", password },
    remoteAddress,
  );

const signInOf = (key: string) => new ProtocolClient(t.app).signIn(email(key), PASSWORD);

const textsTo = async (phone: string) =>
  (await t.database.db.selectFrom("outbox").select("id").where("recipient", "=", phone).execute()).length;

describe("passwords given as proof", () => {
  test("right passwords given as proof are not failed sign-ins: many signatures, and the office still signs in", async () => {
    const admin = await signedIn("a:administrator");
    for (let i = 0; i < PER_ADDRESS + 5; i++)
      expect((await sign(admin, PASSWORD)).statusCode, `signature ${i}`).toBe(201);
    expect((await signInOf("a:user")).json().status).toBe("OK");
  });

  test("wrong passwords given as proof are failed sign-ins from that address", async () => {
    const admin = await signedIn("a:administrator");
    for (let i = 0; i < PER_ADDRESS; i++) expect((await sign(admin, WRONG)).statusCode).toBe(400);
    expect((await signInOf("a:user")).statusCode).toBe(429);
  });

  test("a right password does not wipe the wrong ones before it: the account's proof limit still ends the guessing", async () => {
    const admin = await signedIn("a:administrator");
    // From ever new addresses, so only the account's own limit (10 in 15 minutes) is met.
    const from = (i: number) => `10.77.0.${i + 1}`;
    for (let i = 0; i < 9; i++) expect((await sign(admin, WRONG, from(i))).statusCode).toBe(400);
    expect((await sign(admin, PASSWORD, from(9))).statusCode).toBe(201);
    expect((await sign(admin, WRONG, from(10))).statusCode).toBe(400);
    // Ten wrong in the window: the next try is refused, right or not.
    expect((await sign(admin, PASSWORD, from(11))).statusCode).toBe(429);
  });
});

describe("phone changes", () => {
  test("texts for phone changes are limited per account: a right password each time and a new number each time give no more", async () => {
    const user = await signedIn("a:handler");
    const numbers = Array.from({ length: 6 }, (_, i) => `+491555009${String(i).padStart(4, "0")}`);
    for (const phone of numbers.slice(0, 5)) {
      expect((await post("/api/me/phone", user.sessionHeaders, { phone, password: PASSWORD })).statusCode).toBe(200);
    }
    const sixth = await post("/api/me/phone", user.sessionHeaders, { phone: numbers[5], password: PASSWORD });
    expect(sixth.statusCode).toBe(429);
    expect(await textsTo(numbers[5] as string)).toBe(0);
  });

  test("another account's number gets the answer a free number gets, and no text is sent to it", async () => {
    const taken = "+4915550077000";
    const free = "+4915550077001";
    await t.database.db
      .updateTable("users")
      .set({ phone: taken })
      .where("id", "=", world.users["b:administrator"] as string)
      .execute();
    const user = await signedIn("a:subHandler");
    const toTaken = await post("/api/me/phone", user.sessionHeaders, { phone: taken, password: PASSWORD });
    const toFree = await post("/api/me/phone", user.sessionHeaders, { phone: free, password: PASSWORD });
    expect(toTaken.statusCode).toBe(toFree.statusCode);
    expect(toTaken.json()).toEqual({ status: "CODE_SENT", phone: taken });
    expect(toFree.json()).toEqual({ status: "CODE_SENT", phone: free });
    expect(await textsTo(taken)).toBe(0);
    expect(await textsTo(free)).toBe(1);
  });

  test("confirming a change to another account's number answers as any wrong code does", async () => {
    const taken = "+4915550078000";
    await t.database.db
      .updateTable("users")
      .set({ phone: taken })
      .where("id", "=", world.users["b:handler"] as string)
      .execute();
    const user = await signedIn("a:trimmer");
    expect((await post("/api/me/phone", user.sessionHeaders, { phone: taken, password: PASSWORD })).statusCode).toBe(
      200,
    );
    const res = await post("/api/me/phone/confirm", user.sessionHeaders, { code: "000000" });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "code", error: "The code is wrong" }]);
  });
});

import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { newApiKey } from "../../../server/auth/api-keys";
import { createTestApp, type TestApp } from "../support/app";
import { ProtocolClient } from "../support/protocol";
import { buildWorld, MEMBER_ROLES, setEveryPassword, type World } from "../support/world";

/** A role token (or an impersonation token, or an API key) adds no sign-in method. */

let t: TestApp;
let world: World;
const PASSWORD = "Original-pass-1";

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  await setEveryPassword(t.database.db, PASSWORD);
});
afterAll(async () => t?.close());

const email = (key: string) => `${key.replace(":", "-")}@test.example`;
const userId = (key: string) => world.users[key] as string;

async function signedIn(key: string, company: keyof World["companies"] = "a") {
  const client = new ProtocolClient(t.app);
  expect((await client.signIn(email(key), PASSWORD)).json().status).toBe("OK");
  expect((await client.companyToken(world.companies[company])).statusCode).toBe(200);
  return client;
}

const post = (url: string, headers: Record<string, string> | undefined, payload: object = {}) =>
  t.app.inject({ method: "POST", url, headers: headers ?? {}, payload });

const phoneOf = async (key: string) =>
  (await t.database.db.selectFrom("users").select("phone").where("id", "=", userId(key)).executeTakeFirstOrThrow())
    .phone;

/** The newest message to an address or number (text messages go to the outbox without an SMS gateway). */
async function lastMessageTo(recipient: string) {
  return t.database.db
    .selectFrom("outbox")
    .select(["subject", "text"])
    .where((eb) => eb(eb.fn("lower", ["recipient"]), "=", recipient.toLowerCase()))
    .orderBy("id", "desc")
    .executeTakeFirst();
}
const codeIn = (text: string | undefined) => /\b(\d{6})\b/.exec(text ?? "")?.[1] ?? "";

async function canSignInByText(phone: string) {
  const res = await post("/api/auth/signinup/code", { rid: "passwordless" }, { phoneNumber: phone });
  return res.json().status === "OK";
}

describe("a role token alone changes no sign-in method", () => {
  test("PATCH /api/me with a phone is a 400 on phone and leaves the phone as it was", async () => {
    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: await t.headersFor(userId("a:subHandler"), world.companies.a),
      payload: { phone: "+4915550001111" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields.map((f: { id: string }) => f.id)).toEqual(["phone"]);
    expect(await phoneOf("a:subHandler")).toBeNull();
    expect(await canSignInByText("+4915550001111")).toBe(false);
  });

  test("a leaked role token of any role, with the right password, cannot start a phone change (440: no session)", async () => {
    for (const role of MEMBER_ROLES) {
      const headers = await t.headersFor(userId(`a:${role}`), world.companies.a);
      const res = await post("/api/me/phone", headers, { phone: "+4915550002222", password: PASSWORD });
      expect(res.statusCode, role).toBe(440);
    }
    expect(await lastMessageTo("+4915550002222")).toBeUndefined();
  });

  test("a role token alone cannot confirm a pending phone change", async () => {
    const client = await signedIn("b:handler", "b");
    await post("/api/me/phone", client.sessionHeaders, { phone: "+4915550003333", password: PASSWORD });
    const code = codeIn((await lastMessageTo("+4915550003333"))?.text);
    const res = await post("/api/me/phone/confirm", client.roleHeaders, { code });
    expect(res.statusCode).toBe(440);
    expect(await phoneOf("b:handler")).toBeNull();
  });

  test("an impersonation token cannot change the victim's phone, even beside the operator's session", async () => {
    const operator = await signedIn("operator:systemAdmin", "operator");
    const started = await post("/api/auth/impersonate", operator.roleHeaders, {
      userId: userId("a:user"),
      companyId: world.companies.a,
    });
    expect(started.statusCode).toBe(200);
    const { roleToken } = started.json();
    const headers = {
      "api-key": roleToken.secret,
      jwt: roleToken.jwtToken,
      authorization: `Bearer ${operator.accessToken}`,
    };
    const res = await post("/api/me/phone", headers, { phone: "+4915550004444", password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect((await post("/api/me/phone/email-code", headers)).statusCode).toBe(403);
    expect(await phoneOf("a:user")).toBeNull();
  });

  test("an API key cannot change a phone (403)", async () => {
    const { key, prefix, keyHash } = newApiKey();
    await t.database.db
      .insertInto("apiKeys")
      .values({
        companyId: world.companies.a,
        createdBy: userId("a:administrator"),
        name: "integration",
        prefix,
        keyHash,
      })
      .execute();
    const res = await post("/api/me/phone", { "api-key": key }, { phone: "+4915550005555", password: PASSWORD });
    expect(res.statusCode).toBe(403);
  });

  test("without any credentials the phone routes are 401", async () => {
    expect((await post("/api/me/phone", undefined, { phone: "+4915550006666" })).statusCode).toBe(401);
    expect((await post("/api/me/phone/confirm", undefined, { code: "123456" })).statusCode).toBe(401);
    expect((await post("/api/me/phone/email-code", undefined)).statusCode).toBe(401);
  });

  test("a role token of one session paired with another session of the same person is refused (403)", async () => {
    const first = await signedIn("a:handler");
    const second = await signedIn("a:handler");
    const headers = { ...(first.roleHeaders as Record<string, string>), authorization: `Bearer ${second.accessToken}` };
    const res = await post("/api/me/phone", headers, { phone: "+4915550007777", password: PASSWORD });
    expect(res.statusCode).toBe(403);
  });

  test("a password change with a role token alone is refused (440), the password stays", async () => {
    const headers = await t.headersFor(userId("b:user"), world.companies.b);
    const res = await post("/api/me/password", headers, { currentPassword: PASSWORD, newPassword: "Stolen-pass-9" });
    expect(res.statusCode).toBe(440);
    expect((await new ProtocolClient(t.app).signIn(email("b:user"), PASSWORD)).json().status).toBe("OK");
  });
});

describe("changing the phone with the sign-in session and a fresh proof", () => {
  test("a wrong current password is a 400 on password and sends no code", async () => {
    const client = await signedIn("a:distributorAdmin");
    const res = await post("/api/me/phone", client.sessionHeaders, { phone: "+4915550010000", password: "Not-it-1" });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "password", error: "The current password is wrong" }]);
    expect(await lastMessageTo("+4915550010000")).toBeUndefined();
  });

  test("no proof at all is a 400 on password", async () => {
    const client = await signedIn("a:distributorAdmin");
    const res = await post("/api/me/phone", client.sessionHeaders, { phone: "+4915550010001" });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields[0].id).toBe("password");
  });

  test("an invalid number is a 400 on phone", async () => {
    const client = await signedIn("a:distributorAdmin");
    const res = await post("/api/me/phone", client.sessionHeaders, { phone: "069 5550", password: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields[0].id).toBe("phone");
  });

  test("the new phone is a sign-in method only after the code sent to it is entered; the account's address is told", async () => {
    const client = await signedIn("sub:user", "sub");
    const phone = "+49 155 5001 2000";
    const started = await post("/api/me/phone", client.sessionHeaders, { phone, password: PASSWORD });
    expect(started.json()).toEqual({ status: "CODE_SENT", phone: "+4915550012000" });
    expect(await phoneOf("sub:user")).toBeNull();
    expect(await canSignInByText("+4915550012000")).toBe(false);
    const code = codeIn((await lastMessageTo("+4915550012000"))?.text);
    const done = await post("/api/me/phone/confirm", client.sessionHeaders, { code });
    expect(done.statusCode).toBe(200);
    expect(done.json().phone).toBe("+4915550012000");
    expect(await canSignInByText("+4915550012000")).toBe(true);
    const notice = await lastMessageTo(email("sub:user"));
    expect(notice?.subject).toBe("Your ColdChain phone number was changed");
    expect(notice?.text).toContain("Not you?");
    const audit = await t.database.db
      .selectFrom("auditLog")
      .select("after")
      .where("action", "=", "phone-change")
      .where("entityId", "=", userId("sub:user"))
      .executeTakeFirst();
    expect(audit?.after).toEqual({ phone: "+4915550012000" });
  });

  test("five wrong codes end the pending change: the right code no longer works", async () => {
    const client = await signedIn("sub:handler", "sub");
    await post("/api/me/phone", client.sessionHeaders, { phone: "+4915550013000", password: PASSWORD });
    const code = codeIn((await lastMessageTo("+4915550013000"))?.text);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const res = await post("/api/me/phone/confirm", client.sessionHeaders, { code: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().formFields[0].id).toBe("code");
    }
    expect((await post("/api/me/phone/confirm", client.sessionHeaders, { code })).statusCode).toBe(400);
    expect(await phoneOf("sub:handler")).toBeNull();
  });

  test("an account without a password proves itself with a code e-mailed to its own address", async () => {
    await t.database.db
      .updateTable("users")
      .set({ passwordHash: null })
      .where("id", "=", userId("sub:subHandler"))
      .execute();
    // Signed in by an e-mailed sign-in code, as such an account does.
    const client = new ProtocolClient(t.app);
    const sent = await post("/api/auth/signinup/code", { rid: "passwordless" }, { email: email("sub:subHandler") });
    const { deviceId, preAuthSessionId } = sent.json();
    const signInCode = codeIn((await lastMessageTo(email("sub:subHandler")))?.text);
    const consumed = await client.call("POST", "/api/auth/signinup/code/consume", {
      deviceId,
      preAuthSessionId,
      userInputCode: signInCode,
    });
    expect(consumed.json().status).toBe("OK");
    expect((await client.companyToken(world.companies.sub)).statusCode).toBe(200);

    expect((await post("/api/me/phone/email-code", client.sessionHeaders)).statusCode).toBe(200);
    const proof = codeIn((await lastMessageTo(email("sub:subHandler")))?.text);
    const wrongProof = await post("/api/me/phone", client.sessionHeaders, {
      phone: "+4915550014000",
      emailCode: proof === "000000" ? "111111" : "000000",
    });
    expect(wrongProof.statusCode).toBe(400);
    expect(wrongProof.json().formFields[0].id).toBe("emailCode");
    const started = await post("/api/me/phone", client.sessionHeaders, { phone: "+4915550014000", emailCode: proof });
    expect(started.statusCode).toBe(200);
    // The proof is spent: it does not start a second change.
    const again = await post("/api/me/phone", client.sessionHeaders, { phone: "+4915550014001", emailCode: proof });
    expect(again.statusCode).toBe(400);
  });

  test("another account's number never becomes this account's: no code reaches it, the number stays where it was", async () => {
    await t.database.db
      .updateTable("users")
      .set({ phone: "+4915550015000" })
      .where("id", "=", userId("b:administrator"))
      .execute();
    const client = await signedIn("b:subHandler", "b");
    const res = await post("/api/me/phone", client.sessionHeaders, { phone: "+4915550015000", password: PASSWORD });
    // The answer a free number gets (tests/api/security/proof-handling.test.ts): it tells nobody whose number it is.
    expect(res.json()).toEqual({ status: "CODE_SENT", phone: "+4915550015000" });
    expect(await lastMessageTo("+4915550015000")).toBeUndefined();
    expect(await phoneOf("b:subHandler")).toBeNull();
  });

  test("a leaked role token paired with the attacker's own session cannot confirm the victim's phone change", async () => {
    const victim = await signedIn("b:distributorAdmin", "b");
    await post("/api/me/phone", victim.sessionHeaders, { phone: "+4915550016000", password: PASSWORD });
    const code = codeIn((await lastMessageTo("+4915550016000"))?.text);
    const stranger = await signedIn("a:trimmer");
    const headers = {
      ...(victim.roleHeaders as Record<string, string>),
      authorization: `Bearer ${stranger.accessToken}`,
    };
    expect((await post("/api/me/phone/confirm", headers, { code })).statusCode).toBe(403);
    expect(await phoneOf("b:distributorAdmin")).toBeNull();
  });
});

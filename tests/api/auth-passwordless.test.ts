import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { randomToken, sha256Hex } from "../../server/auth/hash";
import { createTestApp, type TestApp } from "./support/app";
import { ProtocolClient } from "./support/protocol";
import { buildWorld, type World } from "./support/world";

let t: TestApp;
let world: World;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  await t.database.db
    .updateTable("users")
    .set({ phone: "+31612345678" })
    .where("email", "=", "a-user@test.example")
    .execute();
});
afterAll(async () => t?.close());

async function lastMessage(to: string) {
  const mail = await t.database.db
    .selectFrom("outbox")
    .selectAll()
    .where("recipient", "=", to)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const code = /sign-in code is (\d{6})/.exec(mail.text)?.[1] as string;
  const link = new URL(/(http:\/\/\S+)/.exec(mail.text)?.[1] as string);
  return {
    code,
    link,
    linkCode: link.hash.slice(1),
    preAuthSessionId: link.searchParams.get("preAuthSessionId") as string,
  };
}

async function createCode(body: object, headers: Record<string, string> = {}) {
  const res = await new ProtocolClient(t.app).call("POST", "/api/auth/signinup/code", body, {
    rid: "passwordless",
    ...headers,
  });
  return res.json();
}

const consume = (body: object) =>
  new ProtocolClient(t.app).call("POST", "/api/auth/signinup/code/consume", body, { rid: "passwordless" });

describe("passwordless codes", () => {
  test("creating a code answers the device and flow, and mails a 6-digit code with a magic link", async () => {
    const body = await createCode({ email: "a-handler@test.example" });
    expect(body).toEqual({
      status: "OK",
      deviceId: expect.any(String),
      preAuthSessionId: expect.any(String),
      flowType: "USER_INPUT_CODE_AND_MAGIC_LINK",
    });
    const message = await lastMessage("a-handler@test.example");
    expect(message.code).toMatch(/^\d{6}$/);
    expect(message.link.pathname).toBe("/signin/verify");
    expect(message.preAuthSessionId).toBe(body.preAuthSessionId);
  });

  test("the right code signs in and answers the user and roles", async () => {
    const { deviceId, preAuthSessionId } = await createCode({ email: "a-handler@test.example" });
    const { code } = await lastMessage("a-handler@test.example");
    const res = await consume({ userInputCode: code, deviceId, preAuthSessionId });
    expect(res.json()).toMatchObject({
      status: "OK",
      createdNewRecipeUser: false,
      roles: [expect.objectContaining({ type: ["handler"] })],
    });
    expect(res.headers["front-token"]).toBeTruthy();
  });

  test("a code works once", async () => {
    const { deviceId, preAuthSessionId } = await createCode({ email: "a-handler@test.example" });
    const { code } = await lastMessage("a-handler@test.example");
    expect((await consume({ userInputCode: code, deviceId, preAuthSessionId })).json().status).toBe("OK");
    expect((await consume({ userInputCode: code, deviceId, preAuthSessionId })).json().status).toBe(
      "RESTART_FLOW_ERROR",
    );
  });

  test("the magic link signs in", async () => {
    await createCode({ email: "a-subhandler@test.example" });
    const { linkCode, preAuthSessionId } = await lastMessage("a-subhandler@test.example");
    expect((await consume({ linkCode, preAuthSessionId })).json().status).toBe("OK");
  });

  test("a magic link with a tampered preAuthSessionId is RESTART_FLOW_ERROR", async () => {
    await createCode({ email: "a-subhandler@test.example" });
    const { linkCode } = await lastMessage("a-subhandler@test.example");
    expect((await consume({ linkCode, preAuthSessionId: "x".repeat(43) })).json().status).toBe("RESTART_FLOW_ERROR");
  });

  test("a wrong code counts the attempt and the fifth wrong one ends the flow", async () => {
    const { deviceId, preAuthSessionId } = await createCode({ email: "b-user@test.example" });
    const { code } = await lastMessage("b-user@test.example");
    const wrong = code === "000000" ? "111111" : "000000";
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await consume({ userInputCode: wrong, deviceId, preAuthSessionId })).json());
    expect(answers[0]).toEqual({
      status: "INCORRECT_USER_INPUT_CODE_ERROR",
      failedCodeInputAttemptCount: 1,
      maximumCodeInputAttempts: 5,
    });
    expect(answers[3]).toEqual({
      status: "INCORRECT_USER_INPUT_CODE_ERROR",
      failedCodeInputAttemptCount: 4,
      maximumCodeInputAttempts: 5,
    });
    expect(answers[4]).toEqual({ status: "RESTART_FLOW_ERROR" });
    // Even the right code cannot revive the flow.
    expect((await consume({ userInputCode: code, deviceId, preAuthSessionId })).json().status).toBe(
      "RESTART_FLOW_ERROR",
    );
  });

  test("20 wrong codes sign nobody in", async () => {
    const statuses = new Set<string>();
    for (let round = 0; round < 4; round++) {
      const { deviceId, preAuthSessionId } = await createCode({ email: "sub-user@test.example" });
      for (let i = 0; i < 5; i++) {
        const res = await consume({ userInputCode: String(100000 + round * 5 + i), deviceId, preAuthSessionId });
        statuses.add(res.statusCode === 200 ? res.json().status : String(res.statusCode));
      }
    }
    expect(statuses.has("OK")).toBe(false);
  });

  test("after a resend the new code signs in", async () => {
    const { deviceId, preAuthSessionId } = await createCode({ email: "b-handler@test.example" });
    const resend = await new ProtocolClient(t.app).call(
      "POST",
      "/api/auth/signinup/code/resend",
      { deviceId, preAuthSessionId },
      { rid: "passwordless" },
    );
    expect(resend.json()).toEqual({ status: "OK" });
    const { code } = await lastMessage("b-handler@test.example");
    expect((await consume({ userInputCode: code, deviceId, preAuthSessionId })).json().status).toBe("OK");
  });

  test("an expired code is EXPIRED_USER_INPUT_CODE_ERROR", async () => {
    const { deviceId, preAuthSessionId } = await createCode({ email: "b-administrator@test.example" });
    const { code } = await lastMessage("b-administrator@test.example");
    await t.database.db
      .updateTable("passwordlessDevices")
      .set({ expires: new Date(Date.now() - 1000) })
      .where("deviceIdHash", "=", preAuthSessionId)
      .execute();
    expect((await consume({ userInputCode: code, deviceId, preAuthSessionId })).json()).toMatchObject({
      status: "EXPIRED_USER_INPUT_CODE_ERROR",
      failedCodeInputAttemptCount: 1,
    });
  });

  test("a phone number gets its code too", async () => {
    const body = await createCode({ phoneNumber: "+31612345678" });
    expect(body.status).toBe("OK");
    const { code } = await lastMessage("+31612345678");
    expect(
      (await consume({ userInputCode: code, deviceId: body.deviceId, preAuthSessionId: body.preAuthSessionId })).json()
        .status,
    ).toBe("OK");
  });

  test("an address without an account or invitation is SIGN_IN_UP_NOT_ALLOWED", async () => {
    expect((await createCode({ email: "stranger@test.example" })).status).toBe("SIGN_IN_UP_NOT_ALLOWED");
  });

  test("an invalid e-mail is GENERAL_ERROR", async () => {
    expect(await createCode({ email: "nope" })).toEqual({ status: "GENERAL_ERROR", message: "Email is invalid" });
  });

  test("sending both a code and a link code is 400", async () => {
    expect(
      (await consume({ userInputCode: "123456", deviceId: "x", linkCode: "y", preAuthSessionId: "z" })).statusCode,
    ).toBe(400);
  });

  test("an invited person without an account signs up with a code into the invited company", async () => {
    const token = randomToken();
    await t.database.db
      .insertInto("invites")
      .values({
        companyId: world.companies.b,
        email: "invitee@test.example",
        types: ["user"],
        tokenHash: sha256Hex(token),
        expires: new Date(Date.now() + 60_000),
      })
      .execute();
    const { deviceId, preAuthSessionId } = await createCode(
      { email: "invitee@test.example" },
      { "invite-token": token },
    );
    const { code } = await lastMessage("invitee@test.example");
    const body = (await consume({ userInputCode: code, deviceId, preAuthSessionId })).json();
    expect(body).toMatchObject({
      status: "OK",
      createdNewRecipeUser: true,
      roles: [expect.objectContaining({ company: expect.objectContaining({ id: world.companies.b }) })],
    });
  });

  test("exists answers for e-mails and phone numbers", async () => {
    const client = new ProtocolClient(t.app);
    expect((await client.call("GET", "/api/auth/passwordless/email/exists?email=a-user@test.example")).json()).toEqual({
      status: "OK",
      exists: true,
    });
    expect(
      (await client.call("GET", "/api/auth/passwordless/phonenumber/exists?phoneNumber=%2B31600000000")).json(),
    ).toEqual({ status: "OK", exists: false });
  });
});

import { hash } from "@node-rs/argon2";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../support/app";
import { ProtocolClient } from "../support/protocol";
import { buildWorld, type World } from "../support/world";

/**
 * An invitation must not outlive its sender's right to send it. An
 * administrator removed from the company, or demoted below the right to invite or below
 * the roles offered, leaves invitations that no longer let anyone in, whatever the way
 * in (sign-up, confirming with an existing account, a passwordless code), and the
 * invitee is told why.
 */

let t: TestApp;
let world: World;
const PASSWORD = "Correct-horse-42";
let counter = 0;

/** A fresh administrator-level member of `company`, so that removing them touches no other test. */
async function inviter(companyId: string, types: string[] = ["administrator"]) {
  counter += 1;
  const user = await t.database.db
    .insertInto("users")
    .values({ email: `inviter-${counter}@test.example` })
    .returning("id")
    .executeTakeFirstOrThrow();
  await t.database.db.insertInto("userRoles").values({ userId: user.id, companyId, types }).execute();
  return { id: user.id, headers: await t.headersFor(user.id, companyId) };
}

/** Sends an invitation through the API and answers the token its e-mail carries. */
async function invite(headers: Record<string, string>, email: string, roles: string[] = ["user"]) {
  const res = await t.app.inject({ method: "POST", url: "/api/user-invites", headers, payload: { email, roles } });
  expect(res.statusCode).toBe(201);
  const mail = await t.database.db
    .selectFrom("outbox")
    .select("text")
    .where("recipient", "=", email)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const link = new URL(/(http:\/\/\S+)/.exec(mail.text)?.[1] as string);
  return { id: (res.json() as { id: string }).id, token: link.searchParams.get("token") as string };
}

const removeFrom = (userId: string, companyId: string) =>
  t.database.db.deleteFrom("userRoles").where("userId", "=", userId).where("companyId", "=", companyId).execute();

// However it happens (the members page, the control center): the role row is what changes.
const demote = (userId: string, companyId: string, types: string[]) =>
  t.database.db
    .updateTable("userRoles")
    .set({ types })
    .where("userId", "=", userId)
    .where("companyId", "=", companyId)
    .execute();

const signUp = (email: string, token: string) =>
  new ProtocolClient(t.app).call(
    "POST",
    "/api/auth/signup",
    {
      formFields: [
        { id: "email", value: email },
        { id: "password", value: "Newbie-pass-1" },
      ],
    },
    { "invite-token": token },
  );

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
});
afterAll(async () => t?.close());

describe("invitations of an inviter who lost the right to invite", () => {
  test("an invitation from an administrator removed from the company no longer signs anyone up", async () => {
    const sender = await inviter(world.companies.a);
    const { token } = await invite(sender.headers, "after-removal@test.example");
    await removeFrom(sender.id, world.companies.a);

    const res = await signUp("after-removal@test.example", token);
    expect(res.json()).toMatchObject({ status: "SIGN_UP_NOT_ALLOWED" });
    expect(res.json().reason).toContain("can no longer invite people into Alpha");
    const account = await t.database.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "after-removal@test.example")
      .executeTakeFirst();
    expect(account).toBeUndefined();
  });

  test("an invitation from an administrator demoted to user is refused to an existing account", async () => {
    const sender = await inviter(world.companies.a);
    const invitee = "b-user@test.example";
    const { token } = await invite(sender.headers, invitee);
    await demote(sender.id, world.companies.a, ["user"]);

    await t.database.db
      .updateTable("users")
      .set({ passwordHash: await hash(PASSWORD) })
      .where("email", "=", invitee)
      .execute();
    const client = new ProtocolClient(t.app);
    expect((await client.signIn(invitee, PASSWORD)).json()).toMatchObject({ status: "OK" });
    const res = await client.call("POST", "/api/userInvites/confirm", { inviteToken: token });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain("can no longer invite people into Alpha");
    const membership = await t.database.db
      .selectFrom("userRoles")
      .select("id")
      .where("userId", "=", world.users["b:user"] as string)
      .where("companyId", "=", world.companies.a)
      .executeTakeFirst();
    expect(membership).toBeUndefined();
  });

  test("a passwordless code asked for while the invitation was good no longer signs up once the inviter is gone", async () => {
    const sender = await inviter(world.companies.a);
    const email = "code-after-removal@test.example";
    const { token } = await invite(sender.headers, email);
    const passwordless = (url: string, body: object, headers: Record<string, string> = {}) =>
      new ProtocolClient(t.app).call("POST", url, body, { rid: "passwordless", ...headers });
    const { deviceId, preAuthSessionId } = (
      await passwordless("/api/auth/signinup/code", { email }, { "invite-token": token })
    ).json();
    const mail = await t.database.db
      .selectFrom("outbox")
      .select("text")
      .where("recipient", "=", email)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const code = /sign-in code is (\d{6})/.exec(mail.text)?.[1] as string;
    await removeFrom(sender.id, world.companies.a);

    const res = await passwordless("/api/auth/signinup/code/consume", {
      userInputCode: code,
      deviceId,
      preAuthSessionId,
    });
    expect(res.json()).toMatchObject({ status: "SIGN_IN_UP_NOT_ALLOWED" });
    expect(res.json().reason).toContain("can no longer invite people into Alpha");
  });

  test("an inviter demoted below the roles offered cannot bring in those roles", async () => {
    const sender = await inviter(world.companies.distributor, ["distributorAdmin"]);
    const { token } = await invite(sender.headers, "would-be-distributor@test.example", ["distributorAdmin"]);
    await demote(sender.id, world.companies.distributor, ["administrator"]);

    const res = await signUp("would-be-distributor@test.example", token);
    expect(res.json()).toMatchObject({ status: "SIGN_UP_NOT_ALLOWED" });
  });

  test("the invitation page tells the invitee why the invitation stopped working", async () => {
    const sender = await inviter(world.companies.a);
    const { token } = await invite(sender.headers, "reads-the-page@test.example");
    await removeFrom(sender.id, world.companies.a);

    const res = await t.app.inject({
      method: "GET",
      url: "/api/userInvites/preRegister",
      headers: { "api-key": token, jwt: token },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/can no longer invite people into Alpha.*Ask an administrator of Alpha/);
  });

  test("a resend cannot vouch for roles above the resender's own (403)", async () => {
    const sender = await inviter(world.companies.distributor, ["distributorAdmin"]);
    const { id } = await invite(sender.headers, "resent-above@test.example", ["distributorAdmin"]);
    const lower = await inviter(world.companies.distributor, ["administrator"]);
    const res = await t.app.inject({ method: "POST", url: `/api/user-invites/${id}/resend`, headers: lower.headers });
    expect(res.statusCode).toBe(403);
  });
});

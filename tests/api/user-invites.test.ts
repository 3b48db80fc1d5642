import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { failAuditEntries } from "./support/audit-failure";
import { ProtocolClient } from "./support/protocol";
import { buildWorld, type World } from "./support/world";

let t: TestApp;
let world: World;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  admin = await t.headersFor(world.users["a:administrator"] as string, world.companies.a);
});
afterAll(async () => t?.close());

const invite = (payload: object, headers = admin) =>
  t.app.inject({ method: "POST", url: "/api/user-invites", headers, payload });
const lastMail = (to: string) =>
  t.database.db
    .selectFrom("outbox")
    .selectAll()
    .where("recipient", "=", to)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();

describe("user invitations", () => {
  test("an administrator invites a new person, whose e-mail carries a sign-up link that works", async () => {
    const res = await invite({ email: "newbie@test.example", roles: ["user"] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: "newbie@test.example", roles: ["user"] });
    expect(Date.parse(res.json().expires) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const mail = await lastMail("newbie@test.example");
    const link = new URL(/(http:\/\/\S+)/.exec(mail.text)?.[1] as string);
    expect(link.pathname).toBe("/signup");
    const token = link.searchParams.get("token") as string;
    const signup = await new ProtocolClient(t.app).call(
      "POST",
      "/api/auth/signup",
      {
        formFields: [
          { id: "email", value: "newbie@test.example" },
          { id: "password", value: "Newbie-pass-1" },
        ],
      },
      { "invite-token": token },
    );
    expect(signup.json().roles[0].company.id).toBe(world.companies.a);
  });

  test("an existing account gets a confirm-invite link instead", async () => {
    await invite({ email: "b-user@test.example", roles: ["user"] });
    const mail = await lastMail("b-user@test.example");
    expect(mail.text).toContain("/confirm-invite?token=");
  });

  test("a user cannot invite anyone (403)", async () => {
    const user = await t.headersFor(world.users["a:user"] as string, world.companies.a);
    expect((await invite({ email: "x@test.example", roles: ["user"] }, user)).statusCode).toBe(403);
  });

  test("an administrator cannot invite a systemAdmin or a distributorAdmin (role above their own)", async () => {
    expect((await invite({ email: "x1@test.example", roles: ["systemAdmin"] })).statusCode).toBe(403);
    expect((await invite({ email: "x2@test.example", roles: ["distributorAdmin"] })).statusCode).toBe(403);
  });

  test("a system administrator may invite a system administrator", async () => {
    const sys = await t.headersFor(world.users["operator:systemAdmin"] as string, world.companies.operator);
    expect((await invite({ email: "sys3@test.example", roles: ["systemAdmin"] }, sys)).statusCode).toBe(201);
  });

  test("an unknown role or a bad e-mail is 400 naming the field", async () => {
    expect((await invite({ email: "x3@test.example", roles: ["root"] })).json().formFields[0].id).toContain("roles");
    expect((await invite({ email: "nope", roles: ["user"] })).json().formFields).toEqual([
      { id: "email", error: "Email is invalid" },
    ]);
  });

  test("a member of the company cannot be invited again", async () => {
    const res = await invite({ email: "a-user@test.example", roles: ["user"] });
    expect(res.statusCode).toBe(400);
  });

  test("pending invitations are listed for the company only, and can be revoked", async () => {
    const created = (await invite({ email: "pending@test.example", roles: ["user"] })).json();
    const list = (await t.app.inject({ method: "GET", url: "/api/user-invites", headers: admin })).json();
    expect(list.map((i: { email: string }) => i.email)).toContain("pending@test.example");
    const other = await t.headersFor(world.users["b:administrator"] as string, world.companies.b);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/user-invites/${created.id}`, headers: other })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/user-invites/${created.id}`, headers: admin })).statusCode,
    ).toBe(204);
    const after = (await t.app.inject({ method: "GET", url: "/api/user-invites", headers: admin })).json();
    expect(after.map((i: { email: string }) => i.email)).not.toContain("pending@test.example");
  });

  test("a revocation whose audit entry cannot be written leaves the invitation pending", async () => {
    const created = (await invite({ email: "unaudited-revoke@test.example", roles: ["user"] })).json();
    const undo = await failAuditEntries(t.database.db, "revoke");
    try {
      const res = await t.app.inject({ method: "DELETE", url: `/api/user-invites/${created.id}`, headers: admin });
      expect(res.statusCode).toBe(500);
    } finally {
      await undo();
    }
    const list = (await t.app.inject({ method: "GET", url: "/api/user-invites", headers: admin })).json();
    expect(list.map((i: { id: string }) => i.id)).toContain(created.id);
  });

  test("a resend whose audit entry cannot be written keeps the old link working", async () => {
    const created = (await invite({ email: "unaudited-resend@test.example", roles: ["user"] })).json();
    const firstToken = new URL(
      /(http:\/\/\S+)/.exec((await lastMail("unaudited-resend@test.example")).text)?.[1] as string,
    ).searchParams.get("token") as string;
    const undo = await failAuditEntries(t.database.db, "resend");
    try {
      const res = await t.app.inject({ method: "POST", url: `/api/user-invites/${created.id}/resend`, headers: admin });
      expect(res.statusCode).toBe(500);
    } finally {
      await undo();
    }
    const pre = await t.app.inject({
      method: "GET",
      url: "/api/userInvites/preRegister",
      headers: { "api-key": firstToken, jwt: firstToken },
    });
    expect(pre.statusCode).toBe(200);
  });

  test("resending gives a new link and the old one stops working", async () => {
    const created = (await invite({ email: "resend@test.example", roles: ["user"] })).json();
    const firstToken = new URL(
      /(http:\/\/\S+)/.exec((await lastMail("resend@test.example")).text)?.[1] as string,
    ).searchParams.get("token") as string;
    expect(
      (await t.app.inject({ method: "POST", url: `/api/user-invites/${created.id}/resend`, headers: admin }))
        .statusCode,
    ).toBe(200);
    const pre = await t.app.inject({
      method: "GET",
      url: "/api/userInvites/preRegister",
      headers: { "api-key": firstToken, jwt: firstToken },
    });
    expect(pre.statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mintRoleToken } from "../../../server/auth/role-tokens";
import { createTestApp, type TestApp } from "../support/app";
import { ProtocolClient } from "../support/protocol";
import { buildWorld, setEveryPassword, type World } from "../support/world";

/** A role token lives only as long as the sign-in session that issued it. */

let t: TestApp;
let world: World;
const PASSWORD = "Original-pass-1";

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  await setEveryPassword(t.database.db, PASSWORD);
});
afterAll(async () => t?.close());

const me = (headers: Record<string, string> | undefined) => t.app.inject({ method: "GET", url: "/api/me", headers });

async function signedIn(email: string, companyId: string) {
  const client = new ProtocolClient(t.app);
  expect((await client.signIn(email, PASSWORD)).json().status).toBe("OK");
  expect((await client.companyToken(companyId)).statusCode).toBe(200);
  return client;
}

async function resetPassword(email: string, password: string) {
  const form = (fields: Record<string, string>) => Object.entries(fields).map(([id, value]) => ({ id, value }));
  await t.app.inject({
    method: "POST",
    url: "/api/auth/user/password/reset/token",
    payload: { formFields: form({ email }) },
  });
  const mail = await t.database.db
    .selectFrom("outbox")
    .select("text")
    .where("recipient", "=", email)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const token = decodeURIComponent(/token=([^&\s]+)/.exec(mail.text)?.[1] ?? "");
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/user/password/reset",
    payload: { token, formFields: form({ password }) },
  });
  expect(res.json().status).toBe("OK");
}

describe("role tokens die with their session", () => {
  test("a password reset makes the role tokens of every session fail at once (401), not 24 h later", async () => {
    const email = "a-user@test.example";
    const laptop = await signedIn(email, world.companies.a);
    const phone = await signedIn(email, world.companies.a);
    expect((await me(laptop.roleHeaders)).statusCode).toBe(200);
    await resetPassword(email, "Reset-pass-22");
    expect((await me(laptop.roleHeaders)).statusCode).toBe(401);
    expect((await me(phone.roleHeaders)).statusCode).toBe(401);
  });

  test("a role token whose session ran out (expired, not revoked) is refused", async () => {
    const client = await signedIn("a-handler@test.example", world.companies.a);
    await t.database.db
      .updateTable("sessions")
      .set({ expires: new Date(Date.now() - 1000) })
      .where("userId", "=", world.users["a:handler"] as string)
      .execute();
    expect((await me(client.roleHeaders)).statusCode).toBe(401);
  });

  test("a role token naming a session that does not exist is refused", async () => {
    const token = await mintRoleToken(t.database.db, t.keys, {
      userId: world.users["a:subHandler"] as string,
      companyId: world.companies.a,
      sessionHandle: "no-such-session-handle-0000",
    });
    expect((await me({ "api-key": token.secret, jwt: token.jwtToken })).statusCode).toBe(401);
  });

  test("a role token of another person's session is refused", async () => {
    const other = await signedIn("b-user@test.example", world.companies.b);
    const handle = await t.database.db
      .selectFrom("sessions")
      .select("handle")
      .where("userId", "=", world.users["b:user"] as string)
      .where("revoked", "is", null)
      .executeTakeFirstOrThrow();
    const token = await mintRoleToken(t.database.db, t.keys, {
      userId: world.users["a:administrator"] as string,
      companyId: world.companies.a,
      sessionHandle: handle.handle,
    });
    expect((await me({ "api-key": token.secret, jwt: token.jwtToken })).statusCode).toBe(401);
    expect((await me(other.roleHeaders)).statusCode).toBe(200);
  });
});

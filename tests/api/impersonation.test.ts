import { hash } from "@node-rs/argon2";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { failAuditEntries } from "./support/audit-failure";
import { ProtocolClient } from "./support/protocol";
import { buildWorld, type World } from "./support/world";

let t: TestApp;
let world: World;
let systemHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 4 });
  systemHeaders = await t.headersFor(world.users["operator:systemAdmin"] as string, world.companies.operator);
});
afterAll(async () => t?.close());

const impersonate = (headers: Record<string, string>, userId: string, companyId: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/impersonate", headers, payload: { userId, companyId } });

/** The headers of a system administrator's impersonation of one of the world's people. */
async function startAs(userKey: string, company: "a" | "b") {
  const body = (await impersonate(systemHeaders, world.users[userKey] as string, world.companies[company])).json();
  return { "api-key": body.roleToken.secret, jwt: body.roleToken.jwtToken } as Record<string, string>;
}

describe("impersonation", () => {
  test("a system administrator gets a role token that acts as the user in their company", async () => {
    const res = await impersonate(systemHeaders, world.users["a:user"] as string, world.companies.a);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.userRole).toMatchObject({ type: ["user"], company: { id: world.companies.a } });
    expect(body.expiry).toBeGreaterThan(Date.now() + 59 * 60_000);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/label-reports",
      headers: { "api-key": body.roleToken.secret, jwt: body.roleToken.jwtToken },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.every((r: { companyId: string }) => r.companyId === world.companies.a)).toBe(true);
  });

  test("starting an impersonation is written to the audit log with who did it", async () => {
    await impersonate(systemHeaders, world.users["b:user"] as string, world.companies.b);
    const row = await t.database.db
      .selectFrom("auditLog")
      .selectAll()
      .where("action", "=", "impersonate")
      .where("entityId", "=", world.users["b:user"] as string)
      .executeTakeFirst();
    expect(row?.actorUserId).toBe(world.users["operator:systemAdmin"]);
  });

  test("an impersonation whose audit entry cannot be written leaves no token behind", async () => {
    const tokens = () =>
      t.database.db
        .selectFrom("roleTokens")
        .select("id")
        .where("impersonatorUserId", "=", world.users["operator:systemAdmin"] as string)
        .execute();
    const before = (await tokens()).length;
    const undo = await failAuditEntries(t.database.db, "impersonate");
    try {
      const res = await impersonate(systemHeaders, world.users["a:user"] as string, world.companies.a);
      expect(res.statusCode).toBe(500);
    } finally {
      await undo();
    }
    expect((await tokens()).length).toBe(before);
  });

  test("an administrator cannot impersonate (403)", async () => {
    const headers = await t.headersFor(world.users["a:administrator"] as string, world.companies.a);
    expect((await impersonate(headers, world.users["a:user"] as string, world.companies.a)).statusCode).toBe(403);
  });

  test("a company the user has no role in is 404", async () => {
    expect((await impersonate(systemHeaders, world.users["a:user"] as string, world.companies.b)).statusCode).toBe(404);
  });

  test("an impersonation token cannot start another impersonation", async () => {
    const headers = await startAs("a:user", "a");
    // The impersonated person never has the control center's right (no system administrator is impersonated).
    expect((await impersonate(headers, world.users["b:user"] as string, world.companies.b)).statusCode).toBe(403);
  });
});

describe("what support cannot do as the person", () => {
  test("renaming the impersonated person is refused (403) and audited; their name stays", async () => {
    const userId = world.users["a:administrator"] as string;
    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: await startAs("a:administrator", "a"),
      payload: { firstName: "Mallory" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/name cannot be changed while impersonating/);
    const user = await t.database.db
      .selectFrom("users")
      .select("firstName")
      .where("id", "=", userId)
      .executeTakeFirst();
    expect(user?.firstName).not.toBe("Mallory");
    const refused = await t.database.db
      .selectFrom("auditLog")
      .select("action")
      .where("entityId", "=", userId)
      .where("action", "=", "rename-refused")
      .execute();
    expect(refused).toHaveLength(1);
  });

  test("the impersonated person's time zone can still be set for them", async () => {
    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: await startAs("a:user", "a"),
      payload: { timeZone: "Europe/Berlin" },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe("stopping an impersonation", () => {
  const stop = (headers: Record<string, string>) =>
    t.app.inject({ method: "DELETE", url: "/api/auth/impersonate", headers });
  const list = (headers: Record<string, string>) => t.app.inject({ method: "GET", url: "/api/label-reports", headers });

  test("after stop the impersonation token is refused (401) at once", async () => {
    const headers = await startAs("a:administrator", "a");
    expect((await list(headers)).statusCode).toBe(200);
    const res = await stop(headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "OK" });
    expect((await list(headers)).statusCode).toBe(401);
    expect((await stop(headers)).statusCode).toBe(401);
  });

  test("the administrator's own role token keeps working after the stop", async () => {
    await stop(await startAs("a:user", "a"));
    expect((await list(systemHeaders)).statusCode).toBe(200);
  });

  test("the stop is written to the audit log with the administrator who impersonated", async () => {
    await stop(await startAs("b:administrator", "b"));
    const row = await t.database.db
      .selectFrom("auditLog")
      .selectAll()
      .where("action", "=", "impersonate-stop")
      .where("entityId", "=", world.users["b:administrator"] as string)
      .executeTakeFirst();
    expect(row?.impersonatorUserId).toBe(world.users["operator:systemAdmin"]);
    expect(row?.companyId).toBe(world.companies.b);
  });

  test("a token that is not an impersonation cannot be 'stopped' (400) and stays valid", async () => {
    const headers = await t.headersFor(world.users["a:user"] as string, world.companies.a);
    expect((await stop(headers)).statusCode).toBe(400);
    expect((await list(headers)).statusCode).toBe(200);
  });

  test("signing out of the administrator's session ends the impersonation too", async () => {
    const password = "Correct-horse-42";
    const admin = world.users["operator:systemAdmin"] as string;
    await t.database.db
      .updateTable("users")
      .set({ passwordHash: await hash(password) })
      .where("id", "=", admin)
      .execute();
    const { email } = await t.database.db
      .selectFrom("users")
      .select("email")
      .where("id", "=", admin)
      .executeTakeFirstOrThrow();
    const client = new ProtocolClient(t.app);
    await client.signIn(email, password);
    await client.companyToken(world.companies.operator);
    const started = await impersonate(
      client.roleHeaders as Record<string, string>,
      world.users["a:user"] as string,
      world.companies.a,
    );
    const { roleToken } = started.json();
    const headers = { "api-key": roleToken.secret, jwt: roleToken.jwtToken };
    expect((await list(headers)).statusCode).toBe(200);
    expect((await client.call("POST", "/api/auth/signout")).statusCode).toBe(200);
    expect((await list(headers)).statusCode).toBe(401);
  });
});

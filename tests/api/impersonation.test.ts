import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
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

  test("an administrator cannot impersonate (403)", async () => {
    const headers = await t.headersFor(world.users["a:administrator"] as string, world.companies.a);
    expect((await impersonate(headers, world.users["a:user"] as string, world.companies.a)).statusCode).toBe(403);
  });

  test("a company the user has no role in is 404", async () => {
    expect((await impersonate(systemHeaders, world.users["a:user"] as string, world.companies.b)).statusCode).toBe(404);
  });

  test("an impersonation token cannot start another impersonation", async () => {
    const first = (
      await impersonate(systemHeaders, world.users["operator:user"] as string, world.companies.operator)
    ).json();
    // operator:user has no controlCenter right anyway; use a second system admin to show the rule.
    const other = await t.database.db
      .insertInto("users")
      .values({ email: "sys2@test.example", featureFlags: "{}" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto("userRoles")
      .values({ userId: other.id, companyId: world.companies.operator, types: ["systemAdmin"] })
      .execute();
    const asSys2 = (await impersonate(systemHeaders, other.id, world.companies.operator)).json();
    const headers = { "api-key": asSys2.roleToken.secret, jwt: asSys2.roleToken.jwtToken };
    expect((await impersonate(headers, world.users["a:user"] as string, world.companies.a)).statusCode).toBe(400);
    expect(first.roleToken).toBeTruthy();
  });
});

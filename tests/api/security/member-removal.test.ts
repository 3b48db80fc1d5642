import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../support/app";
import { buildWorld, type World } from "../support/world";

/** Administrators lock people out of their company, at once. */

let t: TestApp;
let world: World;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
});
afterAll(async () => t?.close());

const as = (key: string, company: keyof World["companies"]) =>
  t.headersFor(world.users[key] as string, world.companies[company]);

const remove = (headers: Record<string, string>, userKey: string, companyId?: string) =>
  t.app.inject({
    method: "DELETE",
    url: `/api/users/${world.users[userKey]}${companyId ? `?companyId=${companyId}` : ""}`,
    headers,
  });

const list = (headers: Record<string, string>) => t.app.inject({ method: "GET", url: "/api/label-reports", headers });

const roleIn = (userKey: string, company: keyof World["companies"]) =>
  t.database.db
    .selectFrom("userRoles")
    .select("id")
    .where("userId", "=", world.users[userKey] as string)
    .where("companyId", "=", world.companies[company])
    .executeTakeFirst();

describe("removing a member", () => {
  test("an administrator removes a member of their company; the member's role token fails at once; nobody above them", async () => {
    const victim = await as("a:handler", "a");
    expect((await list(victim)).statusCode).toBe(200);
    expect((await remove(await as("a:administrator", "a"), "a:handler")).statusCode).toBe(204);
    expect(await roleIn("a:handler", "a")).toBeUndefined();
    expect((await list(victim)).statusCode).toBe(401);
    const audit = await t.database.db
      .selectFrom("auditLog")
      .select(["actorUserId", "before"])
      .where("action", "=", "remove")
      .where("entityId", "=", world.users["a:handler"] as string)
      .executeTakeFirstOrThrow();
    expect(audit.actorUserId).toBe(world.users["a:administrator"]);
    expect(audit.before).toMatchObject({ companyId: world.companies.a, roles: ["handler"] });
    expect((await remove(await as("a:administrator", "a"), "a:systemAdmin")).statusCode).toBe(403);
    expect(await roleIn("a:systemAdmin", "a")).toBeDefined();
  });

  test("a distributor administrator removes a member of its sub-company; their token there fails at once", async () => {
    const victim = await as("sub:user", "sub");
    const res = await remove(await as("distributor:distributorAdmin", "distributor"), "sub:user", world.companies.sub);
    expect(res.statusCode).toBe(204);
    expect(await roleIn("sub:user", "sub")).toBeUndefined();
    expect((await list(victim)).statusCode).toBe(401);
  });

  test("a member of a foreign company is 404 and keeps their role", async () => {
    const admin = await as("a:administrator", "a");
    expect((await remove(admin, "b:user")).statusCode).toBe(404);
    expect((await remove(admin, "b:user", world.companies.b)).statusCode).toBe(404);
    const distributor = await as("distributor:distributorAdmin", "distributor");
    expect((await remove(distributor, "b:user", world.companies.b)).statusCode).toBe(404);
    expect(await roleIn("b:user", "b")).toBeDefined();
  });

  test("a customer administrator cannot reach into a sub-company with ?companyId= (404)", async () => {
    expect((await remove(await as("a:administrator", "a"), "sub:handler", world.companies.sub)).statusCode).toBe(404);
    expect(await roleIn("sub:handler", "sub")).toBeDefined();
  });
});

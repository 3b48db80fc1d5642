import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { buildWorld, type World } from "./support/world";

/**
 * The company's temperature unit is the default of its members who have not chosen one
 * (docs/dashboard.md, Preferences): GET /api/me tells the dashboard which unit that is, always the
 * unit of the company the token is for.
 */

let t: TestApp;
let world: World;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  // Only company A reads °F: every other company keeps the column's default, °C.
  await t.database.db
    .updateTable("companies")
    .set({ temperatureUnit: "fahrenheit" })
    .where("id", "=", world.companies.a)
    .execute();
});
afterAll(async () => t?.close());

const me = (headers: Record<string, string>) => t.app.inject({ method: "GET", url: "/api/me", headers });

describe("the company's temperature unit as the members' default", () => {
  test.each(["user", "administrator", "handler", "subHandler"])(
    "a %s's role token reads its company's unit",
    async (role) => {
      const res = await me(await t.headersFor(world.users[`a:${role}`] as string, world.companies.a));
      expect(res.statusCode).toBe(200);
      expect(res.json().companyTemperatureUnit).toBe("fahrenheit");
    },
  );

  test("a member of another company reads their own company's unit, not company A's", async () => {
    const res = await me(await t.headersFor(world.users["b:user"] as string, world.companies.b));
    expect(res.json().companyTemperatureUnit).toBe("celsius");
  });

  test("an impersonation token reads the impersonated company's unit, not the operator's", async () => {
    const system = await t.headersFor(world.users["operator:systemAdmin"] as string, world.companies.operator);
    const started = await t.app.inject({
      method: "POST",
      url: "/api/auth/impersonate",
      headers: system,
      payload: { userId: world.users["a:user"], companyId: world.companies.a },
    });
    const { roleToken } = started.json();
    const res = await me({ "api-key": roleToken.secret, jwt: roleToken.jwtToken });
    expect(res.statusCode).toBe(200);
    expect(res.json().companyTemperatureUnit).toBe("fahrenheit");
  });
});

import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { buildWorld, type World } from "./support/world";

let t: TestApp;
let world: World;
const as = (key: string, company: keyof World["companies"]) =>
  t.headersFor(world.users[key] as string, world.companies[company]);

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 2 });
});
afterAll(async () => t?.close());

describe("the caller's company settings", () => {
  test("an administrator reads and changes the company's general settings, addresses and billing", async () => {
    const headers = await as("a:administrator", "a");
    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/company",
      headers,
      payload: {
        name: "Alpha Pharma",
        temperatureUnit: "fahrenheit",
        addresses: [{ label: "HQ", line1: "Main 1", postalCode: "1011", city: "Amsterdam", country: "Netherlands" }],
        billing: { vatNumber: "NL 1234.56789 B01", email: "billing@alpha.example", paymentBrand: "visa" },
      },
    });
    expect(res.statusCode).toBe(200);
    const read = (await t.app.inject({ method: "GET", url: "/api/company", headers })).json();
    expect(read).toMatchObject({
      name: "Alpha Pharma",
      temperatureUnit: "fahrenheit",
      billing: { vatNumber: "NL123456789B01" },
    });
    expect(read.addresses[0].city).toBe("Amsterdam");
  });

  test("bad settings are 400 per field and change nothing", async () => {
    const headers = await as("a:administrator", "a");
    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/company",
      headers,
      payload: { temperatureUnit: "kelvin", billing: { email: "nope" } },
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .formFields.map((f: { id: string }) => f.id)
        .sort(),
    ).toEqual(["billing.email", "temperatureUnit"]);
  });

  test("a user cannot read the company settings (403)", async () => {
    expect(
      (await t.app.inject({ method: "GET", url: "/api/company", headers: await as("a:user", "a") })).statusCode,
    ).toBe(403);
  });
});

describe("creating and deleting companies", () => {
  test("an administrator creates a customer company and becomes its administrator", async () => {
    const headers = await as("a:administrator", "a");
    const res = await t.app.inject({ method: "POST", url: "/api/companies", headers, payload: { name: "Alpha Two" } });
    expect(res.statusCode).toBe(201);
    const role = await t.database.db
      .selectFrom("userRoles")
      .selectAll()
      .where("companyId", "=", res.json().id)
      .executeTakeFirst();
    expect(role).toMatchObject({ userId: world.users["a:administrator"], types: ["administrator"] });
  });

  test("an administrator cannot create a distributor company (403)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/companies",
      headers: await as("a:administrator", "a"),
      payload: { name: "X", type: "distributor" },
    });
    expect(res.statusCode).toBe(403);
  });

  test("a system administrator creates a distributor company without joining it", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/companies",
      headers: await as("operator:systemAdmin", "operator"),
      payload: { name: "New Distributor", type: "distributor" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().type).toBe("distributor");
  });

  test("a company with label reports is not deleted (409)", async () => {
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/companies/${world.companies.b}`,
      headers: await as("operator:systemAdmin", "operator"),
    });
    expect(res.statusCode).toBe(409);
  });

  test("an administrator cannot delete another company (404)", async () => {
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/companies/${world.companies.b}`,
      headers: await as("a:administrator", "a"),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("sub-companies", () => {
  test("a distributor administrator creates, renames and deletes its sub-company", async () => {
    const headers = await as("distributor:distributorAdmin", "distributor");
    const created = await t.app.inject({
      method: "POST",
      url: "/api/sub-companies",
      headers,
      payload: { name: "Fresh Sub", city: "Oslo", country: "Norway" },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ parentId: world.companies.distributor, type: "customer" });
    const renamed = await t.app.inject({
      method: "PATCH",
      url: `/api/sub-companies/${id}`,
      headers,
      payload: { name: "Fresh Sub AS" },
    });
    expect(renamed.json().name).toBe("Fresh Sub AS");
    expect((await t.app.inject({ method: "DELETE", url: `/api/sub-companies/${id}`, headers })).statusCode).toBe(204);
  });

  test("a distributor cannot touch a company that is not its sub-company (404)", async () => {
    const headers = await as("distributor:distributorAdmin", "distributor");
    expect(
      (
        await t.app.inject({
          method: "PATCH",
          url: `/api/sub-companies/${world.companies.a}`,
          headers,
          payload: { name: "Mine" },
        })
      ).statusCode,
    ).toBe(404);
  });

  test("a sub-company with label reports is not deleted (409)", async () => {
    const headers = await as("distributor:distributorAdmin", "distributor");
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/sub-companies/${world.companies.sub}`, headers })).statusCode,
    ).toBe(409);
  });
});

describe("members' roles", () => {
  test("a system administrator changes a member's roles, recorded in the audit log", async () => {
    const headers = await as("operator:systemAdmin", "operator");
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/users/${world.users["operator:user"]}`,
      headers,
      payload: { roles: ["user", "handler"] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual(["user", "handler"]);
    const audit = await t.database.db
      .selectFrom("auditLog")
      .selectAll()
      .where("entityId", "=", world.users["operator:user"] as string)
      .executeTakeFirst();
    expect(audit).toMatchObject({ before: { roles: ["user"] }, after: { roles: ["user", "handler"] } });
  });

  test("an administrator cannot change roles at all (the spec gives them read only on users)", async () => {
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/users/${world.users["a:user"]}`,
      headers: await as("a:administrator", "a"),
      payload: { roles: ["administrator"] },
    });
    expect(res.statusCode).toBe(403);
  });

  test("a system administrator cannot remove their own last administrator role", async () => {
    const headers = await as("operator:systemAdmin", "operator");
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/users/${world.users["operator:systemAdmin"]}`,
      headers,
      payload: { roles: ["user"] },
    });
    expect(res.statusCode).toBe(400);
  });

  test("a member of another company is 404", async () => {
    const headers = await as("operator:systemAdmin", "operator");
    expect(
      (
        await t.app.inject({
          method: "PATCH",
          url: `/api/users/${world.users["a:user"]}`,
          headers,
          payload: { roles: ["user"] },
        })
      ).statusCode,
    ).toBe(404);
  });

  test("removing a member takes away their role in this company only", async () => {
    const headers = await as("operator:systemAdmin", "operator");
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/users/${world.users["operator:handler"]}`, headers }))
        .statusCode,
    ).toBe(204);
    const left = await t.database.db
      .selectFrom("userRoles")
      .select("id")
      .where("userId", "=", world.users["operator:handler"] as string)
      .execute();
    expect(left).toHaveLength(0);
  });
});

describe("label report registration", () => {
  test("a system administrator registers a label on a shipment with a preset of the company", async () => {
    await t.database.db
      .insertInto("labelPresets")
      .values({
        companyId: world.companies.operator,
        name: "Op preset",
        slug: "op-preset",
        temperatureMin: 2,
        temperatureMax: 8,
      })
      .execute();
    const preset = await t.database.db
      .selectFrom("labelPresets")
      .select("id")
      .where("slug", "=", "op-preset")
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/label-reports",
      headers: await as("operator:systemAdmin", "operator"),
      payload: {
        labelId: "LBL-NEW001",
        presetId: preset.id,
        origin: "Basel",
        destination: "Oslo",
        transportMode: "plane",
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ labelId: "LBL-NEW001", status: "notStarted", presetName: "Op preset" });
  });

  test("a preset of another company is 400 on presetId", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/label-reports",
      headers: await as("operator:systemAdmin", "operator"),
      payload: { labelId: "LBL-NEW002", presetId: world.presets.b },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields[0].id).toBe("presetId");
  });
});

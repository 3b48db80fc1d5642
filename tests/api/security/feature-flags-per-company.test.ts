import { hash } from "@node-rs/argon2";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as membershipFlags from "../../../server/db/migrations/0009-membership-feature-flags";
import { createTestApp, type TestApp } from "../support/app";
import { ProtocolClient } from "../support/protocol";
import { buildWorld, type World } from "../support/world";

/**
 * Feature flags are granted per membership (person × company). A flag
 * held in one company must not follow its holder into another company, and whatever a
 * flag holder creates in a company stays within reach of that company's administrators.
 */

let t: TestApp;
let world: World;
const PASSWORD = "Correct-horse-42";

/**
 * A person with a role in each company listed, and the flags granted in that company. The
 * flags are also written on the person, where they lived before 0009: there they must grant nothing.
 */
async function person(email: string, memberships: { companyId: string; types: string[]; flags?: object }[]) {
  const db = t.database.db;
  const legacy = Object.assign({}, ...memberships.map((m) => m.flags ?? {}));
  const user = await db
    .insertInto("users")
    .values({ email, passwordHash: await hash(PASSWORD), featureFlags: JSON.stringify(legacy) })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const m of memberships)
    await db
      .insertInto("userRoles")
      .values({ userId: user.id, companyId: m.companyId, types: m.types, featureFlags: JSON.stringify(m.flags ?? {}) })
      .execute();
  return user.id;
}

const post = (url: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: "POST", url, headers, payload });

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 2 });
});
afterAll(async () => t?.close());

describe("feature flags are granted per company", () => {
  test("a flag granted in one company does not grant API keys in another", async () => {
    const id = await person("keys-both@test.example", [
      { companyId: world.companies.a, types: ["administrator"], flags: { API_KEYS: true } },
      { companyId: world.companies.b, types: ["subHandler"] },
    ]);
    const inB = await t.headersFor(id, world.companies.b);
    expect((await post("/api/api-keys", inB, { name: "Hidden" })).statusCode).toBe(403);
    const keysOfB = await t.database.db
      .selectFrom("apiKeys")
      .select("id")
      .where("companyId", "=", world.companies.b)
      .execute();
    expect(keysOfB).toEqual([]);
    // Where it was granted, it still works.
    expect((await post("/api/api-keys", await t.headersFor(id, world.companies.a), { name: "Own" })).statusCode).toBe(
      201,
    );
  });

  test("a flag granted in one company does not grant custom fields in another", async () => {
    const id = await person("fields-both@test.example", [
      { companyId: world.companies.a, types: ["administrator"], flags: { CUSTOM_FIELDS: true } },
      { companyId: world.companies.b, types: ["subHandler"] },
    ]);
    const inB = await t.headersFor(id, world.companies.b);
    const res = await post("/api/custom-fields", inB, { name: "Breaks every PATCH", type: "text", required: true });
    expect(res.statusCode).toBe(403);
    const fieldsOfB = await t.database.db
      .selectFrom("customFields")
      .select("id")
      .where("companyId", "=", world.companies.b)
      .execute();
    expect(fieldsOfB).toEqual([]);
  });

  test("the dashboard is told each company's own grant when signing in", async () => {
    await person("dashboard-both@test.example", [
      { companyId: world.companies.a, types: ["administrator"], flags: { API_KEYS: true } },
      { companyId: world.companies.b, types: ["user"] },
    ]);
    const res = await new ProtocolClient(t.app).signIn("dashboard-both@test.example", PASSWORD);
    const roles = res.json().roles as { company: { id: string }; featureFlags: Record<string, boolean> }[];
    const flagsIn = (companyId: string) => roles.find((r) => r.company.id === companyId)?.featureFlags;
    expect(flagsIn(world.companies.a)).toEqual({ API_KEYS: true });
    expect(flagsIn(world.companies.b)).toEqual({});
  });
});

describe("a company's administrators reach whatever a flag holder created", () => {
  test("a company administrator lists and revokes an API key created by any member", async () => {
    const holder = await person("keys-holder@test.example", [
      { companyId: world.companies.b, types: ["subHandler"], flags: { API_KEYS: true } },
    ]);
    const created = await post("/api/api-keys", await t.headersFor(holder, world.companies.b), { name: "Side door" });
    expect(created.statusCode).toBe(201);
    const { id, key } = created.json() as { id: string; key: string };

    // B's administrator holds no API_KEYS flag.
    const admin = await t.headersFor(world.users["b:administrator"] as string, world.companies.b);
    const list = await t.app.inject({ method: "GET", url: "/api/api-keys", headers: admin });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { id: string }[]).map((k) => k.id)).toContain(id);
    expect((await t.app.inject({ method: "DELETE", url: `/api/api-keys/${id}`, headers: admin })).statusCode).toBe(204);
    const withKey = await t.app.inject({ method: "GET", url: "/api/label-reports", headers: { "api-key": key } });
    expect(withKey.statusCode).toBe(401);
  });

  test("a company administrator removes a custom field created by any member", async () => {
    const holder = await person("fields-holder@test.example", [
      { companyId: world.companies.b, types: ["subHandler"], flags: { CUSTOM_FIELDS: true } },
    ]);
    const created = await post("/api/custom-fields", await t.headersFor(holder, world.companies.b), {
      name: "Mandatory nonsense",
      type: "text",
      required: true,
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };

    const admin = await t.headersFor(world.users["b:administrator"] as string, world.companies.b);
    expect((await t.app.inject({ method: "DELETE", url: `/api/custom-fields/${id}`, headers: admin })).statusCode).toBe(
      204,
    );
    const patch = await t.app.inject({
      method: "PATCH",
      url: `/api/label-reports/${world.reports.b[0]}`,
      headers: admin,
      payload: { isArchived: false },
    });
    expect(patch.statusCode).toBe(200);
  });
});

describe("migration 0009: person flags become membership grants", () => {
  test("a person's flags are not carried into a company they do not administer", async () => {
    const db = t.database.db;
    const multi = await person("migrated-multi@test.example", [
      { companyId: world.companies.a, types: ["administrator"] },
      { companyId: world.companies.b, types: ["subHandler"] },
    ]);
    const single = await person("migrated-single@test.example", [{ companyId: world.companies.a, types: ["user"] }]);
    const flags = JSON.stringify({ API_KEYS: true, LABEL_REPORT_TRIM: true });
    await db.updateTable("users").set({ featureFlags: flags }).where("id", "in", [multi, single]).execute();

    // Run the migration again over the pre-0009 shape.
    await membershipFlags.down(db);
    await membershipFlags.up(db);

    const grants = await db
      .selectFrom("userRoles")
      .select(["userId", "companyId", sql<string>`feature_flags::text`.as("flags")])
      .where("userId", "in", [multi, single])
      .execute();
    const grant = (userId: string, companyId: string) =>
      JSON.parse(grants.find((g) => g.userId === userId && g.companyId === companyId)?.flags ?? "null");
    expect(grant(multi, world.companies.a)).toEqual({ API_KEYS: true, LABEL_REPORT_TRIM: true });
    expect(grant(multi, world.companies.b)).toEqual({});
    expect(grant(single, world.companies.a)).toEqual({ API_KEYS: true, LABEL_REPORT_TRIM: true });
  });
});

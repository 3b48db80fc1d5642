import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, roleTokenFor, type TestApp } from "./support/app";
import { flaggedMember } from "./support/members";
import { buildWorld, type World } from "./support/world";

let t: TestApp;
let world: World;
let base: string;
/** Role-token headers of people allowed to manage keys (the API_KEYS feature flag) in A and B. */
let keeperA: Record<string, string>;
let keeperB: Record<string, string>;

const flagged = (email: string, companyId: string, roles: string[]) =>
  flaggedMember(t, email, companyId, { API_KEYS: true }, roles);

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 4 });
  keeperA = await flagged("keeper-a@test.example", world.companies.a, ["administrator"]);
  keeperB = await flagged("keeper-b@test.example", world.companies.b, ["administrator"]);
  // Real HTTP, the way an integration calls: plain fetch with one header.
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
});
afterAll(async () => t?.close());

async function createKey(headers: Record<string, string>, name = "WMS") {
  const res = await t.app.inject({ method: "POST", url: "/api/api-keys", headers, payload: { name } });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; key: string; prefix: string; name: string };
}

const withKey = (key: string, path = "/label-reports") => fetch(`${base}${path}`, { headers: { "api-key": key } });

describe("API keys", () => {
  test("a new key is answered once, starts with cck_ and is stored only as a hash", async () => {
    const created = await createKey(keeperA);
    expect(created.key).toMatch(/^cck_[A-Za-z0-9_-]{8}_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const row = await t.database.db
      .selectFrom("apiKeys")
      .selectAll()
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(created.key);
    const list = (await t.app.inject({ method: "GET", url: "/api/api-keys", headers: keeperA })).json();
    expect(list.find((k: { id: string }) => k.id === created.id)).toMatchObject({
      name: "WMS",
      prefix: created.prefix,
      createdByName: "keeper-a@test.example",
      lastUsed: null,
    });
    expect(JSON.stringify(list)).not.toContain(created.key);
  });

  test("a key alone in the api-key header lists its company's label reports over plain HTTP", async () => {
    const { key } = await createKey(keeperA);
    const res = await withKey(key);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { companyId: string }[]; totalDocuments: number };
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((r) => r.companyId === world.companies.a)).toBe(true);
  });

  test("a key cannot read another company's report (404) and lists none of its reports", async () => {
    const { key } = await createKey(keeperA);
    expect((await withKey(key, `/label-reports/${world.reports.b[0]}`)).status).toBe(404);
    const list = await (await withKey(key, "/label-reports?filter=")).text();
    expect(list).not.toContain("Bravo");
    expect(list).not.toContain("B-0000");
  });

  test("a key only reads label reports: presets, users, settings and writes are 403", async () => {
    const { key } = await createKey(keeperA);
    expect((await withKey(key, "/label-presets")).status).toBe(403);
    expect((await withKey(key, "/users")).status).toBe(403);
    expect((await withKey(key, "/api-keys")).status).toBe(403);
    expect((await withKey(key, "/me")).status).toBe(403);
    const patch = await fetch(`${base}/label-reports/${world.reports.a[0]}`, {
      method: "PATCH",
      headers: { "api-key": key, "content-type": "application/json" },
      body: JSON.stringify({ isArchived: true, reason: "Shipment cancelled before loading" }),
    });
    expect(patch.status).toBe(403);
  });

  test("a revoked key stops working at once (401)", async () => {
    const { id, key } = await createKey(keeperA);
    expect((await withKey(key)).status).toBe(200);
    const revoke = await t.app.inject({ method: "DELETE", url: `/api/api-keys/${id}`, headers: keeperA });
    expect(revoke.statusCode).toBe(204);
    expect((await withKey(key)).status).toBe(401);
    const list = (await t.app.inject({ method: "GET", url: "/api/api-keys", headers: keeperA })).json();
    expect(list.map((k: { id: string }) => k.id)).not.toContain(id);
  });

  test("an unknown cck_ key is 401", async () => {
    expect((await withKey("cck_abcdefgh_not-a-real-key")).status).toBe(401);
  });

  test("use is recorded as last used", async () => {
    const { id, key } = await createKey(keeperA);
    await withKey(key);
    const row = await t.database.db
      .selectFrom("apiKeys")
      .select("lastUsed")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.lastUsed).not.toBeNull();
  });

  test("another company's key cannot be revoked (404) and keeps working", async () => {
    const other = await createKey(keeperB);
    const res = await t.app.inject({ method: "DELETE", url: `/api/api-keys/${other.id}`, headers: keeperA });
    expect(res.statusCode).toBe(404);
    expect((await withKey(other.key)).status).toBe(200);
  });

  test("another company's keys are not listed", async () => {
    const other = await createKey(keeperB, "B only");
    const list = (await t.app.inject({ method: "GET", url: "/api/api-keys", headers: keeperA })).json();
    expect(list.map((k: { id: string }) => k.id)).not.toContain(other.id);
  });

  test("without the API_KEYS feature flag even an administrator cannot create a key (403)", async () => {
    const headers = await t.headersFor(world.users["a:administrator"] as string, world.companies.a);
    expect(
      (await t.app.inject({ method: "POST", url: "/api/api-keys", headers, payload: { name: "x" } })).statusCode,
    ).toBe(403);
  });

  test("without the API_KEYS feature flag a member who is no administrator cannot list keys (403)", async () => {
    const headers = await t.headersFor(world.users["a:user"] as string, world.companies.a);
    expect((await t.app.inject({ method: "GET", url: "/api/api-keys", headers })).statusCode).toBe(403);
  });

  test("a key needs a name", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/api-keys", headers: keeperA, payload: { name: "  " } });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields[0].id).toBe("name");
  });

  test("creating and revoking keys is audited", async () => {
    const { id } = await createKey(keeperA, "Audited");
    await t.app.inject({ method: "DELETE", url: `/api/api-keys/${id}`, headers: keeperA });
    const actions = await t.database.db
      .selectFrom("auditLog")
      .select("action")
      .where("entity", "=", "apiKey")
      .where("entityId", "=", id)
      .orderBy("id")
      .execute();
    expect(actions.map((a) => a.action)).toEqual(["create", "revoke"]);
  });
});

describe("API key expiry", () => {
  const adminA = () => t.headersFor(world.users["a:administrator"] as string, world.companies.a);
  const patch = (id: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: "PATCH", url: `/api/api-keys/${id}`, headers, payload });
  const expire = (id: string) =>
    t.database.db
      .updateTable("apiKeys")
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where("id", "=", id)
      .execute();

  test("a new key works for a year unless its creator chooses otherwise", async () => {
    const created = await createKey(keeperA, "Yearly");
    const listed = (await t.app.inject({ method: "GET", url: "/api/api-keys", headers: keeperA }))
      .json()
      .find((k: { id: string }) => k.id === created.id);
    const days = (Date.parse(listed.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThan(365.1);
  });

  test("expiresInDays sets the expiry, null makes a key that does not expire", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/api-keys",
      headers: keeperA,
      payload: { name: "Forever", expiresInDays: null },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().expiresAt).toBeNull();
  });

  test("an expiry outside 1 to 1825 days is a 400 naming expiresInDays", async () => {
    for (const expiresInDays of [0, 1826, 2.5, "soon"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/api-keys",
        headers: keeperA,
        payload: { name: "Bad", expiresInDays },
      });
      expect(res.statusCode, String(expiresInDays)).toBe(400);
      expect(res.json().formFields.map((f: { id: string }) => f.id)).toContain("expiresInDays");
    }
  });

  test("an expired key gets 401 saying it expired and where to extend it", async () => {
    const { id, key } = await createKey(keeperA, "Expired");
    await expire(id);
    const res = await withKey(key);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toMatch(
      /^This API key expired on \d{4}-\d{2}-\d{2}: an administrator can extend it/,
    );
  });

  test("an administrator extends an expired key and it works again; the change is audited", async () => {
    const { id, key } = await createKey(keeperA, "Extended");
    await expire(id);
    const res = await patch(id, await adminA(), { expiresInDays: 30 });
    expect(res.statusCode).toBe(200);
    expect(Math.round((Date.parse(res.json().expiresAt) - Date.now()) / 86_400_000)).toBe(30);
    expect((await withKey(key)).status).toBe(200);
    const entry = await t.database.db
      .selectFrom("auditLog")
      .select(["action", "after"])
      .where("entity", "=", "apiKey")
      .where("entityId", "=", id)
      .where("action", "=", "update")
      .executeTakeFirst();
    expect(entry?.after).toMatchObject({ expiresAt: res.json().expiresAt });
  });

  test("a user of the company cannot change a key's expiry (403)", async () => {
    const { id } = await createKey(keeperA, "Not yours");
    const user = await t.headersFor(world.users["a:user"] as string, world.companies.a);
    expect((await patch(id, user, { expiresInDays: 30 })).statusCode).toBe(403);
  });

  test("an API key cannot change a key's expiry (403)", async () => {
    const { id, key } = await createKey(keeperA, "Self-extending");
    expect((await patch(id, { "api-key": key }, { expiresInDays: 1825 })).statusCode).toBe(403);
  });

  test("support impersonating an administrator cannot change a key's expiry (403)", async () => {
    const { id } = await createKey(keeperA, "Support");
    const token = await roleTokenFor(t.database.db, t.keys, {
      userId: world.users["a:administrator"] as string,
      companyId: world.companies.a,
      impersonatorUserId: world.users["operator:systemAdmin"] as string,
    });
    const res = await patch(id, { "api-key": token.secret, jwt: token.jwtToken }, { expiresInDays: 1825 });
    expect(res.statusCode).toBe(403);
  });

  test("another company's key is a 404 and keeps its expiry", async () => {
    const { id } = await createKey(keeperB, "Bravo's");
    expect((await patch(id, await adminA(), { expiresInDays: 1 })).statusCode).toBe(404);
  });

  test("without credentials changing an expiry is a 401", async () => {
    const { id } = await createKey(keeperA, "Anonymous");
    expect((await patch(id, {}, { expiresInDays: 1 })).statusCode).toBe(401);
  });
});

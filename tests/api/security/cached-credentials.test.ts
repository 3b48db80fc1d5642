import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { newApiKey } from "../../../server/auth/api-keys";
import { createTestApp, type TestApp } from "../support/app";
import { ProtocolClient } from "../support/protocol";
import { buildWorld, setEveryPassword, type World } from "../support/world";

/**
 * The server keeps verified role-token signatures and built abilities in
 * memory. A credential that was used (and so cached) must still die on the very next
 * request when it is revoked, and a changed role or flag must apply at once.
 */

let t: TestApp;
let world: World;
const PASSWORD = "Cached-pass-1";

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  await setEveryPassword(t.database.db, PASSWORD);
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: "GET", url, headers });
const user = (key: string) => world.users[key] as string;

/** Uses the headers a few times, so that whatever the server keeps about them is kept. */
async function warm(url: string, headers: Record<string, string>) {
  for (let i = 0; i < 3; i++) expect((await get(url, headers)).statusCode).toBe(200);
}

describe("a cached credential dies on the next request", () => {
  test("sign-out refuses the session's role token at once, however often it was used", async () => {
    const client = new ProtocolClient(t.app);
    expect((await client.signIn("a-handler@test.example", PASSWORD)).json().status).toBe("OK");
    expect((await client.companyToken(world.companies.a)).statusCode).toBe(200);
    const headers = client.roleHeaders as Record<string, string>;
    await warm("/api/label-reports", headers);
    expect((await client.call("POST", "/api/auth/signout")).statusCode).toBe(200);
    expect((await get("/api/label-reports", headers)).statusCode).toBe(401);
  });

  test("a removed member's role token is refused at once", async () => {
    const victim = await t.headersFor(user("b:handler"), world.companies.b);
    await warm("/api/label-reports", victim);
    const admin = await t.headersFor(user("b:administrator"), world.companies.b);
    const removed = await t.app.inject({ method: "DELETE", url: `/api/users/${user("b:handler")}`, headers: admin });
    expect(removed.statusCode).toBe(204);
    expect((await get("/api/label-reports", victim)).statusCode).toBe(401);
  });

  test("a revoked API key is refused on the next request even after it was cached", async () => {
    const { key, prefix, keyHash } = newApiKey();
    const row = await t.database.db
      .insertInto("apiKeys")
      .values({ companyId: world.companies.a, createdBy: null, name: "WMS", prefix, keyHash })
      .returning("id")
      .executeTakeFirstOrThrow();
    await warm("/api/label-reports", { "api-key": key });
    const admin = await t.headersFor(user("a:administrator"), world.companies.a);
    const revoked = await t.app.inject({ method: "DELETE", url: `/api/api-keys/${row.id}`, headers: admin });
    expect(revoked.statusCode).toBe(204);
    expect((await get("/api/label-reports", { "api-key": key })).statusCode).toBe(401);
  });

  test("an ended impersonation's token is refused on the next request", async () => {
    const system = await t.headersFor(user("operator:systemAdmin"), world.companies.operator);
    const started = await t.app.inject({
      method: "POST",
      url: "/api/auth/impersonate",
      headers: system,
      payload: { userId: user("a:user"), companyId: world.companies.a },
    });
    expect(started.statusCode).toBe(200);
    const { secret, jwtToken } = started.json().roleToken as { secret: string; jwtToken: string };
    const headers = { "api-key": secret, jwt: jwtToken };
    await warm("/api/label-reports", headers);
    expect((await t.app.inject({ method: "DELETE", url: "/api/auth/impersonate", headers })).statusCode).toBe(200);
    expect((await get("/api/label-reports", headers)).statusCode).toBe(401);
  });
});

describe("a changed grant applies on the next request", () => {
  test("an administrator demoted to user loses the label presets at once, with the same role token", async () => {
    const demoted = await t.headersFor(user("sub:administrator"), world.companies.sub);
    await warm("/api/label-presets", demoted);
    const system = await t.headersFor(user("sub:systemAdmin"), world.companies.sub);
    const changed = await t.app.inject({
      method: "PATCH",
      url: `/api/users/${user("sub:administrator")}`,
      headers: system,
      payload: { roles: ["user"] },
    });
    expect(changed.statusCode).toBe(200);
    expect((await get("/api/label-presets", demoted)).statusCode).toBe(403);
  });

  test("a feature flag switched off takes its right away at once, with the same role token", async () => {
    await t.database.db
      .updateTable("userRoles")
      .set({ featureFlags: JSON.stringify({ API_KEYS: true }) })
      .where("userId", "=", user("distributor:user"))
      .where("companyId", "=", world.companies.distributor)
      .execute();
    const headers = await t.headersFor(user("distributor:user"), world.companies.distributor);
    await warm("/api/api-keys", headers);
    await t.database.db
      .updateTable("userRoles")
      .set({ featureFlags: JSON.stringify({}) })
      .where("userId", "=", user("distributor:user"))
      .where("companyId", "=", world.companies.distributor)
      .execute();
    expect((await get("/api/api-keys", headers)).statusCode).toBe(403);
  });
});

describe("a cached signature vouches for nothing else", () => {
  test("another company's id swapped into a used role token's claims is refused", async () => {
    const headers = await t.headersFor(user("a:user"), world.companies.a);
    await warm("/api/label-reports", headers);
    const [head, body, signature] = (headers.jwt as string).split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, cid: world.companies.b })).toString("base64url");
    const res = await get("/api/label-reports", { ...headers, jwt: `${head}.${forged}.${signature}` });
    expect(res.statusCode).toBe(401);
  });
});

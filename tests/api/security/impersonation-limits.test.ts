import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pdfText } from "../../support/pdf-text";
import { createTestApp, type TestApp } from "../support/app";
import { buildWorld, type World } from "../support/world";

/** What an operator acting as someone else may not do, and what the customer sees. */

let t: TestApp;
let world: World;
let operator: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 2 });
  operator = await t.headersFor(world.users["operator:systemAdmin"] as string, world.companies.operator);
});
afterAll(async () => t?.close());

async function impersonate(userKey: string, company: keyof World["companies"]) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/impersonate",
    headers: operator,
    payload: { userId: world.users[userKey], companyId: world.companies[company] },
  });
  return res;
}

async function impersonating(userKey: string, company: keyof World["companies"]) {
  const res = await impersonate(userKey, company);
  expect(res.statusCode).toBe(200);
  const { roleToken } = res.json();
  return { "api-key": roleToken.secret, jwt: roleToken.jwtToken } as Record<string, string>;
}

/** Refused attempts in customer A's audit trail. */
async function refusals(entity: string, action: string) {
  return t.database.db
    .selectFrom("auditLog")
    .select(["actorUserId", "impersonatorUserId", "companyId", "after"])
    .where("entity", "=", entity)
    .where("action", "=", action)
    .where("companyId", "=", world.companies.a)
    .execute();
}

async function mailsTo(address: string) {
  const rows = await t.database.db.selectFrom("outbox").select("id").where("recipient", "=", address).execute();
  return rows.length;
}

/** Status codes the control center's impersonation log holds for one route. */
async function impersonationLog(method: string, path: string) {
  const rows = await t.database.db
    .selectFrom("impersonationRequests")
    .select("statusCode")
    .where("method", "=", method)
    .where("path", "=", path)
    .execute();
  return rows.map((row) => row.statusCode);
}

describe("impersonation limits", () => {
  test("a system administrator cannot impersonate another system administrator (403), and gets no token", async () => {
    const other = await t.database.db
      .insertInto("users")
      .values({ email: "second-operator@test.example", featureFlags: "{}" })
      .returning("id")
      .executeTakeFirstOrThrow();
    // A system administrator in the operator company, also a plain user of customer A.
    await t.database.db
      .insertInto("userRoles")
      .values([
        { userId: other.id, companyId: world.companies.operator, types: ["systemAdmin"] },
        { userId: other.id, companyId: world.companies.a, types: ["user"] },
      ])
      .execute();
    for (const companyId of [world.companies.operator, world.companies.a]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/impersonate",
        headers: operator,
        payload: { userId: other.id, companyId },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().roleToken).toBeUndefined();
    }
  });

  test("an API key cannot be created while impersonating (403), and the refused attempt is audited", async () => {
    // The impersonated administrator may create keys in their own right.
    await t.database.db
      .updateTable("userRoles")
      .set({ featureFlags: JSON.stringify({ API_KEYS: true }) })
      .where("userId", "=", world.users["a:administrator"] as string)
      .where("companyId", "=", world.companies.a)
      .execute();
    const headers = await impersonating("a:administrator", "a");
    const res = await t.app.inject({ method: "POST", url: "/api/api-keys", headers, payload: { name: "backdoor" } });
    expect(res.statusCode).toBe(403);
    const keys = await t.database.db
      .selectFrom("apiKeys")
      .select("id")
      .where("companyId", "=", world.companies.a)
      .execute();
    expect(keys).toEqual([]);
    const audit = await t.database.db
      .selectFrom("auditLog")
      .select(["actorUserId", "impersonatorUserId", "action"])
      .where("entity", "=", "apiKey")
      .where("companyId", "=", world.companies.a)
      .execute();
    expect(audit).toEqual([
      {
        actorUserId: world.users["a:administrator"],
        impersonatorUserId: world.users["operator:systemAdmin"],
        action: "create-refused",
      },
    ]);
    // The person themselves still can.
    const own = await t.headersFor(world.users["a:administrator"] as string, world.companies.a);
    expect(
      (await t.app.inject({ method: "POST", url: "/api/api-keys", headers: own, payload: { name: "ok" } })).statusCode,
    ).toBe(201);
  });

  test("an invitation cannot be sent while impersonating (403): no invitation, no e-mail, the attempt audited and logged", async () => {
    const headers = await impersonating("a:administrator", "a");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/user-invites",
      headers,
      payload: { email: "backdoor-admin@attacker.example", roles: ["administrator"] },
    });
    expect(res.statusCode).toBe(403);
    const invites = await t.database.db
      .selectFrom("invites")
      .select("id")
      .where("email", "=", "backdoor-admin@attacker.example")
      .execute();
    expect(invites).toEqual([]);
    expect(await mailsTo("backdoor-admin@attacker.example")).toBe(0);
    expect(await refusals("userInvite", "create-refused")).toEqual([
      {
        actorUserId: world.users["a:administrator"],
        impersonatorUserId: world.users["operator:systemAdmin"],
        companyId: world.companies.a,
        after: null,
      },
    ]);
    expect(await impersonationLog("POST", "/api/user-invites")).toEqual([403]);
    // The administrator themselves still can.
    const own = await t.headersFor(world.users["a:administrator"] as string, world.companies.a);
    const invited = await t.app.inject({
      method: "POST",
      url: "/api/user-invites",
      headers: own,
      payload: { email: "real-colleague@test.example", roles: ["user"] },
    });
    expect(invited.statusCode).toBe(201);
  });

  test("a pending invitation cannot be resent while impersonating (403): its link and inviter stay as they were", async () => {
    const own = await t.headersFor(world.users["a:administrator"] as string, world.companies.a);
    const invited = await t.app.inject({
      method: "POST",
      url: "/api/user-invites",
      headers: own,
      payload: { email: "pending-admin@test.example", roles: ["administrator"] },
    });
    expect(invited.statusCode).toBe(201);
    const id = invited.json().id as string;
    const before = await t.database.db
      .selectFrom("invites")
      .select(["tokenHash", "expires"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const headers = await impersonating("a:administrator", "a");
    const res = await t.app.inject({ method: "POST", url: `/api/user-invites/${id}/resend`, headers });
    expect(res.statusCode).toBe(403);
    const after = await t.database.db
      .selectFrom("invites")
      .select(["tokenHash", "expires"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect((await refusals("userInvite", "resend-refused")).length).toBe(1);
  });

  test("a member's roles cannot be changed while impersonating (403): the role stays, the attempt audited", async () => {
    const headers = await impersonating("a:administrator", "a");
    const target = world.users["a:user"] as string;
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/users/${target}`,
      headers,
      payload: { roles: ["administrator"] },
    });
    expect(res.statusCode).toBe(403);
    const role = await t.database.db
      .selectFrom("userRoles")
      .select("types")
      .where("userId", "=", target)
      .where("companyId", "=", world.companies.a)
      .executeTakeFirstOrThrow();
    expect(role.types).toEqual(["user"]);
    expect(await refusals("user", "update-refused")).toEqual([
      {
        actorUserId: world.users["a:administrator"],
        impersonatorUserId: world.users["operator:systemAdmin"],
        companyId: world.companies.a,
        after: null,
      },
    ]);
  });

  test("a sub-company's first administrator cannot be invited while impersonating (403), and nothing is created", async () => {
    const headers = await impersonating("distributor:distributorAdmin", "distributor");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/sub-companies",
      headers,
      payload: { name: "Backdoor Ltd", administratorEmail: "sub-backdoor@attacker.example" },
    });
    expect(res.statusCode).toBe(403);
    const created = await t.database.db
      .selectFrom("companies")
      .select("id")
      .where("name", "=", "Backdoor Ltd")
      .execute();
    expect(created).toEqual([]);
    expect(await mailsTo("sub-backdoor@attacker.example")).toBe(0);
    const audited = await t.database.db
      .selectFrom("auditLog")
      .select(["impersonatorUserId", "after"])
      .where("entity", "=", "userInvite")
      .where("action", "=", "create-refused")
      .where("companyId", "=", world.companies.distributor)
      .execute();
    expect(audited).toEqual([
      {
        impersonatorUserId: world.users["operator:systemAdmin"],
        after: { email: "sub-backdoor@attacker.example", roles: ["administrator"] },
      },
    ]);
  });

  test("a customer's audit trail shows 'ColdChain support — <operator's name> (on behalf of …)', never the operator's e-mail", async () => {
    const reportId = world.reports.a[0] as string;
    const headers = await impersonating("a:trimmer", "a");
    const trimmed = await t.app.inject({
      method: "POST",
      url: `/api/label-reports/${reportId}/trim`,
      headers,
      payload: { start: null, end: null, reason: "support fix" },
    });
    expect(trimmed.statusCode).toBe(200);
    const customer = await t.headersFor(world.users["a:user"] as string, world.companies.a);
    const res = await t.app.inject({ method: "GET", url: `/api/label-reports/${reportId}/audit`, headers: customer });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("operator-systemAdmin@test.example");
    expect(res.json()[0]).toMatchObject({
      actor: "ColdChain support — operator-systemAdmin Tester (on behalf of a-trimmer Tester)",
      impersonated: true,
    });
  });

  test("the PDF of a report trimmed by support names 'ColdChain support — <operator's name> (on behalf of …)', never the operator's e-mail", async () => {
    const reportId = world.reports.a[1] as string;
    const customer = await t.headersFor(world.users["a:user"] as string, world.companies.a);
    const report = (
      await t.app.inject({ method: "GET", url: `/api/label-reports/${reportId}`, headers: customer })
    ).json();
    const start = new Date(report.startTime);
    const headers = await impersonating("a:trimmer", "a");
    const trimmed = await t.app.inject({
      method: "POST",
      url: `/api/label-reports/${reportId}/trim`,
      headers,
      payload: {
        start: start.toISOString(),
        end: new Date(start.getTime() + 3_600_000).toISOString(),
        reason: "label started before loading",
      },
    });
    expect(trimmed.statusCode).toBe(200);
    const pdf = await t.app.inject({ method: "GET", url: `/api/label-reports/${reportId}/export`, headers: customer });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain("ColdChain support — operator-systemAdmin Tester (on behalf of a-trimmer Tester)");
    expect(text).not.toContain("operator-systemAdmin@test.example");
  });
});

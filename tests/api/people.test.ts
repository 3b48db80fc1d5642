import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { ProtocolClient } from "./support/protocol";
import { buildWorld, type World } from "./support/world";

/** The people rules: members, invitations, sub-companies, impersonation trail. */

let t: TestApp;
let world: World;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 2 });
});
afterAll(async () => t?.close());

const as = (key: string, company: keyof World["companies"]) =>
  t.headersFor(world.users[key] as string, world.companies[company]);
const lastMail = (to: string) =>
  t.database.db
    .selectFrom("outbox")
    .selectAll()
    .where("recipient", "=", to)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
const tokenIn = async (to: string) =>
  new URL(/(http:\/\/\S+)/.exec((await lastMail(to)).text)?.[1] as string).searchParams.get("token") as string;
const signUp = (email: string, token: string) =>
  new ProtocolClient(t.app).call(
    "POST",
    "/api/auth/signup",
    {
      formFields: [
        { id: "email", value: email },
        { id: "password", value: "Invited-pass-1" },
      ],
    },
    { "invite-token": token },
  );
const invite = async (headers: Record<string, string>, email: string, roles: string[]) =>
  t.app.inject({ method: "POST", url: "/api/user-invites", headers, payload: { email, roles } });

describe("the member list", () => {
  test("the search box finds members by e-mail address as well as by name", async () => {
    const headers = await as("a:administrator", "a");
    const res = await t.app.inject({
      method: "GET",
      url: `/api/users?filter=${encodeURIComponent("nameOrEmail[ilike]a-handler@")}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((u: { email: string }) => u.email)).toEqual(["a-handler@test.example"]);
  });

  test("filtering by role lists only members holding one of the roles, with their roles in this company", async () => {
    const headers = await as("a:user", "a");
    const res = await t.app.inject({
      method: "GET",
      url: `/api/users?filter=${encodeURIComponent("roles[includes]handler|subHandler")}`,
      headers,
    });
    const emails = res.json().data.map((u: { email: string }) => u.email);
    expect(emails.sort()).toEqual(["a-handler@test.example", "a-subHandler@test.example"]);
  });

  test("the list holds 50 members a page by default", async () => {
    const headers = await as("a:user", "a");
    const ids = await t.database.db
      .insertInto("users")
      .values(
        Array.from({ length: 55 }, (_, i) => ({
          email: `bulk${i}@test.example`,
          firstName: "Bulk",
          featureFlags: "{}",
        })),
      )
      .returning("id")
      .execute();
    await t.database.db
      .insertInto("userRoles")
      .values(ids.map(({ id }) => ({ userId: id, companyId: world.companies.a, types: ["user"] })))
      .execute();
    const res = (await t.app.inject({ method: "GET", url: "/api/users", headers })).json();
    expect(res.data).toHaveLength(50);
    expect(res.totalDocuments).toBeGreaterThan(55);
  });
});

describe("privilege escalation is refused", () => {
  test("a user cannot invite an administrator (403)", async () => {
    const res = await invite(await as("a:user", "a"), "escalate1@test.example", ["administrator"]);
    expect(res.statusCode).toBe(403);
  });

  test("an administrator cannot grant systemAdmin by changing roles (403)", async () => {
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/users/${world.users["a:user"]}`,
      headers: await as("a:administrator", "a"),
      payload: { roles: ["systemAdmin"] },
    });
    expect(res.statusCode).toBe(403);
  });

  test("an administrator cannot grant systemAdmin by inviting (403)", async () => {
    const res = await invite(await as("a:administrator", "a"), "escalate2@test.example", ["systemAdmin"]);
    expect(res.statusCode).toBe(403);
  });

  test("an administrator cannot remove their own last administrator role (403, roles unchanged)", async () => {
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/users/${world.users["a:administrator"]}`,
      headers: await as("a:administrator", "a"),
      payload: { roles: ["user"] },
    });
    expect(res.statusCode).toBe(403);
    const row = await t.database.db
      .selectFrom("userRoles")
      .select("types")
      .where("userId", "=", world.users["a:administrator"] as string)
      .executeTakeFirstOrThrow();
    expect(row.types).toEqual(["administrator"]);
  });

  test("a distributor administrator cannot invite a system administrator (403)", async () => {
    const res = await invite(await as("distributor:distributorAdmin", "distributor"), "esc3@test.example", [
      "user",
      "systemAdmin",
    ]);
    expect(res.statusCode).toBe(403);
  });

  test("a system administrator keeps an administrator role when changing their own roles", async () => {
    const headers = await as("operator:systemAdmin", "operator");
    const url = `/api/users/${world.users["operator:systemAdmin"]}`;
    const dropped = await t.app.inject({ method: "PATCH", url, headers, payload: { roles: ["handler"] } });
    expect(dropped.statusCode).toBe(400);
    expect(dropped.json().formFields).toEqual([{ id: "roles", error: "Keep an administrator role" }]);
    const kept = await t.app.inject({ method: "PATCH", url, headers, payload: { roles: ["systemAdmin", "handler"] } });
    expect(kept.statusCode).toBe(200);
  });
});

describe("other companies' members are out of reach", () => {
  test("reading a member of another company is 404", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/users/${world.users["b:user"]}`,
      headers: await as("a:administrator", "a"),
    });
    expect(res.statusCode).toBe(404);
  });

  test("removing a member of another company is 404 and leaves them in place", async () => {
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/users/${world.users["b:user"]}`,
      headers: await as("operator:systemAdmin", "operator"),
    });
    expect(res.statusCode).toBe(404);
    const left = await t.database.db
      .selectFrom("userRoles")
      .select("id")
      .where("userId", "=", world.users["b:user"] as string)
      .execute();
    expect(left).toHaveLength(1);
  });

  test("an administrator cannot remove another company's member (404)", async () => {
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/users/${world.users["b:user"]}`,
      headers: await as("a:administrator", "a"),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("invitation links", () => {
  test("an invitation is spent by its sign-up: the same link cannot make a second account", async () => {
    await invite(await as("a:administrator", "a"), "once@test.example", ["user"]);
    const token = await tokenIn("once@test.example");
    expect((await signUp("once@test.example", token)).json().status).toBe("OK");
    const again = await signUp("once@test.example", token);
    expect(again.json().status).not.toBe("OK");
    const pre = await t.app.inject({
      method: "GET",
      url: "/api/userInvites/preRegister",
      headers: { "api-key": token, jwt: token },
    });
    expect(pre.statusCode).toBe(404);
  });

  test("an invitation older than 7 days no longer signs anyone up", async () => {
    const created = (await invite(await as("a:administrator", "a"), "late@test.example", ["user"])).json();
    const token = await tokenIn("late@test.example");
    expect(Date.parse(created.expires) - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    await t.database.db
      .updateTable("invites")
      .set({ expires: new Date(Date.now() - 1000) })
      .where("id", "=", created.id)
      .execute();
    const res = await signUp("late@test.example", token);
    expect(res.json().status).toBe("SIGN_UP_NOT_ALLOWED");
    const account = await t.database.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "late@test.example")
      .executeTakeFirst();
    expect(account).toBeUndefined();
  });

  test("resending an invitation mails a new link that works while the old one is dead", async () => {
    const headers = await as("a:administrator", "a");
    const created = (await invite(headers, "again@test.example", ["user"])).json();
    const oldToken = await tokenIn("again@test.example");
    await t.app.inject({ method: "POST", url: `/api/user-invites/${created.id}/resend`, headers });
    const newToken = await tokenIn("again@test.example");
    expect(newToken).not.toBe(oldToken);
    expect((await signUp("again@test.example", oldToken)).json().status).toBe("SIGN_UP_NOT_ALLOWED");
    expect((await signUp("again@test.example", newToken)).json().status).toBe("OK");
  });

  test("a revoked invitation signs nobody up", async () => {
    const headers = await as("a:administrator", "a");
    const created = (await invite(headers, "revoked@test.example", ["user"])).json();
    const token = await tokenIn("revoked@test.example");
    await t.app.inject({ method: "DELETE", url: `/api/user-invites/${created.id}`, headers });
    expect((await signUp("revoked@test.example", token)).json().status).toBe("SIGN_UP_NOT_ALLOWED");
  });

  test("another company's administrator cannot resend an invitation (404)", async () => {
    const created = (await invite(await as("a:administrator", "a"), "mine@test.example", ["user"])).json();
    const res = await t.app.inject({
      method: "POST",
      url: `/api/user-invites/${created.id}/resend`,
      headers: await as("b:administrator", "b"),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("control-center companies with their first administrator", () => {
  const create = async (payload: object) =>
    t.app.inject({
      method: "POST",
      url: "/api/companies",
      headers: await as("operator:systemAdmin", "operator"),
      payload,
    });

  test("creating a company invites its first administrator, whose link signs them up there", async () => {
    const res = await create({
      name: "Polar Vaccines",
      type: "customer",
      administratorEmail: "Polar.Admin@test.example",
    });
    expect(res.statusCode).toBe(201);
    const mail = await lastMail("polar.admin@test.example");
    expect(mail.subject).toContain("Polar Vaccines");
    expect(mail.text).toContain("/signup?token=");
    const signup = await signUp("polar.admin@test.example", await tokenIn("polar.admin@test.example"));
    expect(signup.json().roles[0]).toMatchObject({ type: ["administrator"], company: { id: res.json().id } });
  });

  test("the company and its invitation are written together, and both are audited", async () => {
    const res = await create({ name: "Audited Co", administratorEmail: "audited.admin@test.example" });
    const id = res.json().id as string;
    const invites = await t.database.db.selectFrom("invites").selectAll().where("companyId", "=", id).execute();
    expect(invites.map((i) => [i.email, i.types])).toEqual([["audited.admin@test.example", ["administrator"]]]);
    const audit = await t.database.db
      .selectFrom("auditLog")
      .select(["action", "entity"])
      .where((eb) => eb.or([eb("entityId", "=", id), eb("entityId", "=", invites[0]?.id as string)]))
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: "create", entity: "company" },
        { action: "create", entity: "userInvite" },
      ]),
    );
  });

  test("a bad administrator e-mail is 400 on that field, creates no company and sends no mail", async () => {
    const res = await create({ name: "Never Made Either", administratorEmail: "not-an-address" });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields[0].id).toBe("administratorEmail");
    const made = await t.database.db
      .selectFrom("companies")
      .select("id")
      .where("name", "=", "Never Made Either")
      .executeTakeFirst();
    expect(made).toBeUndefined();
  });

  test("a company fails as a whole: a bad parent creates neither the company nor the invitation", async () => {
    const res = await create({
      name: "Orphan Co",
      parentId: "00000000-0000-4000-8000-000000000000",
      administratorEmail: "orphan.admin@test.example",
    });
    expect(res.statusCode).toBe(404);
    const invites = await t.database.db
      .selectFrom("invites")
      .select("id")
      .where("email", "=", "orphan.admin@test.example")
      .execute();
    expect(invites).toEqual([]);
    const mails = await t.database.db
      .selectFrom("outbox")
      .select("id")
      .where("recipient", "=", "orphan.admin@test.example")
      .execute();
    expect(mails).toEqual([]);
  });
});

describe("sub-companies with their first administrator", () => {
  test("creating a sub-company invites its first administrator, whose link signs them up there", async () => {
    const headers = await as("distributor:distributorAdmin", "distributor");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/sub-companies",
      headers,
      payload: {
        name: "Fjord Pharma",
        city: "Bergen",
        country: "Norway",
        addresses: [{ label: "Main", line1: "Bryggen 1", postalCode: "5003", city: "Bergen", country: "Norway" }],
        administratorEmail: "First.Admin@test.example",
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ parentId: world.companies.distributor, userCount: 0, reportCount: 0 });
    const signup = await signUp("first.admin@test.example", await tokenIn("first.admin@test.example"));
    expect(signup.json().roles[0]).toMatchObject({ type: ["administrator"], company: { id: res.json().id } });
  });

  test("a bad administrator e-mail is 400 on that field and creates no company", async () => {
    const headers = await as("distributor:distributorAdmin", "distributor");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/sub-companies",
      headers,
      payload: { name: "Never Made", administratorEmail: "not-an-address" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields[0].id).toBe("administratorEmail");
    const made = await t.database.db
      .selectFrom("companies")
      .select("id")
      .where("name", "=", "Never Made")
      .executeTakeFirst();
    expect(made).toBeUndefined();
  });

  test("a distributor lists only its own sub-companies", async () => {
    const other = await t.database.db
      .insertInto("companies")
      .values({ name: "Other Distributor", type: "distributor", addresses: "[]", billing: "{}" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto("companies")
      .values({ name: "Not Yours", type: "customer", parentId: other.id, addresses: "[]", billing: "{}" })
      .execute();
    const headers = await as("distributor:distributorAdmin", "distributor");
    const list = (await t.app.inject({ method: "GET", url: "/api/sub-companies", headers })).json();
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((c: { parentId: string }) => c.parentId === world.companies.distributor)).toBe(true);
  });

  test("a sub-company's details carry its users and label reports counts", async () => {
    const headers = await as("distributor:distributorAdmin", "distributor");
    const res = await t.app.inject({ method: "GET", url: `/api/sub-companies/${world.companies.sub}`, headers });
    expect(res.json()).toMatchObject({ userCount: 6, reportCount: 5 });
  });

  test("an administrator (not a distributor) cannot create sub-companies (403)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/sub-companies",
      headers: await as("a:administrator", "a"),
      payload: { name: "Sneaky" },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("the impersonation trail", () => {
  const impersonate = async (userKey: string, company: keyof World["companies"]) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/impersonate",
      headers: await as("operator:systemAdmin", "operator"),
      payload: { userId: world.users[userKey], companyId: world.companies[company] },
    });
    const { roleToken } = res.json();
    return { "api-key": roleToken.secret, jwt: roleToken.jwtToken };
  };

  test("every request made while impersonating is written down: who, as whom, method, path, status", async () => {
    const headers = await impersonate("a:administrator", "a");
    await t.app.inject({ method: "GET", url: "/api/label-reports?pageSize=5", headers });
    await t.app.inject({ method: "GET", url: `/api/users/${world.users["b:user"]}`, headers });
    const rows = await t.database.db
      .selectFrom("impersonationRequests")
      .selectAll()
      .where("userId", "=", world.users["a:administrator"] as string)
      .orderBy("id")
      .execute();
    expect(rows.map((r) => [r.method, r.path, r.statusCode])).toEqual([
      ["GET", "/api/label-reports", 200],
      ["GET", `/api/users/${world.users["b:user"]}`, 404],
    ]);
    expect(rows[0]).toMatchObject({
      impersonatorUserId: world.users["operator:systemAdmin"],
      companyId: world.companies.a,
    });
  });

  test("requests with one's own token are not written to the trail", async () => {
    const before = await t.database.db.selectFrom("impersonationRequests").select("id").execute();
    await t.app.inject({ method: "GET", url: "/api/label-reports", headers: await as("a:user", "a") });
    const after = await t.database.db.selectFrom("impersonationRequests").select("id").execute();
    expect(after).toHaveLength(before.length);
  });

  test("system administrators read the trail newest first, page by page", async () => {
    const headers = await impersonate("b:user", "b");
    await t.app.inject({ method: "GET", url: "/api/label-presets", headers });
    const sys = await as("operator:systemAdmin", "operator");
    const res = await t.app.inject({
      method: "GET",
      url: "/api/control-center/impersonation-log?pageSize=1",
      headers: sys,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().totalDocuments).toBeGreaterThan(1);
    expect(res.json().data[0]).toMatchObject({
      impersonatorEmail: "operator-systemAdmin@test.example",
      userEmail: "b-user@test.example",
      companyName: "Bravo",
      method: "GET",
      path: "/api/label-presets",
    });
  });

  test("an administrator cannot read the trail (403)", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/control-center/impersonation-log",
      headers: await as("a:administrator", "a"),
    });
    expect(res.statusCode).toBe(403);
  });

  test("a system administrator lists any company's members, to pick whom to impersonate", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/control-center-companies/${world.companies.b}/users?filter=${encodeURIComponent("roles[includes]administrator")}`,
      headers: await as("operator:systemAdmin", "operator"),
    });
    expect(res.json().data.map((u: { email: string }) => u.email)).toEqual(["b-administrator@test.example"]);
  });
});

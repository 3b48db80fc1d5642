import { hash } from "@node-rs/argon2";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { apiKeyOf } from "./support/ingest";
import { ProtocolClient } from "./support/protocol";
import { buildWorld, type World } from "./support/world";

/**
 * Sessions end after inactivity and after an absolute lifetime. Time is moved by writing the session's timestamps, not by waiting.
 */

let t: TestApp;
let world: World;
const PASSWORD = "Correct-horse-42";
const MAX_SESSION_HOURS = 12;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp({
    sessionSettings: {
      accessTokenSeconds: 60,
      refreshTokenSeconds: 3600,
      refreshGraceSeconds: 1,
      maxSessionHours: MAX_SESSION_HOURS,
    },
  });
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  const passwordHash = await hash(PASSWORD);
  await t.database.db.updateTable("users").set({ passwordHash }).execute();
});
afterAll(async () => t?.close());

const email = (key: string) => `${key.replace(":", "-")}@test.example`;

/** A signed-in person working in their company (the session remembers it), as the dashboard is. */
async function signedIn(key: string, company: keyof World["companies"]) {
  const client = new ProtocolClient(t.app);
  expect((await client.signIn(email(key), PASSWORD)).statusCode).toBe(200);
  expect((await client.companyToken(world.companies[company])).statusCode).toBe(200);
  return client;
}

function handleOf(client: ProtocolClient): string {
  const payload = JSON.parse(Buffer.from(client.accessToken?.split(".")[1] ?? "", "base64url").toString("utf8"));
  return payload.sessionHandle as string;
}

/** Moves a session's last reported action back by `minutes`. */
async function idleFor(client: ProtocolClient, minutes: number) {
  await t.database.db
    .updateTable("sessions")
    .set({ lastActiveAt: new Date(Date.now() - minutes * MINUTE) })
    .where("handle", "=", handleOf(client))
    .execute();
}

/** Makes a session look as if it had been signed in `hours` ago (created is never updated by the app). */
async function signedInAgo(client: ProtocolClient, hours: number) {
  await sql`update sessions set created = ${new Date(Date.now() - hours * 3_600_000)} where handle = ${handleOf(client)}`.execute(
    t.database.db,
  );
}

async function lastActiveAt(client: ProtocolClient): Promise<number> {
  const row = await t.database.db
    .selectFrom("sessions")
    .select("lastActiveAt")
    .where("handle", "=", handleOf(client))
    .executeTakeFirstOrThrow();
  return row.lastActiveAt.getTime();
}

const refreshClaiming = (client: ProtocolClient, lastActivity?: number) =>
  lastActivity === undefined ? client.refresh() : refreshWithHeader(client, String(lastActivity));

async function refreshWithHeader(client: ProtocolClient, value: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/session/refresh",
    headers: {
      "st-auth-mode": "header",
      rid: "session",
      authorization: `Bearer ${client.refreshToken}`,
      "last-activity": value,
    },
  });
  const rt = res.headers["st-refresh-token"];
  const at = res.headers["st-access-token"];
  if (typeof rt === "string") client.refreshToken = rt || undefined;
  if (typeof at === "string") client.accessToken = at || undefined;
  return res;
}

const reportActivity = (client: ProtocolClient, lastActivity: number) =>
  client.call("POST", "/api/auth/session/activity", undefined, {
    rid: "session",
    "last-activity": String(lastActivity),
  });

async function setMinutes(company: keyof World["companies"], minutes: number) {
  await t.database.db
    .updateTable("companies")
    .set({ inactivitySignOutMinutes: minutes })
    .where("id", "=", world.companies[company])
    .execute();
}

describe("the refresh after inactivity", () => {
  test("is refused (440, cleared) once the company's limit has passed without a user action", async () => {
    const client = await signedIn("a:user", "a");
    const roleHeaders = client.roleHeaders as Record<string, string>;
    await idleFor(client, 31);
    const res = await client.refresh();
    expect(res.statusCode).toBe(440);
    expect(res.json()).toEqual({ message: "unauthorised" });
    expect(res.headers["front-token"]).toBe("remove");
    // The session has ended, and the role token minted under it with it.
    const list = await t.app.inject({ method: "GET", url: "/api/label-reports", headers: roleHeaders });
    expect(list.statusCode).toBe(401);
  });

  test("is accepted while the person is active, and a reported action moves the last activity", async () => {
    const client = await signedIn("a:user", "a");
    await idleFor(client, 29);
    expect((await client.refresh()).statusCode).toBe(200);
    // An action 2 minutes ago, reported with the refresh, keeps the session for 30 more minutes.
    await idleFor(client, 40);
    const res = await refreshClaiming(client, Date.now() - 2 * MINUTE);
    expect(res.statusCode).toBe(200);
    expect(await lastActiveAt(client)).toBeGreaterThan(Date.now() - 3 * MINUTE);
  });

  test("a background request is not activity: only the last-activity claim moves it", async () => {
    const client = await signedIn("a:user", "a");
    await idleFor(client, 20);
    const before = await lastActiveAt(client);
    await t.app.inject({ method: "GET", url: "/api/label-reports", headers: client.roleHeaders });
    expect((await client.refresh()).statusCode).toBe(200);
    expect(await lastActiveAt(client)).toBe(before);
  });

  test("an action reported through the activity call counts, and answers the limits", async () => {
    const client = await signedIn("a:user", "a");
    await idleFor(client, 25);
    const res = await reportActivity(client, Date.now() - MINUTE);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.inactivitySignOutMinutes).toBe(30);
    expect(Date.parse(body.lastActiveAt)).toBeGreaterThan(Date.now() - 2 * MINUTE);
    expect(Date.parse(body.signedInUntil)).toBeGreaterThan(Date.now() + (MAX_SESSION_HOURS * 60 - 5) * MINUTE);
    // An older claim never moves the last activity back.
    await reportActivity(client, Date.now() - 20 * MINUTE);
    expect(await lastActiveAt(client)).toBeGreaterThan(Date.now() - 2 * MINUTE);
  });

  test("an action claimed in the future counts as now, so it buys no idle time", async () => {
    const client = await signedIn("a:user", "a");
    const future = Date.now() + 10 * 60 * MINUTE;
    expect((await refreshClaiming(client, future)).statusCode).toBe(200);
    expect(await lastActiveAt(client)).toBeLessThanOrEqual(Date.now());
    await reportActivity(client, future);
    expect(await lastActiveAt(client)).toBeLessThanOrEqual(Date.now());
    // Thirty-one minutes later the future claim has not kept it alive.
    await idleFor(client, 31);
    expect((await refreshClaiming(client, future)).statusCode).toBe(200);
    await idleFor(client, 31);
    expect((await client.refresh()).statusCode).toBe(440);
  });

  test("a malformed claim is ignored", async () => {
    const client = await signedIn("a:user", "a");
    await idleFor(client, 31);
    expect((await refreshWithHeader(client, "soon")).statusCode).toBe(440);
  });

  test("follows the company's own setting", async () => {
    await setMinutes("b", 5);
    try {
      const client = await signedIn("b:user", "b");
      await idleFor(client, 6);
      expect((await client.refresh()).statusCode).toBe(440);
      await setMinutes("b", 240);
      const patient = await signedIn("b:user", "b");
      await idleFor(patient, 200);
      expect((await patient.refresh()).statusCode).toBe(200);
    } finally {
      await setMinutes("b", 30);
    }
  });

  test("a session without a company uses the default 30 minutes", async () => {
    const client = new ProtocolClient(t.app);
    await client.signIn(email("a:user"), PASSWORD);
    await idleFor(client, 29);
    expect((await client.refresh()).statusCode).toBe(200);
    await idleFor(client, 31);
    expect((await client.refresh()).statusCode).toBe(440);
  });

  test("an impersonation ends with the operator's idle session", async () => {
    const operator = await signedIn("operator:systemAdmin", "operator");
    const started = await t.app.inject({
      method: "POST",
      url: "/api/auth/impersonate",
      headers: operator.roleHeaders,
      payload: { userId: world.users["a:user"], companyId: world.companies.a },
    });
    expect(started.statusCode).toBe(200);
    const { roleToken } = started.json();
    const asUser = { "api-key": roleToken.secret, jwt: roleToken.jwtToken };
    expect((await t.app.inject({ method: "GET", url: "/api/label-reports", headers: asUser })).statusCode).toBe(200);
    await idleFor(operator, 31);
    expect((await operator.refresh()).statusCode).toBe(440);
    expect((await t.app.inject({ method: "GET", url: "/api/label-reports", headers: asUser })).statusCode).toBe(401);
  });
});

describe("role tokens of an idle session", () => {
  const list = (headers: Record<string, string> | undefined) =>
    t.app.inject({ method: "GET", url: "/api/label-reports", headers });

  test("keep working within the limit and a 10-minute margin (the server hears of actions late)", async () => {
    const client = await signedIn("a:user", "a");
    await idleFor(client, 39);
    expect((await list(client.roleHeaders)).statusCode).toBe(200);
  });

  test("stop past it, even before any refresh", async () => {
    const client = await signedIn("a:user", "a");
    await idleFor(client, 41);
    expect((await list(client.roleHeaders)).statusCode).toBe(401);
  });

  test("follow the session's company's limit", async () => {
    await setMinutes("b", 240);
    try {
      const client = await signedIn("b:user", "b");
      await idleFor(client, 245);
      expect((await list(client.roleHeaders)).statusCode).toBe(200);
      await idleFor(client, 251);
      expect((await list(client.roleHeaders)).statusCode).toBe(401);
    } finally {
      await setMinutes("b", 30);
    }
  });
});

describe("the absolute session lifetime", () => {
  test("refuses the refresh after SESSION_MAX_HOURS, however active the person is", async () => {
    const client = await signedIn("a:user", "a");
    await signedInAgo(client, MAX_SESSION_HOURS - 1);
    expect((await refreshClaiming(client, Date.now())).statusCode).toBe(200);
    await signedInAgo(client, MAX_SESSION_HOURS + 0.1);
    const res = await refreshClaiming(client, Date.now());
    expect(res.statusCode).toBe(440);
    expect(res.headers["front-token"]).toBe("remove");
  });

  test("a refresh token never outlives the session's end", async () => {
    const client = await signedIn("a:user", "a");
    await signedInAgo(client, MAX_SESSION_HOURS - 0.25);
    expect((await client.refresh()).statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom("sessions")
      .select(["expires", "created"])
      .where("handle", "=", handleOf(client))
      .executeTakeFirstOrThrow();
    expect(row.expires.getTime()).toBe(row.created.getTime() + MAX_SESSION_HOURS * 3_600_000);
  });
});

describe("the company setting inactivitySignOutMinutes", () => {
  const patch = (payload: object, headers: Record<string, string>) =>
    t.app.inject({ method: "PATCH", url: "/api/company", headers, payload });
  let admin: Record<string, string>;
  beforeAll(async () => {
    admin = await t.headersFor(world.users["a:administrator"] as string, world.companies.a);
  });

  test("is 30 by default", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/company", headers: admin });
    expect(res.json().inactivitySignOutMinutes).toBe(30);
  });

  test.each([4, 241, 30.5])("%s is a 400 on the field", async (value) => {
    const res = await patch({ inactivitySignOutMinutes: value }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields.map((f: { id: string }) => f.id)).toEqual(["inactivitySignOutMinutes"]);
  });

  test.each([5, 240])("%s is accepted", async (value) => {
    const res = await patch({ inactivitySignOutMinutes: value }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().inactivitySignOutMinutes).toBe(value);
  });

  test("only administrators change it: other roles 403, an API key 403, nobody 401", async () => {
    for (const role of ["user", "handler", "subHandler"]) {
      const headers = await t.headersFor(world.users[`a:${role}`] as string, world.companies.a);
      expect((await patch({ inactivitySignOutMinutes: 60 }, headers)).statusCode).toBe(403);
    }
    const key = await apiKeyOf(t.database.db, world.companies.a, ["read", "ingest"]);
    expect((await patch({ inactivitySignOutMinutes: 60 }, { "api-key": key })).statusCode).toBe(403);
    expect((await patch({ inactivitySignOutMinutes: 60 }, {})).statusCode).toBe(401);
  });

  test("a change is in the audit trail, before and after", async () => {
    await patch({ inactivitySignOutMinutes: 45 }, admin);
    const res = await patch({ inactivitySignOutMinutes: 90 }, admin);
    expect(res.statusCode).toBe(200);
    const entry = await t.database.db
      .selectFrom("auditLog")
      .select(["action", "before", "after", "actorUserId"])
      .where("entity", "=", "company")
      .where("entityId", "=", world.companies.a)
      .orderBy("at", "desc")
      .executeTakeFirstOrThrow();
    expect(entry.action).toBe("update");
    expect(entry.before).toMatchObject({ inactivitySignOutMinutes: 45 });
    expect(entry.after).toMatchObject({ inactivitySignOutMinutes: 90 });
    expect(entry.actorUserId).toBe(world.users["a:administrator"]);
    await patch({ inactivitySignOutMinutes: 30 }, admin);
  });
});

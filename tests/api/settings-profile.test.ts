import { hash } from "@node-rs/argon2";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { alertAudience } from "../../server/notifications/recipients";
import { createTestApp, type TestApp } from "./support/app";
import { ProtocolClient } from "./support/protocol";
import { buildWorld, type World } from "./support/world";

let t: TestApp;
let world: World;
const PASSWORD = "Original-pass-1";

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 2 });
  const passwordHash = await hash(PASSWORD);
  await t.database.db.updateTable("users").set({ passwordHash }).execute();
  // a-user also works in company B (notifications per company).
  await t.database.db
    .insertInto("userRoles")
    .values({ userId: world.users["a:user"] as string, companyId: world.companies.b, types: ["user"] })
    .execute();
});
afterAll(async () => t?.close());

const as = (key: string, company: keyof World["companies"] = "a") =>
  t.headersFor(world.users[key] as string, world.companies[company]);

async function signedIn(email: string, password = PASSWORD) {
  const client = new ProtocolClient(t.app);
  const res = await client.signIn(email, password);
  expect(res.json().status).toBe("OK");
  expect((await client.companyToken(world.companies.a)).statusCode).toBe(200);
  return client;
}

describe("personal details", () => {
  test("a person reads and changes their own names", async () => {
    const headers = await as("a:handler");
    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers,
      payload: { firstName: " Hanna ", lastName: "Berg" },
    });
    expect(res.statusCode).toBe(200);
    const me = (await t.app.inject({ method: "GET", url: "/api/me", headers })).json();
    expect(me).toMatchObject({ firstName: "Hanna", lastName: "Berg", phone: null });
    expect(me.email).toBe("a-handler@test.example");
  });

  test("an empty first name is refused", async () => {
    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: await as("a:handler"),
      payload: { firstName: "  " },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields[0].id).toBe("firstName");
  });

  test("a change of details is audited", async () => {
    const headers = await as("a:subHandler");
    await t.app.inject({ method: "PATCH", url: "/api/me", headers, payload: { lastName: "Audited" } });
    const row = await t.database.db
      .selectFrom("auditLog")
      .select(["action", "after"])
      .where("entity", "=", "user")
      .where("entityId", "=", world.users["a:subHandler"] as string)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(row.after).toMatchObject({ lastName: "Audited" });
  });
});

describe("updating the password", () => {
  test("a wrong current password is a 400 on currentPassword and changes nothing", async () => {
    const client = await signedIn("a-distributorAdmin@test.example");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/me/password",
      headers: client.sessionHeaders,
      payload: { currentPassword: "Not-it-123", newPassword: "Brand-new-pass-2", repeatPassword: "Brand-new-pass-2" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "currentPassword", error: "The current password is wrong" }]);
    expect((await new ProtocolClient(t.app).signIn("a-distributorAdmin@test.example", PASSWORD)).json().status).toBe(
      "OK",
    );
  });

  test("a weak new password is a 400 on newPassword with the sign-up rule's message", async () => {
    const client = await signedIn("a-distributorAdmin@test.example");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/me/password",
      headers: client.sessionHeaders,
      payload: { currentPassword: PASSWORD, newPassword: "short1" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([
      { id: "newPassword", error: "Password must contain at least 8 characters, including a number" },
    ]);
  });

  test("a repetition that differs is a 400 on repeatPassword", async () => {
    const client = await signedIn("a-distributorAdmin@test.example");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/me/password",
      headers: client.sessionHeaders,
      payload: { currentPassword: PASSWORD, newPassword: "Brand-new-pass-2", repeatPassword: "Brand-new-pass-3" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields[0].id).toBe("repeatPassword");
  });

  test("a new password signs in, the old one no longer; other sessions end, this one stays", async () => {
    const email = "a-administrator@test.example";
    const other = await signedIn(email);
    const current = await signedIn(email);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/me/password",
      headers: current.sessionHeaders,
      payload: { currentPassword: PASSWORD, newPassword: "Brand-new-pass-2", repeatPassword: "Brand-new-pass-2" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().sessionsEnded).toBeGreaterThanOrEqual(1);
    // This session: its role token and its refresh still work.
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: current.roleHeaders })).statusCode).toBe(200);
    expect((await current.refresh()).statusCode).toBe(200);
    // The other session: its role token and refresh token are dead.
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: other.roleHeaders })).statusCode).toBe(401);
    // A refused refresh is the protocol's 440 (session expired: the SDK signs out).
    expect((await other.refresh()).statusCode).toBe(440);
    expect((await new ProtocolClient(t.app).signIn(email, PASSWORD)).json().status).toBe("WRONG_CREDENTIALS_ERROR");
    expect((await new ProtocolClient(t.app).signIn(email, "Brand-new-pass-2")).json().status).toBe("OK");
    const audit = await t.database.db
      .selectFrom("auditLog")
      .select("action")
      .where("entityId", "=", world.users["a:administrator"] as string)
      .where("action", "=", "password-change")
      .execute();
    expect(audit).toHaveLength(1);
  });

  test("guessing the current password is rate-limited like sign-in (429 after 10 tries)", async () => {
    const headers = (await signedIn("a-trimmer@test.example")).sessionHeaders;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/me/password",
        headers,
        payload: { currentPassword: `guess-${i}`, newPassword: "Brand-new-pass-2" },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("e-mail alert settings per company", () => {
  test("every company of the person is listed with the defaults until changed", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/me/notifications", headers: await as("a:user") });
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(res.json().map((n: { companyName: string }) => [n.companyName, n]));
    expect(Object.keys(byName).sort()).toEqual(["Alpha", "Bravo"]);
    expect(byName.Alpha).toMatchObject({ excursionDetected: true, reportFinished: false, batteryLow: true });
  });

  test("a change in one company leaves the other company's settings alone", async () => {
    const headers = await as("a:user");
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/me/notifications",
      headers,
      payload: [{ companyId: world.companies.b, excursionDetected: false, reportFinished: true, batteryLow: false }],
    });
    expect(put.statusCode).toBe(200);
    const byName = Object.fromEntries(put.json().map((n: { companyName: string }) => [n.companyName, n]));
    expect(byName.Bravo).toMatchObject({ excursionDetected: false, reportFinished: true, batteryLow: false });
    expect(byName.Alpha).toMatchObject({ excursionDetected: true, reportFinished: false, batteryLow: true });
    // Seen the same from a token of the other company: the settings are the person's.
    const fromB = await t.app.inject({ method: "GET", url: "/api/me/notifications", headers: await as("a:user", "b") });
    expect(fromB.json().find((n: { companyName: string }) => n.companyName === "Bravo").reportFinished).toBe(true);
  });

  test("a company the person does not belong to is a 404 and stores nothing", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/me/notifications",
      headers: await as("a:handler"),
      payload: [{ companyId: world.companies.b, excursionDetected: false, reportFinished: true, batteryLow: false }],
    });
    expect(res.statusCode).toBe(404);
    const rows = await t.database.db
      .selectFrom("notificationSettings")
      .selectAll()
      .where("userId", "=", world.users["a:handler"] as string)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe("who gets an alert follows the settings", () => {
  test("a member who switched an alert off for a company is not e-mailed for it; defaults apply to the others", async () => {
    const headers = await as("a:subHandler");
    await t.app.inject({
      method: "PUT",
      url: "/api/me/notifications",
      headers,
      payload: [{ companyId: world.companies.a, excursionDetected: false, reportFinished: true, batteryLow: true }],
    });
    const emails = async (alert: "excursionDetected" | "reportFinished") =>
      (await alertAudience(t.database.db, world.companies.a, alert)).map((r) => r.email);
    const excursion = await emails("excursionDetected");
    expect(excursion).not.toContain("a-subHandler@test.example");
    expect(excursion).toContain("a-handler@test.example");
    const finished = await emails("reportFinished");
    expect(finished).toEqual(["a-subHandler@test.example"]);
  });
});

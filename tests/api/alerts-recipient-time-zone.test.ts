import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { detectSilences } from "../../server/notifications/no-signal-pass";
import { readingsFrom, THREE_DAYS_AGO } from "./support/alerts";
import { createTestApp, type TestApp } from "./support/app";
import { apiKeyOf, registerLabel, sendReadings } from "./support/ingest";
import { buildWorld, MEMBER_ROLES, type World } from "./support/world";

/**
 * An alert e-mail gives its times in the recipient's own zone (the
 * one chosen in Preferences, stored with PATCH /api/me), else in the company's zone.
 */

let t: TestApp;
let world: World;
let ingestA: string;
let operator: Record<string, string>;
const COMPANY_ZONE = "Europe/Berlin";
const OWN_ZONE = "America/New_York";

const userId = (key: string) => world.users[key] as string;
const as = (key: string, company: keyof World["companies"] = "a") =>
  t.headersFor(userId(key), world.companies[company]);
const patchMe = (headers: Record<string, string> | undefined, payload: object) =>
  t.app.inject({ method: "PATCH", url: "/api/me", headers: headers ?? {}, payload });
const storedZone = async (key: string) =>
  (await t.database.db.selectFrom("users").select("timeZone").where("id", "=", userId(key)).executeTakeFirstOrThrow())
    .timeZone;

async function impersonating(userKey: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/impersonate",
    headers: operator,
    payload: { userId: userId(userKey), companyId: world.companies.a },
  });
  expect(res.statusCode).toBe(200);
  const { roleToken } = res.json();
  return { "api-key": roleToken.secret, jwt: roleToken.jwtToken } as Record<string, string>;
}

/** The alert e-mail of a label written to an address (the outbox keeps its text). */
async function mailTo(address: string, labelId: string) {
  const rows = await t.database.db
    .selectFrom("outbox")
    .select(["subject", "text"])
    .where("recipient", "=", address)
    .orderBy("id")
    .execute();
  const row = rows.find((r) => r.subject.includes(labelId));
  expect(row, `an e-mail to ${address} about ${labelId}`).toBeDefined();
  return row?.text ?? "";
}

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  ingestA = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
  operator = await t.headersFor(userId("operator:systemAdmin"), world.companies.operator);
  await t.database.db
    .updateTable("companies")
    .set({ timeZone: COMPANY_ZONE })
    .where("id", "=", world.companies.a)
    .execute();
});
afterAll(async () => t?.close());

describe("PATCH /api/me timeZone", () => {
  test("a person stores an IANA zone, reads it back with GET /api/me, and null forgets it", async () => {
    const headers = await as("a:user");
    const set = await patchMe(headers, { timeZone: "Asia/Tokyo" });
    expect(set.statusCode).toBe(200);
    expect(set.json().timeZone).toBe("Asia/Tokyo");
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers })).json().timeZone).toBe("Asia/Tokyo");
    expect((await patchMe(headers, { timeZone: null })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers })).json().timeZone).toBeNull();
  });

  test("a zone typed in other letter case is stored in its canonical spelling", async () => {
    const res = await patchMe(await as("a:subHandler"), { timeZone: "europe/helsinki" });
    expect(res.statusCode).toBe(200);
    expect(await storedZone("a:subHandler")).toBe("Europe/Helsinki");
    await patchMe(await as("a:subHandler"), { timeZone: null });
  });

  test("a zone Intl does not know is a 400 naming timeZone and stores nothing", async () => {
    const headers = await as("a:user");
    await patchMe(headers, { timeZone: "Europe/Paris" });
    for (const timeZone of ["Mars/Olympus_Mons", "", "CET; drop table users", 42]) {
      const res = await patchMe(headers, { timeZone });
      expect(res.statusCode).toBe(400);
      expect(res.json().formFields.map((f: { id: string }) => f.id)).toEqual(["timeZone"]);
    }
    expect(await storedZone("a:user")).toBe("Europe/Paris");
  });

  test("a member of another company sets only their own zone, never one of company A's people", async () => {
    const headers = await as("b:administrator", "b");
    const aimed = await patchMe(headers, { timeZone: "Asia/Tokyo", userId: userId("a:handler") });
    expect(aimed.statusCode).toBe(400);
    expect((await patchMe(headers, { timeZone: "Asia/Tokyo" })).statusCode).toBe(200);
    expect(await storedZone("b:administrator")).toBe("Asia/Tokyo");
    expect(await storedZone("a:handler")).toBeNull();
    await patchMe(headers, { timeZone: null });
  });
});

describe("who may store a zone with PATCH /api/me", () => {
  test.each(MEMBER_ROLES)("a role token of a %s stores their own zone", async (role) => {
    const res = await patchMe(await as(`a:${role}`), { timeZone: "Australia/Sydney" });
    expect(res.statusCode).toBe(200);
    expect(await storedZone(`a:${role}`)).toBe("Australia/Sydney");
    await patchMe(await as(`a:${role}`), { timeZone: null });
  });

  test("the sign-in session's role token stores the zone (the dashboard's own call)", async () => {
    // headersFor mints the role token for a fresh sign-in session of the person, as the dashboard does.
    const headers = await as("b:handler", "b");
    expect((await patchMe(headers, { timeZone: "Europe/Oslo" })).statusCode).toBe(200);
    expect(await storedZone("b:handler")).toBe("Europe/Oslo");
  });

  test("while impersonating, support may set it as they may set names, and the change is audited as theirs", async () => {
    const res = await patchMe(await impersonating("a:trimmer"), { timeZone: "Europe/Lisbon" });
    expect(res.statusCode).toBe(200);
    const audit = await t.database.db
      .selectFrom("auditLog")
      .select(["actorUserId", "impersonatorUserId"])
      .where("entity", "=", "user")
      .where("entityId", "=", userId("a:trimmer"))
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ actorUserId: userId("a:trimmer"), impersonatorUserId: userId("operator:systemAdmin") });
  });

  test("an API key of any scope is a 403 and no credentials a 401: a caller without a person stores no zone", async () => {
    for (const scopes of [["read"], ["ingest"], ["read", "ingest"]]) {
      const key = await apiKeyOf(t.database.db, world.companies.a, scopes);
      expect((await patchMe({ "api-key": key }, { timeZone: "Pacific/Auckland" })).statusCode, scopes.join("+")).toBe(
        403,
      );
    }
    expect((await patchMe(undefined, { timeZone: "Pacific/Auckland" })).statusCode).toBe(401);
    const stored = await t.database.db
      .selectFrom("users")
      .select("id")
      .where("timeZone", "=", "Pacific/Auckland")
      .execute();
    expect(stored).toEqual([]);
  });
});

describe("the times of an alert e-mail", () => {
  beforeAll(async () => {
    await patchMe(await as("a:handler"), { timeZone: OWN_ZONE });
  });

  test("an alarm e-mail is in the recipient's stored zone, else in the company's", async () => {
    await registerLabel(t, ingestA, "TZ-ALARM", world.presets.a);
    expect((await sendReadings(t, ingestA, "TZ-ALARM", readingsFrom(THREE_DAYS_AGO, 12, 12))).statusCode).toBe(200);
    const own = await mailTo("a-handler@test.example", "TZ-ALARM");
    expect(own).toContain(`(${OWN_ZONE})`);
    expect(own).not.toContain(COMPANY_ZONE);
    const company = await mailTo("a-administrator@test.example", "TZ-ALARM");
    expect(company).toContain(`(${COMPANY_ZONE})`);
    expect(company).not.toContain(OWN_ZONE);
  });

  test("a no-signal e-mail is in the recipient's stored zone, else in the company's", async () => {
    const now = Date.now();
    await registerLabel(t, ingestA, "TZ-SILENT", world.presets.a);
    const readings = readingsFrom(now - 130 * 60_000, 3, 5);
    expect((await sendReadings(t, ingestA, "TZ-SILENT", readings)).statusCode).toBe(200);
    await detectSilences(t.database.db, new Date(now), "http://dashboard.test");
    expect(await mailTo("a-handler@test.example", "TZ-SILENT")).toContain(`(${OWN_ZONE})`);
    expect(await mailTo("a-administrator@test.example", "TZ-SILENT")).toContain(`(${COMPANY_ZONE})`);
  });

  test("a stored zone the runtime no longer knows falls back to the company's zone instead of losing the e-mail", async () => {
    await t.database.db
      .updateTable("users")
      .set({ timeZone: "Atlantis/Capital" })
      .where("id", "=", userId("a:user"))
      .execute();
    await registerLabel(t, ingestA, "TZ-GONE", world.presets.a);
    expect((await sendReadings(t, ingestA, "TZ-GONE", readingsFrom(THREE_DAYS_AGO, 12, 12))).statusCode).toBe(200);
    expect(await mailTo("a-user@test.example", "TZ-GONE")).toContain(`(${COMPANY_ZONE})`);
  });
});

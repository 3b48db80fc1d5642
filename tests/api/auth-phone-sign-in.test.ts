import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MIGRATIONS, migrateToLatest } from "../../server/db/migrate";
import { SEED_COMPANIES } from "../../server/seed/companies";
import { seedDemo } from "../../server/seed/demo";
import { createTestApp, type TestApp } from "./support/app";
import { createTestDatabase } from "./support/database";
import { ProtocolClient } from "./support/protocol";

// Sign-in by phone with the demo accounts: numbers are stored in E.164 and
// found however the person types them.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.database.db, { profile: "small" })).toBe(true);
});
afterAll(async () => t?.close());

const seededPhones = [
  ...new Map(
    SEED_COMPANIES.flatMap((c) => c.people)
      .filter((p) => p.phone && !p.invited)
      .map((p) => [p.email, p.phone as string]),
  ),
];

async function signInByPhone(phoneNumber: string, sentTo: string) {
  const client = new ProtocolClient(t.app);
  const created = (
    await client.call("POST", "/api/auth/signinup/code", { phoneNumber }, { rid: "passwordless" })
  ).json();
  if (created.status !== "OK") return created;
  const mail = await t.database.db
    .selectFrom("outbox")
    .select("text")
    .where("recipient", "=", sentTo)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const userInputCode = /sign-in code is (\d{6})/.exec(mail.text)?.[1];
  return (
    await client.call(
      "POST",
      "/api/auth/signinup/code/consume",
      { userInputCode, deviceId: created.deviceId, preAuthSessionId: created.preAuthSessionId },
      { rid: "passwordless" },
    )
  ).json();
}

const e164 = (spaced: string) => spaced.replace(/\s/g, "");

describe("sign-in by phone with the seeded accounts", () => {
  test("the seed has accounts with a phone number", () => {
    expect(seededPhones.length).toBeGreaterThanOrEqual(3);
  });

  test.each(seededPhones)("%s signs in with the E.164 form of its number", async (email, phone) => {
    const result = await signInByPhone(e164(phone), e164(phone));
    expect(result).toMatchObject({ status: "OK", user: { emails: [email] } });
  });

  test.each(seededPhones)("%s signs in with its number typed with spaces", async (email, phone) => {
    const result = await signInByPhone(phone, e164(phone));
    expect(result).toMatchObject({ status: "OK", user: { emails: [email] } });
  });

  test("the exists look-up finds a seeded number in either form", async () => {
    const [, phone] = seededPhones[0] as [string, string];
    for (const form of [phone, e164(phone)]) {
      const res = await new ProtocolClient(t.app).call(
        "GET",
        `/api/auth/passwordless/phonenumber/exists?phoneNumber=${encodeURIComponent(form)}`,
        undefined,
        { rid: "passwordless" },
      );
      expect(res.json()).toMatchObject({ exists: true });
    }
  });
});

describe("migration 0020-phone-e164", () => {
  test("stored numbers become E.164; one that does not parse, or would collide, stays as it was", async () => {
    const database = await createTestDatabase(async (db) => {
      const earlier = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < "0020"));
      const { error } = await new Migrator({ db, provider: { getMigrations: async () => earlier } }).migrateToLatest();
      if (error) throw error;
    });
    try {
      const db = database.db;
      await sql`insert into users (email, phone) values
        ('spaced@test.example', '+49 69 5550 1001'),
        ('garbage@test.example', 'call reception'),
        ('e164@test.example', '+31205550101'),
        ('twin@test.example', '+31 20 555 0101')`.execute(db);
      await migrateToLatest(db);
      const rows = await db.selectFrom("users").select(["email", "phone"]).orderBy("email").execute();
      expect(Object.fromEntries(rows.map((r) => [r.email, r.phone]))).toEqual({
        "e164@test.example": "+31205550101",
        "garbage@test.example": "call reception",
        "spaced@test.example": "+496955501001",
        "twin@test.example": "+31 20 555 0101",
      });
    } finally {
      await database.close();
    }
  });
});

import { hash } from "@node-rs/argon2";
import { ruleOfPreset } from "../../../core/domain/report-rule";
import type { Role } from "../../../core/domain/roles";
import type { Db } from "../../../server/db/index";

/**
 * A small, hand-made world for API tests, independent of the demo seed:
 * - operator company O (systemAdmin),
 * - distributor D with sub-company S,
 * - customer companies A and B (B is "the other company" of every isolation test).
 * Each company gets one member per role listed in `members`.
 */
export interface World {
  companies: { operator: string; distributor: string; sub: string; a: string; b: string };
  /** user id by "<company>:<role>" e.g. "a:user" */
  users: Record<string, string>;
  presets: { a: string; b: string };
  /** report ids per company, newest first */
  reports: { a: string[]; b: string[]; sub: string[] };
}

const now = Date.parse("2026-11-01T00:00:00Z");

async function company(
  db: Db,
  name: string,
  type: "operator" | "distributor" | "customer",
  parentId: string | null = null,
) {
  const row = await db
    .insertInto("companies")
    .values({ name, type, parentId, addresses: "[]", billing: "{}", city: `${name} City`, country: "Netherlands" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function member(
  db: Db,
  email: string,
  companyId: string,
  types: Role[],
  featureFlags: Record<string, boolean> = {},
) {
  const existing = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  const userId =
    existing?.id ??
    (
      await db
        .insertInto("users")
        .values({ email, firstName: email.split("@")[0] ?? "", lastName: "Tester" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  await db
    .insertInto("userRoles")
    .values({ userId, companyId, types, featureFlags: JSON.stringify(featureFlags) })
    .execute();
  return userId;
}

async function preset(db: Db, companyId: string, name: string) {
  const row = await db
    .insertInto("labelPresets")
    .values({
      companyId,
      name,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      temperatureMin: 2,
      temperatureMax: 8,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The rule a report registered now with this preset keeps, as POST /api/label-reports stores it. */
export async function ruleColumnsOf(db: Db, presetId: string | null) {
  if (presetId === null) return { rule: null, presetVersion: null };
  const p = await db.selectFrom("labelPresets").selectAll().where("id", "=", presetId).executeTakeFirstOrThrow();
  return { rule: JSON.stringify(ruleOfPreset(p, p.version)), presetVersion: p.version };
}

async function reports(db: Db, companyId: string, presetId: string | null, count: number, prefix: string) {
  const ids: string[] = [];
  const rule = await ruleColumnsOf(db, presetId);
  for (let i = 0; i < count; i++) {
    const created = new Date(now - i * 3_600_000);
    const row = await db
      .insertInto("labelReports")
      .values({
        companyId,
        presetId,
        labelId: `${prefix}-${String(i).padStart(4, "0")}`,
        reference: `PO-${prefix}-${i}`,
        status: (["ended", "recording", "stopped", "notStarted"] as const)[i % 4] ?? "ended",
        origin: i % 2 ? "Rotterdam" : "Basel",
        destination: i % 3 ? "Madrid" : "Oslo",
        transportMode: (["truck", "plane", "boat", "train"] as const)[i % 4] ?? "truck",
        isArchived: i % 10 === 9,
        created,
        startTime: created,
        endTime: new Date(created.getTime() + 86_400_000),
        temperatureViolation: i % 3 === 0,
        humidityViolation: i % 5 === 0,
        summary: "{}",
        customFields: JSON.stringify({ batch: `B${i}` }),
        ...rule,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

export const MEMBER_ROLES: Role[] = [
  "user",
  "administrator",
  "distributorAdmin",
  "systemAdmin",
  "handler",
  "subHandler",
];

export async function buildWorld(db: Db, options: { reportsPerCompany?: number } = {}): Promise<World> {
  const n = options.reportsPerCompany ?? 60;
  const operator = await company(db, "Operator", "operator");
  const distributor = await company(db, "Distributor", "distributor");
  const sub = await company(db, "Sub", "customer", distributor);
  const a = await company(db, "Alpha", "customer");
  const b = await company(db, "Bravo", "customer");
  const users: Record<string, string> = {};
  for (const [key, id] of Object.entries({ operator, distributor, sub, a, b })) {
    for (const role of MEMBER_ROLES) {
      users[`${key}:${role}`] = await member(db, `${key}-${role}@test.example`, id, [role]);
    }
  }
  users["a:trimmer"] = await member(db, "a-trimmer@test.example", a, ["user"], { LABEL_REPORT_TRIM: true });
  const presetA = await preset(db, a, "Pharma 2-8");
  const presetB = await preset(db, b, "Pharma 2-8");
  return {
    companies: { operator, distributor, sub, a, b },
    users,
    presets: { a: presetA, b: presetB },
    reports: {
      a: await reports(db, a, presetA, n, "A"),
      b: await reports(db, b, presetB, 12, "B"),
      sub: await reports(db, sub, null, 5, "S"),
    },
  };
}

/** Gives every account of the world the same password, for tests that sign in through the real routes. */
export async function setEveryPassword(db: Db, password: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ passwordHash: await hash(password) })
    .execute();
}

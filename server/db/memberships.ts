import { sql } from "kysely";
import type { ColumnMap } from "../lists/compile";
import type { Db } from "./index";

/**
 * Memberships (table user_roles): a person's roles and feature flags in one company.
 * A user shows in a company only through their membership of it.
 */

// Raw SQL text is not renamed by the CamelCasePlugin, hence snake_case inside sql``.
export const memberColumns: ColumnMap = {
  id: sql.ref("u.id"),
  name: sql`(u.first_name || ' ' || u.last_name)`,
  firstName: sql.ref("u.firstName"),
  lastName: sql.ref("u.lastName"),
  email: sql.ref("u.email"),
  nameOrEmail: sql`(u.first_name || ' ' || u.last_name || ' ' || u.email)`,
  roles: sql.ref("ur.types"),
  created: sql.ref("ur.created"),
};

/** The members of one company, as the members list shows them (memberColumns name its columns). */
export function memberQuery(db: Db, companyId: string) {
  return db
    .selectFrom("userRoles as ur")
    .innerJoin("users as u", "u.id", "ur.userId")
    .where("ur.companyId", "=", companyId)
    .select([
      "u.id",
      sql<string>`(u.first_name || ' ' || u.last_name)`.as("name"),
      "u.firstName",
      "u.lastName",
      "u.email",
      "u.phone",
      "ur.types as roles",
      "ur.created",
      sql<boolean>`(u.password_hash is not null)`.as("hasSignedUp"),
    ]);
}

/** One member of a company; with forUpdate, their membership is locked until the transaction ends. */
export function findMember(db: Db, companyId: string, userId: string, forUpdate = false) {
  const query = memberQuery(db, companyId).where("u.id", "=", userId);
  return (forUpdate ? query.forUpdate("ur") : query).executeTakeFirst();
}

/** Every membership of a person with its company, by company name. */
export function membershipsWithCompanies(db: Db, userId: string) {
  return db
    .selectFrom("userRoles as ur")
    .innerJoin("companies as c", "c.id", "ur.companyId")
    .select(["ur.id", "ur.types", "ur.featureFlags", "c.id as companyId", "c.name", "c.type", "c.parentId"])
    .where("ur.userId", "=", userId)
    .orderBy("c.name")
    .execute();
}

/** What a person may do in each of their companies: roles and feature flags. */
export function grantsOf(db: Db, userId: string) {
  return db
    .selectFrom("userRoles")
    .select(["companyId", "types", "featureFlags"])
    .where("userId", "=", userId)
    .execute();
}

/** The companies a person belongs to. */
export async function companyIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom("userRoles").select("companyId").where("userId", "=", userId).execute();
  return rows.map((r) => r.companyId);
}

export async function isMember(db: Db, userId: string, companyId: string): Promise<boolean> {
  const row = await db
    .selectFrom("userRoles")
    .select("id")
    .where("userId", "=", userId)
    .where("companyId", "=", companyId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A person's membership of one company, locked until the transaction ends. */
export function lockMembership(db: Db, userId: string, companyId: string) {
  return db
    .selectFrom("userRoles")
    .select(["id", "types"])
    .where("userId", "=", userId)
    .where("companyId", "=", companyId)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertMembership(
  db: Db,
  membership: { userId: string; companyId: string; types: string[] },
): Promise<void> {
  await db.insertInto("userRoles").values(membership).execute();
}

export async function setMembershipTypes(db: Db, id: string, types: string[]): Promise<void> {
  await db.updateTable("userRoles").set({ types, updated: new Date() }).where("id", "=", id).execute();
}

/** A member's roles in one company. */
export async function setMemberRoles(db: Db, companyId: string, userId: string, roles: string[]): Promise<void> {
  await db
    .updateTable("userRoles")
    .set({ types: roles, updated: new Date() })
    .where("userId", "=", userId)
    .where("companyId", "=", companyId)
    .execute();
}

/** Removes a person from one company; their role tokens for it go with the row (on delete cascade). */
export async function deleteMembership(db: Db, userId: string, companyId: string): Promise<void> {
  await db.deleteFrom("userRoles").where("userId", "=", userId).where("companyId", "=", companyId).execute();
}

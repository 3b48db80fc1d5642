import { type Insertable, sql, type Updateable } from "kysely";
import type { ColumnMap } from "../lists/compile";
import type { Db } from "./index";
import type { CompaniesTable } from "./schema";

/** Companies: their settings, the company lists (sub-companies, control center), creation and deletion. */

/** The list columns of companyRows. */
export const companyListColumns: ColumnMap = {
  id: sql.ref("c.id"),
  name: sql.ref("c.name"),
  type: sql.ref("c.type"),
  parentId: sql.ref("c.parentId"),
  parentName: sql.ref("parent.name"),
  city: sql.ref("c.city"),
  country: sql.ref("c.country"),
  created: sql.ref("c.created"),
};

/** Companies as the company lists show them, with their parent's name and their member and report counts. */
export function companyRows(db: Db) {
  return db
    .selectFrom("companies as c")
    .leftJoin("companies as parent", "parent.id", "c.parentId")
    .select([
      "c.id",
      "c.name",
      "c.type",
      "c.parentId",
      "parent.name as parentName",
      "c.city",
      "c.country",
      "c.timeZone",
      "c.temperatureUnit",
      "c.created",
    ])
    .select((eb) => [
      eb
        .selectFrom("userRoles as ur")
        .whereRef("ur.companyId", "=", "c.id")
        .select(sql<number>`count(*)::int`.as("n"))
        .as("userCount"),
      eb
        .selectFrom("labelReports as r")
        .whereRef("r.companyId", "=", "c.id")
        .select(sql<number>`count(*)::int`.as("n"))
        .as("reportCount"),
    ]);
}

/** The sub-companies of a company, as companyRows. */
export function subCompanyRows(db: Db, parentId: string) {
  return companyRows(db).where("c.parentId", "=", parentId);
}

export function findCompanyRow(db: Db, id: string) {
  return companyRows(db).where("c.id", "=", id).executeTakeFirst();
}

/** One sub-company of the parent; undefined for any other company. */
export function findSubCompany(db: Db, parentId: string, id: string) {
  return subCompanyRows(db, parentId).where("c.id", "=", id).executeTakeFirst();
}

/**
 * The id of another company under the same parent with this name, compared as the unique
 * index `companies_parent_name` (migration 0029) compares: case-insensitive, blanks trimmed.
 */
export async function siblingNamed(db: Db, parentId: string, name: string, exceptId?: string) {
  let query = db
    .selectFrom("companies")
    .select("id")
    .where("parentId", "=", parentId)
    .where(sql<boolean>`lower(trim(name)) = lower(trim(${name}))`);
  if (exceptId) query = query.where("id", "<>", exceptId);
  return query.executeTakeFirst();
}

/** One company's settings as the settings page shows them; the caller executes it (and may lock it). */
export function companyDetails(db: Db, id: string) {
  return db
    .selectFrom("companies")
    .select([
      "id",
      "name",
      "type",
      "parentId",
      "city",
      "country",
      "timeZone",
      "temperatureUnit",
      "noSignalGraceMinutes",
      "maxDataGapMinutes",
      "inactivitySignOutMinutes",
      "alarmEscalationMinutes",
      "logoInitial",
      "addresses",
      "billing",
      "created",
      "updated",
    ])
    .where("id", "=", id);
}

/** Just these columns of one company. */
export function readCompany<C extends keyof CompaniesTable & string>(db: Db, id: string, columns: readonly C[]) {
  return db.selectFrom("companies").select(columns).where("id", "=", id).executeTakeFirst();
}

/** The name of a company that must exist (the caller's own, an invitation's). */
export async function companyNameOf(db: Db, id: string): Promise<string> {
  const row = await db.selectFrom("companies").select("name").where("id", "=", id).executeTakeFirstOrThrow();
  return row.name;
}

export async function insertCompany(db: Db, company: Insertable<CompaniesTable>): Promise<string> {
  const row = await db.insertInto("companies").values(company).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** Changes a company's settings; `updated` is stamped with the change. */
export async function updateCompany(db: Db, id: string, changes: Updateable<CompaniesTable>): Promise<void> {
  await db
    .updateTable("companies")
    .set({ ...changes, updated: new Date() })
    .where("id", "=", id)
    .execute();
}

export async function deleteCompany(db: Db, id: string): Promise<void> {
  await db.deleteFrom("companies").where("id", "=", id).execute();
}

/** Whether a company has label reports and sub-companies (records that must stay). */
export async function reportsAndChildrenOf(
  db: Db,
  companyId: string,
): Promise<{ reports: boolean; children: boolean }> {
  const reports = await db
    .selectFrom("labelReports")
    .select("id")
    .where("companyId", "=", companyId)
    .limit(1)
    .executeTakeFirst();
  const children = await db
    .selectFrom("companies")
    .select("id")
    .where("parentId", "=", companyId)
    .limit(1)
    .executeTakeFirst();
  return { reports: Boolean(reports), children: Boolean(children) };
}

import { type Insertable, sql, type Updateable } from "kysely";
import type { ColumnMap } from "../lists/compile";
import type { Db } from "./index";
import type { LabelPresetsTable, LabelPresetVersionsTable } from "./schema";

/** Label presets (a company's rules for its labels) and their version history. */

/** The list columns of presetRows. */
export const presetListColumns: ColumnMap = {
  id: sql.ref("p.id"),
  name: sql.ref("p.name"),
  slug: sql.ref("p.slug"),
  description: sql.ref("p.description"),
  isArchived: sql.ref("p.isArchived"),
  temperatureEnabled: sql.ref("p.temperatureEnabled"),
  humidityEnabled: sql.ref("p.humidityEnabled"),
  shockEnabled: sql.ref("p.shockEnabled"),
  reportCount: sql`(select count(*)::int from label_reports r where r.preset_id = p.id)`,
  created: sql.ref("p.created"),
  updated: sql.ref("p.updated"),
};

/** A company's presets with how many reports use each. */
export function presetRows(db: Db, companyId: string) {
  return db
    .selectFrom("labelPresets as p")
    .where("p.companyId", "=", companyId)
    .selectAll("p")
    .select((eb) =>
      eb
        .selectFrom("labelReports as r")
        .whereRef("r.presetId", "=", "p.id")
        .select(sql<number>`count(*)::int`.as("n"))
        .as("reportCount"),
    );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** One preset of the company by id or slug; with forUpdate, locked until the transaction ends. */
export function findPreset(db: Db, companyId: string, idOrSlug: string, forUpdate = false) {
  let query = presetRows(db, companyId).where(UUID.test(idOrSlug) ? "p.id" : "p.slug", "=", idOrSlug);
  if (forUpdate) query = query.forUpdate("p");
  return query.executeTakeFirst();
}

/**
 * A preset of the company, share-locked until the transaction ends: a report freezing its
 * rule sees an edit saved at the same moment either wholly or not at all.
 */
export function sharePreset(db: Db, companyId: string, id: string) {
  return db
    .selectFrom("labelPresets")
    .selectAll()
    .where("id", "=", id)
    .where("companyId", "=", companyId)
    .forShare()
    .executeTakeFirst();
}

/** The company's preset with this name, compared case-insensitively (archived ones included), but `exceptId`. */
export function presetNamed(db: Db, companyId: string, name: string, exceptId?: string) {
  let query = db
    .selectFrom("labelPresets")
    .select("isArchived")
    .where("companyId", "=", companyId)
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId) query = query.where("id", "<>", exceptId);
  return query.executeTakeFirst();
}

/** The company's slugs that contain this one (slugs only hold [a-z0-9-], so it needs no escaping). */
export async function slugsContaining(db: Db, companyId: string, slug: string): Promise<string[]> {
  const rows = await db
    .selectFrom("labelPresets")
    .select("slug")
    .where("companyId", "=", companyId)
    .where("slug", "like", `%${slug}%`)
    .execute();
  return rows.map((row) => row.slug);
}

export async function insertPreset(db: Db, preset: Insertable<LabelPresetsTable>): Promise<string> {
  const row = await db.insertInto("labelPresets").values(preset).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePreset(db: Db, id: string, changes: Updateable<LabelPresetsTable>): Promise<void> {
  await db.updateTable("labelPresets").set(changes).where("id", "=", id).execute();
}

export async function deletePreset(db: Db, id: string): Promise<void> {
  await db.deleteFrom("labelPresets").where("id", "=", id).execute();
}

export async function insertPresetVersion(db: Db, version: Insertable<LabelPresetVersionsTable>): Promise<void> {
  await db.insertInto("labelPresetVersions").values(version).execute();
}

/** A preset's versions, oldest first, with who saved each and how many reports are judged by it. */
export function presetVersions(db: Db, companyId: string, presetId: string) {
  return db
    .selectFrom("labelPresetVersions as v")
    .leftJoin("users as u", "u.id", "v.changedBy")
    .select(["v.version", "v.name", "v.settings", "v.changedAt", "u.firstName", "u.lastName", "u.email"])
    .select((eb) =>
      eb
        .selectFrom("labelReports as r")
        .whereRef("r.presetId", "=", "v.presetId")
        .whereRef("r.presetVersion", "=", "v.version")
        .select(sql<number>`count(*)::int`.as("n"))
        .as("reportCount"),
    )
    .where("v.presetId", "=", presetId)
    .where("v.companyId", "=", companyId)
    .orderBy("v.version", "asc")
    .execute();
}

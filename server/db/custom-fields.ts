import type { Insertable, Updateable } from "kysely";
import type { CustomFieldDefinition } from "../../core/domain/custom-fields";
import type { Db } from "./index";
import type { CustomFieldsTable } from "./schema";
import { isoOrNull } from "./time-values";

/** Custom field definitions: extra fields a company puts on its label reports. */

function definitions(db: Db) {
  return db
    .selectFrom("customFields")
    .select([
      "id",
      "companyId",
      "key",
      "name",
      "type",
      "options",
      "required",
      "requiredSince",
      "partOfRecord",
      "created",
    ]);
}

/** The definitions of these companies as stored, oldest first (the order they show in). */
export function customFieldRows(db: Db, companyIds: string[]) {
  return definitions(db).where("companyId", "in", companyIds).orderBy("created").orderBy("id").execute();
}

/** The custom field definitions of these companies, oldest first, as the domain rules take them. */
export async function customFieldDefinitions(db: Db, companyIds: string[]): Promise<CustomFieldDefinition[]> {
  if (companyIds.length === 0) return [];
  const rows = await customFieldRows(db, companyIds);
  return rows.map(({ created: _created, ...row }) => ({
    ...row,
    options: row.options ?? [],
    requiredSince: isoOrNull(row.requiredSince),
  }));
}

/** One definition that exists (just written). */
export function customField(db: Db, id: string) {
  return definitions(db).where("id", "=", id).executeTakeFirstOrThrow();
}

/** A definition of the company, locked until the transaction ends. */
export function lockCustomField(db: Db, companyId: string, id: string) {
  return definitions(db).where("id", "=", id).where("companyId", "=", companyId).forUpdate().executeTakeFirst();
}

/** The keys of the company's fields, locked, so two new fields at once cannot take the same key or the last place. */
export async function lockCustomFieldKeys(db: Db, companyId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("customFields")
    .select(["key"])
    .where("companyId", "=", companyId)
    .forUpdate()
    .execute();
  return rows.map((row) => row.key);
}

export async function insertCustomField(db: Db, field: Insertable<CustomFieldsTable>): Promise<string> {
  const row = await db.insertInto("customFields").values(field).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCustomField(db: Db, id: string, changes: Updateable<CustomFieldsTable>): Promise<void> {
  await db.updateTable("customFields").set(changes).where("id", "=", id).execute();
}

/** Deletes a definition; values already on reports stay (no longer shown). */
export async function deleteCustomField(db: Db, id: string): Promise<void> {
  await db.deleteFrom("customFields").where("id", "=", id).execute();
}

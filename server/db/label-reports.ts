import type { Insertable, Updateable } from "kysely";
import type { Db } from "./index";
import type { LabelReportDispositionsTable, LabelReportsTable } from "./schema";

/**
 * Label reports and what is recorded on them: dispositions and shock events. The list's
 * query and the detail built on it are in server/reports/report-list-query.ts and
 * report-detail.ts.
 */

/** A report's status after a stop, for the answer (the report exists: the stop found it). */
export function reportStatus(db: Db, id: string) {
  return db
    .selectFrom("labelReports")
    .select(["id", "status", "endTime"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

/** The rule frozen into a report that exists. */
export async function reportRule(db: Db, id: string) {
  const row = await db.selectFrom("labelReports").select("rule").where("id", "=", id).executeTakeFirstOrThrow();
  return row.rule;
}

export async function insertLabelReport(db: Db, report: Insertable<LabelReportsTable>): Promise<string> {
  const row = await db.insertInto("labelReports").values(report).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLabelReport(db: Db, id: string, changes: Updateable<LabelReportsTable>): Promise<void> {
  await db.updateTable("labelReports").set(changes).where("id", "=", id).execute();
}

/** Deletes a report; its readings, events and links go with it (on delete cascade). */
export async function deleteLabelReport(db: Db, id: string): Promise<void> {
  await db.deleteFrom("labelReports").where("id", "=", id).execute();
}

/** What a signature needs of the report, locked so that two signatures at once are ordered. */
export function lockReportForDisposition(db: Db, id: string) {
  return db
    .selectFrom("labelReports")
    .select(["status", "disposition", "dataIncomplete", "summary"])
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

/** Whether anyone ever signed a disposition of the report (signatures are never deleted). */
export async function hasSignature(db: Db, reportId: string): Promise<boolean> {
  const row = await db
    .selectFrom("labelReportDispositions")
    .select("id")
    .where("reportId", "=", reportId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertDisposition(db: Db, disposition: Insertable<LabelReportDispositionsTable>): Promise<void> {
  await db.insertInto("labelReportDispositions").values(disposition).execute();
}

/** Every shock event of a report, in time order. */
export function shockEventsOf(db: Db, reportId: string) {
  return db
    .selectFrom("shockEvents")
    .select(["id", "t", "magnitudeG"])
    .where("reportId", "=", reportId)
    .orderBy("t")
    .execute();
}

import { sql } from "kysely";
import type { DeviationSummary } from "../../core/api/deviation";
import type { ColumnMap } from "../lists/compile";
import { ENTRY_COLUMNS } from "./audit-log";
import type { Db } from "./index";
import { personName } from "./person-name";

/** The deviations table (0044-deviations) and the alarms each covers; changed by server/deviations/. */

const ALARM_COUNT = sql<number>`(select count(*)::int from deviation_alarms da where da.deviation_id = d.id)`;

/** The deviation list's keys as SQL (core/domain/resources.ts, "deviations"). */
export const deviationListColumns: ColumnMap = {
  id: sql.ref("d.id"),
  number: sql.ref("d.number"),
  title: sql.ref("d.title"),
  state: sql.ref("d.state"),
  reportId: sql.ref("d.reportId"),
  labelId: sql.ref("r.labelId"),
  reference: sql.ref("r.reference"),
  companyId: sql.ref("d.companyId"),
  companyName: sql.ref("c.name"),
  created: sql.ref("d.created"),
  closedAt: sql.ref("d.closedAt"),
};

/**
 * The deviations of the caller's companies with their report's label and reference, the
 * company's name and who opened it. The companies are written into the SQL as the report
 * list's are (they come from the role token).
 */
export function deviationListRows(db: Db, companyScope: readonly string[]) {
  return db
    .selectFrom("deviations as d")
    .innerJoin("labelReports as r", "r.id", "d.reportId")
    .innerJoin("companies as c", "c.id", "d.companyId")
    .leftJoin("users as op", "op.id", "d.openedBy")
    .where(
      "d.companyId",
      "in",
      companyScope.map((id) => sql.lit(id)),
    )
    .select([
      "d.id",
      "d.number",
      "d.companyId",
      "c.name as companyName",
      "d.reportId",
      "r.labelId",
      "r.reference",
      "d.title",
      "d.description",
      "d.rootCause",
      "d.productImpact",
      "d.capaReference",
      "d.state",
      personName("op").as("openedByName"),
      ALARM_COUNT.as("alarmCount"),
      "d.closedAt",
      "d.closedByName",
      "d.created",
      "d.updated",
    ]);
}

/** One deviation of the caller's companies; undefined for any other id. */
export function findDeviation(db: Db, companyScope: readonly string[], id: string) {
  return deviationListRows(db, companyScope).where("d.id", "=", id).executeTakeFirst();
}

/** One deviation of the caller's companies with its closing signature's columns, in one read. */
export function findDeviationWithSignature(db: Db, companyScope: readonly string[], id: string) {
  return deviationListRows(db, companyScope)
    .select(["d.closedBy", "d.closedByEmail", "d.closingMeaning", "d.closingComment", "d.closingHash"])
    .where("d.id", "=", id)
    .executeTakeFirst();
}

/** The stored deviation with its signature columns, locked for a change. */
export function lockDeviation(trx: Db, id: string) {
  return trx.selectFrom("deviations").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
}

/** The ids of the alarms a deviation covers. */
export async function deviationAlarmIds(db: Db, deviationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("deviationAlarms")
    .select("alarmId")
    .where("deviationId", "=", deviationId)
    .orderBy("alarmId")
    .execute();
  return rows.map((row) => row.alarmId);
}

/**
 * The next number of the company's deviations in `year`, in the caller's transaction. The
 * company's row is locked first, so that two deviations opened at once get two numbers.
 */
export async function nextDeviationSeq(trx: Db, companyId: string, year: number): Promise<number> {
  await trx.selectFrom("companies").select("id").where("id", "=", companyId).forUpdate().execute();
  const row = await trx
    .selectFrom("deviations")
    .select(sql<number>`coalesce(max(seq), 0)::int`.as("last"))
    .where("companyId", "=", companyId)
    .where("year", "=", year)
    .executeTakeFirstOrThrow();
  return row.last + 1;
}

/** A report's alarms nobody acknowledged yet and its deviations not closed: what stops a release. */
export async function releaseBlockersOf(db: Db, reportId: string) {
  const [alarms, deviations] = await Promise.all([
    db
      .selectFrom("alarms")
      .select(["id", "kind", "unit", "side"])
      .where("reportId", "=", reportId)
      .where("state", "=", "open")
      .orderBy("triggeredAt")
      .execute(),
    db
      .selectFrom("deviations")
      .select(["id", "number"])
      .where("reportId", "=", reportId)
      .where("state", "!=", "closed")
      .orderBy("seq")
      .execute(),
  ]);
  return { alarms, deviations };
}

/** The entries of a report's trail about one deviation, oldest first. */
export function deviationTrail(db: Db, reportId: string, deviationId: string) {
  return db
    .selectFrom("auditLog as a")
    .select(ENTRY_COLUMNS)
    .where("a.entity", "=", "labelReport")
    .where("a.entityId", "=", reportId)
    .where(sql<boolean>`a.after ->> 'deviationId' = ${deviationId}`)
    .orderBy("a.at", "asc")
    .orderBy("a.id", "asc")
    .execute();
}

/** A report's deviations as its PDF and share page print them, oldest first. */
export async function reportDeviationSummaries(db: Db, reportId: string): Promise<DeviationSummary[]> {
  const rows = await db
    .selectFrom("deviations")
    .select([
      "number",
      "title",
      "state",
      "rootCause",
      "productImpact",
      "capaReference",
      "closedAt",
      "closedByName",
      "closingComment",
    ])
    .where("reportId", "=", reportId)
    .orderBy("year")
    .orderBy("seq")
    .execute();
  return rows.map((row) => ({ ...row, closedAt: row.closedAt ? new Date(row.closedAt).toISOString() : null }));
}

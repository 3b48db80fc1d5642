import { sql } from "kysely";
import type { Db } from "../db/index";
import type { ColumnMap } from "../lists/compile";
import { noSignalCondition } from "../notifications/no-signal-pass";

/** The list's filter and order keys, each mapped to its SQL. */
export const labelReportColumns: ColumnMap = {
  id: sql.ref("r.id"),
  labelId: sql.ref("r.labelId"),
  reference: sql.ref("r.reference"),
  status: sql.ref("r.status"),
  presetId: sql.ref("r.presetId"),
  presetName: sql.ref("p.name"),
  companyId: sql.ref("r.companyId"),
  companyName: sql.ref("c.name"),
  origin: sql.ref("r.origin"),
  destination: sql.ref("r.destination"),
  transportMode: sql.ref("r.transportMode"),
  isArchived: sql.ref("r.isArchived"),
  created: sql.ref("r.created"),
  startTime: sql.ref("r.startTime"),
  endTime: sql.ref("r.endTime"),
  lastReadingAt: sql.ref("r.lastReadingAt"),
  noSignal: noSignalCondition(),
  temperatureViolation: sql.ref("r.temperatureViolation"),
  humidityViolation: sql.ref("r.humidityViolation"),
  shockViolation: sql.ref("r.shockViolation"),
  batteryLow: sql.ref("r.batteryLow"),
  dataIncomplete: sql.ref("r.dataIncomplete"),
  disposition: sql.ref("r.disposition"),
  severity: sql.ref("r.worstSeverity"),
  violation: sql`(r.temperature_violation or r.humidity_violation or r.shock_violation)`,
  dispositioned: sql`(r.disposition is not null)`,
  changedAfterSignature: sql`(r.signature_superseded_at is not null)`,
  openAlarm: sql`exists (select 1 from alarms oa where oa.report_id = r.id and oa.state = 'open')`,
};

/**
 * The caller's companies, written into the SQL text rather than bound: they come from the
 * role token (never from the query string), and a list page whose values are all written
 * in is planned knowing them and prepared (server/lists/page-statement.ts).
 */
function companyLiterals(companyScope: readonly string[]) {
  return companyScope.map((id) => sql.lit(id));
}

/** The list's rows of the caller's companies, with every field a list row shows. */
export function labelReportRows(db: Db, companyScope: string[]) {
  return db
    .selectFrom("labelReports as r")
    .innerJoin("companies as c", "c.id", "r.companyId")
    .leftJoin("labelPresets as p", "p.id", "r.presetId")
    .where("r.companyId", "in", companyLiterals(companyScope))
    .select([
      "r.id",
      "r.labelId",
      "r.reference",
      "r.status",
      "r.presetId",
      "p.name as presetName",
      "r.companyId",
      "c.name as companyName",
      "r.origin",
      "r.destination",
      "r.transportMode",
      "r.isArchived",
      "r.created",
      "r.startTime",
      "r.endTime",
      "r.lastReadingAt",
      noSignalCondition().as("noSignal"),
      "r.readingCount",
      "r.temperatureViolation",
      "r.humidityViolation",
      "r.shockViolation",
      "r.batteryLow",
      "r.dataIncomplete",
      "r.disposition",
      "r.worstSeverity as severity",
      "r.customFields",
      sql<boolean>`(r.trim_start is not null or r.trim_end is not null)`.as("trimmed"),
    ]);
}

/**
 * The same rows as labelReportRows without the joins only its select needs, for the list's
 * capped count: on label_reports alone the count is an index-only walk of (company,
 * archived, created), where any join (even a left join PostgreSQL removes) makes it read
 * the table. The preset is joined when a filter names it.
 */
export function labelReportCountRows(db: Db, companyScope: string[], joins: { presets: boolean; companies: boolean }) {
  return db
    .selectFrom("labelReports as r")
    .$if(joins.presets, (qb) => qb.leftJoin("labelPresets as p", "p.id", "r.presetId"))
    .$if(joins.companies, (qb) => qb.innerJoin("companies as c", "c.id", "r.companyId"))
    .where("r.companyId", "in", companyLiterals(companyScope));
}

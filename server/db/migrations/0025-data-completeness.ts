import { type Kysely, sql } from "kysely";

/**
 * Data completeness is part of the verdict (core/domain/report-summary.ts):
 * - `label_reports.data_incomplete`: the summary's completeness copied for the list's
 *   "Incomplete data" filter, as the violation columns are;
 * - `label_reports.summary_maths`: the version of the verdict maths the stored summary
 *   was computed with. Every report here was computed before per-unit series and
 *   time-based durations (0); server/reports/reevaluate.ts recomputes them in chunks
 *   after the server starts, resumable because each report moves on when it is done;
 * - `companies.max_data_gap_minutes`: how long a gap or silence may last before a
 *   report's data is incomplete (default 60), frozen into each new report's rule.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table label_reports add column data_incomplete boolean not null default false`.execute(db);
  await sql`alter table label_reports add column summary_maths integer not null default 0`.execute(db);
  await sql`create index label_reports_summary_maths on label_reports (summary_maths, id)`.execute(db);
  await sql`alter table companies add column max_data_gap_minutes integer not null default 60`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table companies drop column if exists max_data_gap_minutes`.execute(db);
  await sql`drop index if exists label_reports_summary_maths`.execute(db);
  await sql`alter table label_reports drop column if exists summary_maths`.execute(db);
  await sql`alter table label_reports drop column if exists data_incomplete`.execute(db);
}

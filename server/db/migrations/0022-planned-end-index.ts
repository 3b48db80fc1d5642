import { type Kysely, sql } from "kysely";

/**
 * The planned-end pass (server/ingest/planned-end.ts) looks every few seconds for
 * recording reports whose end time (their planned end) has passed: only those reports
 * are in this index, so the look costs the few due ones, not every report.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index label_reports_recording_planned_end on label_reports (end_time)
    where status = 'recording' and end_time is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists label_reports_recording_planned_end`.execute(db);
}

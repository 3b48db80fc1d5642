import { type Kysely, sql } from "kysely";

/**
 * A capture job lists the first 100 errors and ignored sensor reports of its document
 * (server/ingest/epcis.ts): these count them all, so a document of 50,000 bad reports
 * stores a small row that still says how many there were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table epcis_capture_jobs
    add column error_count integer not null default 0,
    add column ignored_count integer not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table epcis_capture_jobs drop column error_count, drop column ignored_count`.execute(db);
}

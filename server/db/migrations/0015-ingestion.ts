import { type Kysely, sql } from "kysely";

/**
 * Readings from labels:
 * - API keys get scopes: `read` (what every key could do so far, so existing keys keep
 *   it) and `ingest` (a gateway that registers labels and sends their readings);
 * - each report carries the time of its latest reading (`last_reading_at`), kept on
 *   ingest, so the list can show, filter and order "last seen" without reading the
 *   measurements. Existing reports get it from their readings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table api_keys add column scopes text[] not null default '{read}'`.execute(db);
  await sql`alter table api_keys add constraint api_keys_scopes check (
    cardinality(scopes) > 0 and scopes <@ array['read', 'ingest']::text[])`.execute(db);

  await sql`alter table label_reports add column last_reading_at timestamptz`.execute(db);
  await sql`
    update label_reports r set last_reading_at = m.last_t
    from (select report_id, max(t) as last_t from measurements group by report_id) m
    where m.report_id = r.id`.execute(db);
  // The list ordered by last reading (newest first, silent ones last), company first like the other list orders.
  await sql`create index label_reports_company_last_reading
    on label_reports (company_id, last_reading_at desc nulls last, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists label_reports_company_last_reading`.execute(db);
  await sql`alter table label_reports drop column if exists last_reading_at`.execute(db);
  await sql`alter table api_keys drop constraint if exists api_keys_scopes`.execute(db);
  await sql`alter table api_keys drop column if exists scopes`.execute(db);
}

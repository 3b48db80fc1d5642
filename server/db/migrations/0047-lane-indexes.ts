import { type Kysely, sql } from "kysely";

/**
 * Lane and carrier performance on a million reports:
 * - `label_reports.temperature_out_minutes`: the summary's temperature minutes above plus
 *   below the range, kept by PostgreSQL from the summary JSON (a stored generated column),
 *   so the aggregates never detoast and parse the summaries of every report.
 * - `label_reports_shipment_figures`: the shipment's reports with every column the
 *   aggregates read, so they are an index-only scan instead of a pass over the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table label_reports add column temperature_out_minutes float8 generated always as (
      coalesce((summary -> 'temperature' ->> 'timeAboveMinutes')::float8, 0)
      + coalesce((summary -> 'temperature' ->> 'timeBelowMinutes')::float8, 0)
    ) stored`.execute(db);
  await sql`
    create index label_reports_shipment_figures on label_reports (shipment_id)
    include (id, start_time, end_time, trim_start, trim_end, last_reading_at, temperature_violation,
      humidity_violation, shock_violation, data_incomplete, temperature_out_minutes)
    where shipment_id is not null`.execute(db);
  await sql`drop index if exists label_reports_shipment`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists label_reports_shipment on label_reports (shipment_id) where shipment_id is not null`.execute(
    db,
  );
  await sql`drop index if exists label_reports_shipment_figures`.execute(db);
  await sql`alter table label_reports drop column if exists temperature_out_minutes`.execute(db);
}

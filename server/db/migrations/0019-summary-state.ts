import { type Kysely, sql } from "kysely";

/**
 * The running state a report's summary is folded from
 * (core/domain/summary-fold.ts), so a batch of readings updates the summary at a cost
 * proportional to the batch. One row a report:
 * - `basis`: the thresholds and window the state was built against; a state whose basis
 *   is not the report's current one (or whose reading count is not the report's) is
 *   rebuilt from all readings instead of folded into;
 * - `reading_count`: the report's readings (trimmed-away ones included) the state covers.
 * No rows are written here: a report without one is rebuilt on its next batch.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table report_summary_states (
      report_id uuid primary key references label_reports(id) on delete cascade,
      basis text not null,
      reading_count integer not null,
      state jsonb not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists report_summary_states`.execute(db);
}

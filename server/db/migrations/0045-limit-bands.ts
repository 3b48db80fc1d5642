import { type Kysely, sql } from "kysely";

/**
 * Limit bands with severities:
 * - `label_presets.temperature_bands`, `label_presets.humidity_bands`: a unit's own bands
 *   (core/domain/limit-bands.ts) as a JSON list; null keeps the default, one alarm band per
 *   side from the min and max. Existing presets and the rules frozen on reports are not
 *   backfilled: a rule without bands reads and hashes as it did.
 * - `label_reports.worst_severity`: the worst severity a report reached (null: none),
 *   kept with the summary for the list's severity filter. Existing reports with a
 *   temperature or humidity violation reached their one alarm band.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table label_presets add column temperature_bands jsonb`.execute(db);
  await sql`alter table label_presets add column humidity_bands jsonb`.execute(db);
  await sql`
    alter table label_reports add column worst_severity text
      check (worst_severity in ('warning', 'alarm', 'critical'))`.execute(db);
  await sql`
    update label_reports set worst_severity = 'alarm'
    where temperature_violation or humidity_violation`.execute(db);
  await sql`
    create index label_reports_company_severity on label_reports (company_id, worst_severity)
    where worst_severity is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists label_reports_company_severity`.execute(db);
  await sql`alter table label_reports drop column if exists worst_severity`.execute(db);
  await sql`alter table label_presets drop column if exists humidity_bands`.execute(db);
  await sql`alter table label_presets drop column if exists temperature_bands`.execute(db);
}

import { type Kysely, sql } from "kysely";

/**
 * Deviations: the investigation of one or more alarms of a report.
 * - `deviations`: numbered per company and year (DEV-2026-0042: `year` and `seq`, unique per
 *   company), title, description, root cause, product impact assessment, CAPA reference,
 *   state open -> underInvestigation -> closed. Closing is an electronic signature like a
 *   disposition: printed name, e-mail, UTC time, meaning and the SHA-256 of the deviation
 *   as the signer saw it.
 * - `deviation_alarms`: the alarms a deviation covers (of its report); closing it closes them.
 * - `label_report_dispositions.deviation_id`: the closed deviation a release was signed
 *   under, when open alarms or deviations would otherwise have refused it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table deviations (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id) on delete cascade,
      report_id uuid not null references label_reports(id) on delete cascade,
      year integer not null,
      seq integer not null,
      number text not null,
      title text not null check (length(title) between 1 and 200),
      description text not null default '',
      root_cause text not null default '',
      product_impact text not null default '',
      capa_reference text not null default '',
      state text not null default 'open' check (state in ('open', 'underInvestigation', 'closed')),
      opened_by uuid references users(id) on delete set null,
      closed_at timestamptz,
      closed_by uuid references users(id) on delete set null,
      closed_by_name text,
      closed_by_email text,
      closing_meaning text,
      closing_comment text,
      closing_hash text,
      created timestamptz not null default now(),
      updated timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index deviations_company_number on deviations (company_id, year, seq)`.execute(db);
  await sql`create index deviations_company_state on deviations (company_id, state, created desc)`.execute(db);
  await sql`create index deviations_report on deviations (report_id)`.execute(db);
  await sql`
    create table deviation_alarms (
      deviation_id uuid not null references deviations(id) on delete cascade,
      alarm_id uuid not null references alarms(id) on delete cascade,
      primary key (deviation_id, alarm_id)
    )`.execute(db);
  await sql`create index deviation_alarms_alarm on deviation_alarms (alarm_id)`.execute(db);
  await sql`alter table label_report_dispositions add column deviation_id uuid references deviations(id) on delete set null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table label_report_dispositions drop column if exists deviation_id`.execute(db);
  await sql`drop table if exists deviation_alarms`.execute(db);
  await sql`drop table if exists deviations`.execute(db);
}

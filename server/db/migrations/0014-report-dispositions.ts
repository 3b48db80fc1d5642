import { type Kysely, sql } from "kysely";

/**
 * QA dispositions: a signed decision on an ended report.
 * `label_report_dispositions` is append-only: one row per signature, never updated (a
 * trigger refuses updates), so a newer disposition supersedes an older one and both
 * stay visible. The signer's printed name and address are copied into the row, so
 * renaming or removing the person never rewrites what was signed; `signer_id` is kept
 * without a foreign key for the same reason.
 *
 * `label_reports.disposition` repeats the newest value, written in the same
 * transaction, so the list filters on it with an index instead of a lateral subquery.
 * Codes e-mailed to prove identity before signing get their own purpose.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table label_report_dispositions (
      id uuid primary key default gen_random_uuid(),
      report_id uuid not null references label_reports(id) on delete cascade,
      company_id uuid not null references companies(id) on delete cascade,
      value text not null check (value in ('released', 'quarantined', 'rejected')),
      meaning text not null,
      comment text not null default '',
      signer_id uuid not null,
      signer_name text not null,
      signer_email text not null,
      signed_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index label_report_dispositions_report on label_report_dispositions (report_id, signed_at desc, id desc)`.execute(
    db,
  );
  await sql`
    create function label_report_dispositions_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'a signed disposition cannot be changed, only superseded';
    end
    $$`.execute(db);
  await sql`
    create trigger label_report_dispositions_no_update before update on label_report_dispositions
    for each row execute function label_report_dispositions_append_only()`.execute(db);

  await sql`
    alter table label_reports add column disposition text
    check (disposition in ('released', 'quarantined', 'rejected'))`.execute(db);
  await sql`create index label_reports_company_disposition on label_reports (company_id, disposition, created desc)`.execute(
    db,
  );

  await sql`alter table credential_codes drop constraint credential_codes_purpose_check`.execute(db);
  await sql`
    alter table credential_codes add constraint credential_codes_purpose_check
    check (purpose in ('email-proof', 'phone-change', 'signature-proof'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from credential_codes where purpose = 'signature-proof'`.execute(db);
  await sql`alter table credential_codes drop constraint credential_codes_purpose_check`.execute(db);
  await sql`
    alter table credential_codes add constraint credential_codes_purpose_check
    check (purpose in ('email-proof', 'phone-change'))`.execute(db);
  await sql`drop index if exists label_reports_company_disposition`.execute(db);
  await sql`alter table label_reports drop column disposition`.execute(db);
  await sql`drop table label_report_dispositions`.execute(db);
  await sql`drop function label_report_dispositions_append_only()`.execute(db);
}

import { type Kysely, sql } from "kysely";

/**
 * Anyone can verify a record (docs/record-format.md):
 * - `signing_keys.purpose`: the keys that sign records (`record`) are not the keys that
 *   sign sessions and role tokens (`session`): a record signature can never pass as a
 *   session, and record keys stay published after they retire, for records signed long ago.
 * - `share_link_opens.kind` 'record': a partner's download of the record document counts as
 *   an open like the page and the files.
 * - `issued_records`: every content hash the server has issued (on the report, a share
 *   page, a PDF or a CSV), so `/verify` can tell a genuine record from an invented hash.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table signing_keys
      add column purpose text not null default 'session' check (purpose in ('session', 'record'))`.execute(db);
  await sql`
    create table issued_records (
      content_hash text primary key check (content_hash ~ '^[0-9a-f]{64}$'),
      report_id uuid not null references label_reports(id) on delete cascade,
      label_id text not null,
      issued_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index issued_records_report on issued_records (report_id)`.execute(db);
  await sql`alter table share_link_opens drop constraint share_link_opens_kind_check`.execute(db);
  await sql`
    alter table share_link_opens add constraint share_link_opens_kind_check
    check (kind in ('page', 'pdf', 'csv', 'record'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from share_link_opens where kind = 'record'`.execute(db);
  await sql`alter table share_link_opens drop constraint share_link_opens_kind_check`.execute(db);
  await sql`
    alter table share_link_opens add constraint share_link_opens_kind_check
    check (kind in ('page', 'pdf', 'csv'))`.execute(db);
  await sql`drop table issued_records`.execute(db);
  await sql`delete from signing_keys where purpose = 'record'`.execute(db);
  await sql`alter table signing_keys drop column purpose`.execute(db);
}

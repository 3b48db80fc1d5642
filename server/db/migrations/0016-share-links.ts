import { type Kysely, sql } from "kysely";

/**
 * Read-only share links of one label report for partners without an account.
 * Only the SHA-256 of a link's token is stored: the token itself is shown
 * once, to its creator, so a copy of the database opens no report. The creator's
 * printed name is copied (as for signatures) so the list still says who shared after
 * the person is renamed or removed. Every open of the public page leaves a row in
 * `share_link_opens` (time, address) that the company sees.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table share_links (
      id uuid primary key default gen_random_uuid(),
      report_id uuid not null references label_reports(id) on delete cascade,
      company_id uuid not null references companies(id) on delete cascade,
      token_hash text not null unique,
      created_by uuid,
      created_by_name text not null,
      impersonator_user_id uuid,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      revoked_by uuid
    )`.execute(db);
  await sql`create index share_links_report on share_links (report_id, created_at desc, id desc)`.execute(db);
  await sql`
    create table share_link_opens (
      id uuid primary key default gen_random_uuid(),
      link_id uuid not null references share_links(id) on delete cascade,
      opened_at timestamptz not null default now(),
      address text not null,
      kind text not null default 'page' check (kind in ('page', 'pdf', 'csv'))
    )`.execute(db);
  await sql`create index share_link_opens_link on share_link_opens (link_id, opened_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table share_link_opens`.execute(db);
  await sql`drop table share_links`.execute(db);
}

import { type Kysely, sql } from "kysely";

/**
 * GS1 EPCIS 2.0 capture jobs: the REST binding answers a capture
 * with 202 and the address of a job the sender polls for the outcome, so the outcome is
 * kept in a row (it outlives the request, and any server of a cluster answers the poll).
 * `errors` and `ignored` are per event, in EPCIS terms (server/ingest/epcis.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table epcis_capture_jobs (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id) on delete cascade,
      api_key_id uuid references api_keys(id) on delete set null,
      created_at timestamptz not null default now(),
      finished_at timestamptz,
      running boolean not null default true,
      success boolean,
      event_count integer not null,
      accepted integer not null default 0,
      duplicates integer not null default 0,
      errors jsonb not null default '[]',
      ignored jsonb not null default '[]'
    )`.execute(db);
  await sql`create index epcis_capture_jobs_company on epcis_capture_jobs (company_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table epcis_capture_jobs`.execute(db);
}

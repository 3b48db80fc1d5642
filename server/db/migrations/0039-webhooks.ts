import { type Kysely, sql } from "kysely";

/**
 * Webhooks, a second transactional outbox beside the e-mails':
 * - `webhook_endpoints`: where a company wants its events POSTed, which events, and the
 *   secret the server signs each delivery with (HMAC-SHA256). The secret must be read back
 *   to sign, so it is stored as it is (like the SMTP password in SMTP_URL, it is the
 *   operator's database that guards it); it is answered once, at creation or rotation.
 * - `webhook_deliveries`: one row per endpoint and event, written in the transaction that
 *   made the event happen, sent by the worker with retries; `next_attempt_at` null once
 *   delivered or given up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table webhook_endpoints (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id) on delete cascade,
      url text not null,
      description text not null default '',
      events text[] not null,
      secret text not null,
      enabled boolean not null default true,
      created_by uuid references users(id) on delete set null,
      created timestamptz not null default now()
    )`.execute(db);
  await sql`create index webhook_endpoints_company on webhook_endpoints (company_id)`.execute(db);
  await sql`
    create table webhook_deliveries (
      id uuid primary key default gen_random_uuid(),
      endpoint_id uuid not null references webhook_endpoints(id) on delete cascade,
      event text not null,
      payload jsonb not null,
      attempts integer not null default 0,
      next_attempt_at timestamptz,
      delivered_at timestamptz,
      last_status integer,
      last_error text,
      created timestamptz not null default now()
    )`.execute(db);
  // The worker's queue: only deliveries still to make are in it.
  await sql`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at)
    where next_attempt_at is not null`.execute(db);
  // An endpoint's delivery log, newest first.
  await sql`create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, created desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists webhook_deliveries`.execute(db);
  await sql`drop table if exists webhook_endpoints`.execute(db);
}

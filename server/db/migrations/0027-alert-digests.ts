import { type Kysely, sql } from "kysely";

/**
 * Alert e-mails per company are bounded (server/notifications/alert-digest.ts): past a
 * number of alerts an hour, further alerts of the company are gathered into one digest
 * e-mail per person instead of one e-mail each. `digest_key` finds the digest still
 * waiting to be sent (company and recipient), `digest_count` counts the alerts in it;
 * the index counts a company's recent alerts without reading them all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox add column digest_key text, add column digest_count integer not null default 0`.execute(
    db,
  );
  await sql`create index outbox_pending_digest on outbox (digest_key) where sent is null and digest_key is not null`.execute(
    db,
  );
  await sql`create index alert_events_company_created on alert_events (company_id, created)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists alert_events_company_created`.execute(db);
  await sql`drop index if exists outbox_pending_digest`.execute(db);
  await sql`alter table outbox drop column digest_key, drop column digest_count`.execute(db);
}

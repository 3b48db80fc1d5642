import { type Kysely, sql } from "kysely";

/**
 * Alerts that are really sent (alarms, ends, low battery, no signal), as a transactional outbox:
 * - `alert_events`: one row per thing that happened to a report (an alarm of a unit, the
 *   report ended, the battery reached the warning level, the label went silent), written
 *   in the transaction that made it happen. Its key is unique per report, so a re-sent
 *   batch, a restart or a second server instance finds the event already there and
 *   writes nothing: each event is e-mailed once.
 * - the e-mails of an event are `outbox` rows written in the same transaction, sent by
 *   the alert worker: `next_attempt_at` says when (null: not the worker's, e.g. sign-in
 *   mail, which the mailer sends at once), with attempts and the last error for retries.
 * - `companies.no_signal_grace_minutes`: a recording label is "No signal" when silent
 *   for more than 3 intervals plus this (default 15 minutes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table alert_events (
      id uuid primary key default gen_random_uuid(),
      report_id uuid not null references label_reports(id) on delete cascade,
      company_id uuid not null references companies(id) on delete cascade,
      kind text not null check (kind in ('excursionDetected', 'reportFinished', 'batteryLow', 'noSignal')),
      key text not null,
      occurred_at timestamptz not null,
      details jsonb not null default '{}',
      created timestamptz not null default now(),
      unique (report_id, key)
    )`.execute(db);
  await sql`alter table outbox add column alert_event_id uuid references alert_events(id) on delete cascade`.execute(
    db,
  );
  await sql`alter table outbox add column attempts integer not null default 0`.execute(db);
  await sql`alter table outbox add column next_attempt_at timestamptz`.execute(db);
  await sql`alter table outbox add column last_error text`.execute(db);
  // One e-mail per person and event, whatever races.
  await sql`create unique index outbox_alert_recipient on outbox (alert_event_id, recipient)
    where alert_event_id is not null`.execute(db);
  // The worker's queue: only rows still to send are in it.
  await sql`create index outbox_due on outbox (next_attempt_at) where sent is null and next_attempt_at is not null`.execute(
    db,
  );
  // The worker's no-signal pass looks at recording labels by their last reading, every few seconds.
  await sql`create index label_reports_recording_last_reading on label_reports (last_reading_at)
    where status = 'recording'`.execute(db);
  await sql`alter table companies add column no_signal_grace_minutes integer not null default 15
    check (no_signal_grace_minutes between 0 and 10080)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table companies drop column if exists no_signal_grace_minutes`.execute(db);
  await sql`drop index if exists label_reports_recording_last_reading`.execute(db);
  await sql`drop index if exists outbox_due`.execute(db);
  await sql`drop index if exists outbox_alert_recipient`.execute(db);
  for (const column of ["last_error", "next_attempt_at", "attempts", "alert_event_id"]) {
    await sql`alter table outbox drop column if exists ${sql.ref(column)}`.execute(db);
  }
  await sql`drop table if exists alert_events`.execute(db);
}

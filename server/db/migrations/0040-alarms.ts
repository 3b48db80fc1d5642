import { type Kysely, sql } from "kysely";

/**
 * Alarm acknowledgement:
 * - `alarms`: one row per alarm event (an alert event of kind excursionDetected, noSignal
 *   or batteryLow), written in the transaction that wrote the event, whoever is e-mailed.
 *   Its state goes open -> acknowledged -> closed (server/alarms/alarm-state.ts); the
 *   severity is a column because later bands carry their own.
 * - `companies.alarm_escalation_minutes`: an alarm still open this long after it was raised
 *   is e-mailed once more to the company's administrators (5–10080, default 120).
 * Existing alarm events become open alarms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table alarms (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id) on delete cascade,
      report_id uuid not null references label_reports(id) on delete cascade,
      alert_event_id uuid not null unique references alert_events(id) on delete cascade,
      kind text not null check (kind in ('band', 'noSignal', 'batteryLow')),
      unit text check (unit in ('temperature', 'humidity', 'shock')),
      side text check (side in ('above', 'below')),
      severity text not null check (severity in ('warning', 'alarm', 'critical')),
      state text not null default 'open' check (state in ('open', 'acknowledged', 'closed')),
      triggered_at timestamptz not null,
      acknowledged_by uuid references users(id) on delete set null,
      acknowledged_at timestamptz,
      acknowledged_comment text,
      closed_by uuid references users(id) on delete set null,
      closed_at timestamptz,
      closed_comment text,
      escalated_at timestamptz,
      created timestamptz not null default now()
    )`.execute(db);
  // The inbox: a company's alarms by state, newest first; the report overlay's alarms.
  await sql`create index alarms_company_state on alarms (company_id, state, triggered_at desc)`.execute(db);
  await sql`create index alarms_report on alarms (report_id)`.execute(db);
  // The escalation pass looks only at open alarms not yet escalated.
  await sql`create index alarms_to_escalate on alarms (triggered_at) where state = 'open' and escalated_at is null`.execute(
    db,
  );
  await sql`
    insert into alarms (company_id, report_id, alert_event_id, kind, unit, side, severity, triggered_at)
    select e.company_id, e.report_id, e.id,
      case e.kind when 'excursionDetected' then 'band' else e.kind end,
      case when e.kind = 'excursionDetected' and e.details ->> 'unit' in ('temperature', 'humidity', 'shock')
        then e.details ->> 'unit' end,
      case when e.details ->> 'side' in ('above', 'below') then e.details ->> 'side' end,
      case e.kind when 'batteryLow' then 'warning' else 'alarm' end,
      e.occurred_at
    from alert_events e
    where e.kind in ('excursionDetected', 'noSignal', 'batteryLow')`.execute(db);
  await sql`alter table companies add column alarm_escalation_minutes integer not null default 120
    check (alarm_escalation_minutes between 5 and 10080)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table companies drop column if exists alarm_escalation_minutes`.execute(db);
  await sql`drop table if exists alarms`.execute(db);
}

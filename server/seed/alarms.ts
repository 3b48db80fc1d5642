import { type Kysely, sql } from "kysely";
import { insertAlarmsOf, type StoredAlertEvent } from "../db/alarms";
import type { Database } from "../db/schema";

/** What the demo's acknowledgements say, in turn. */
const COMMENTS = [
  "Goods moved to the backup cooler; QA informed.",
  "Driver reached, reefer unit restarted at the depot.",
  "Checked with the consignee: load inspected on arrival.",
];

/**
 * The demo's alarms: the alert event each violated unit of a seeded report would have
 * raised (at the summary's first trigger), its alarm beside it as the API writes them, and
 * every other alarm of a finished report acknowledged by an administrator of its company,
 * with the trail entry, so the inbox shows open and acknowledged alarms.
 */
export async function seedAlarms(trx: Kysely<Database>): Promise<number> {
  const events = await sql<StoredAlertEvent>`
    insert into alert_events (report_id, company_id, kind, key, occurred_at, details)
    select r.id, r.company_id, 'excursionDetected', 'excursionDetected:' || u.unit,
      coalesce((r.summary -> u.unit ->> 'firstTriggered')::timestamptz, r.start_time, r.created),
      jsonb_build_object('unit', u.unit, 'excursionStart', r.summary -> u.unit ->> 'triggeringExcursionStart')
    from label_reports r
    cross join lateral (values
      ('temperature', r.temperature_violation), ('humidity', r.humidity_violation), ('shock', r.shock_violation)
    ) as u(unit, violated)
    where u.violated
    on conflict (report_id, key) do nothing
    returning id, report_id as "reportId", company_id as "companyId", kind,
      to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "occurredAt", details`.execute(trx);
  await insertAlarmsOf(trx, events.rows);
  const acknowledged = await sql<{ id: string }>`
    with candidates as (
      select a.id, a.report_id, a.company_id, a.triggered_at,
        row_number() over (order by a.triggered_at, a.id) as n,
        (select ur.user_id from user_roles ur join users u on u.id = ur.user_id
          where ur.company_id = a.company_id and 'administrator' = any(ur.types) order by u.email limit 1) as user_id
      from alarms a join label_reports r on r.id = a.report_id
      where r.status in ('stopped', 'ended')
    )
    update alarms a set state = 'acknowledged', acknowledged_by = c.user_id,
      acknowledged_at = c.triggered_at + interval '40 minutes',
      acknowledged_comment = (array[${sql.join(COMMENTS)}])[1 + c.n % ${COMMENTS.length}]
    from candidates c
    where a.id = c.id and c.n % 2 = 0 and c.user_id is not null
    returning a.id`.execute(trx);
  if (acknowledged.rows.length > 0)
    await sql`
      insert into audit_log (at, actor_user_id, company_id, action, entity, entity_id, before, after, reason)
      select a.acknowledged_at, a.acknowledged_by, a.company_id, 'alarmAcknowledge', 'labelReport', a.report_id,
        jsonb_build_object('alarmId', a.id, 'state', 'open'),
        jsonb_build_object('alarmId', a.id, 'state', 'acknowledged', 'kind', a.kind, 'unit', a.unit,
          'severity', a.severity, 'triggeredAt', a.triggered_at),
        a.acknowledged_comment
      from alarms a
      where a.id in (${sql.join(acknowledged.rows.map((row) => row.id))})`.execute(trx);
  return events.rows.length;
}

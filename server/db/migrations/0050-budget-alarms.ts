import { type Kysely, sql } from "kysely";

/**
 * Budget alarms: a shipment whose time out of its product's range uses up the stability
 * budget of its batch raises an alert event `budgetExhausted` and its alarm of the same
 * kind, severity critical (server/shipments/budget-alarms.ts). Both kind checks take it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table alert_events drop constraint alert_events_kind_check`.execute(db);
  await sql`alter table alert_events add constraint alert_events_kind_check
    check (kind in ('excursionDetected', 'reportFinished', 'batteryLow', 'noSignal', 'budgetExhausted'))`.execute(db);
  await sql`alter table alarms drop constraint alarms_kind_check`.execute(db);
  await sql`alter table alarms add constraint alarms_kind_check
    check (kind in ('band', 'noSignal', 'batteryLow', 'budgetExhausted'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from alert_events where kind = 'budgetExhausted'`.execute(db);
  await sql`alter table alarms drop constraint alarms_kind_check`.execute(db);
  await sql`alter table alarms add constraint alarms_kind_check
    check (kind in ('band', 'noSignal', 'batteryLow'))`.execute(db);
  await sql`alter table alert_events drop constraint alert_events_kind_check`.execute(db);
  await sql`alter table alert_events add constraint alert_events_kind_check
    check (kind in ('excursionDetected', 'reportFinished', 'batteryLow', 'noSignal'))`.execute(db);
}

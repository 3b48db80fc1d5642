import { sql } from "kysely";
import { alarmOfEvent } from "../../core/domain/alarms";
import type { ColumnMap } from "../lists/compile";
import type { Db } from "./index";
import { personName } from "./person-name";

/** The alarms table: written beside their alert events (server/notifications/enqueue-alerts.ts), changed by server/alarms/. */

/** A stored alert event, as much of it as its alarm needs. */
export interface StoredAlertEvent {
  id: string;
  reportId: string;
  companyId: string;
  kind: string;
  occurredAt: string;
  details: Record<string, unknown>;
}

/**
 * Stores the alarms of stored alert events (core/domain/alarms.ts: one per event of an
 * alarm kind), in the transaction that stored the events, whether or not anyone is e-mailed.
 */
export async function insertAlarmsOf(trx: Db, events: readonly StoredAlertEvent[]): Promise<void> {
  const alarms = events.flatMap((event) => {
    const origin = alarmOfEvent(event.kind, event.details);
    return origin
      ? [
          {
            ...origin,
            companyId: event.companyId,
            reportId: event.reportId,
            alertEventId: event.id,
            triggeredAt: event.occurredAt,
          },
        ]
      : [];
  });
  if (alarms.length === 0) return;
  await trx
    .insertInto("alarms")
    .values(alarms)
    .onConflict((oc) => oc.column("alertEventId").doNothing())
    .execute();
}

/** open first, then acknowledged, then closed. */
const STATE_RANK = sql<number>`(case a.state when 'open' then 0 when 'acknowledged' then 1 else 2 end)`;

/** The alarm list's keys as SQL (core/domain/resources.ts, "alarms"). */
export const alarmListColumns: ColumnMap = {
  id: sql.ref("a.id"),
  stateRank: STATE_RANK,
  state: sql.ref("a.state"),
  severity: sql.ref("a.severity"),
  kind: sql.ref("a.kind"),
  unit: sql.ref("a.unit"),
  reportId: sql.ref("a.reportId"),
  labelId: sql.ref("r.labelId"),
  reference: sql.ref("r.reference"),
  companyId: sql.ref("a.companyId"),
  triggeredAt: sql.ref("a.triggeredAt"),
  acknowledgedAt: sql.ref("a.acknowledgedAt"),
};

/**
 * The alarms of the caller's companies with what a row shows: the report's label and
 * reference for the link, the names of who acknowledged and closed it. The companies are
 * written into the SQL as the report list's are (they come from the role token).
 */
export function alarmListRows(db: Db, companyScope: readonly string[]) {
  return db
    .selectFrom("alarms as a")
    .innerJoin("labelReports as r", "r.id", "a.reportId")
    .innerJoin("companies as c", "c.id", "a.companyId")
    .leftJoin("users as ack", "ack.id", "a.acknowledgedBy")
    .leftJoin("users as cls", "cls.id", "a.closedBy")
    .where(
      "a.companyId",
      "in",
      companyScope.map((id) => sql.lit(id)),
    )
    .select([
      "a.id",
      STATE_RANK.as("stateRank"),
      "a.companyId",
      "c.name as companyName",
      "a.reportId",
      "r.labelId",
      "r.reference",
      "a.kind",
      "a.unit",
      "a.side",
      "a.severity",
      "a.state",
      "a.triggeredAt",
      "a.acknowledgedAt",
      personName("ack").as("acknowledgedByName"),
      "a.acknowledgedComment",
      "a.closedAt",
      personName("cls").as("closedByName"),
      "a.closedComment",
      "a.escalatedAt",
      "a.created",
    ]);
}

/** One alarm of the caller's companies, as a list row; undefined for any other id. */
export function findAlarm(db: Db, companyScope: readonly string[], id: string) {
  return alarmListRows(db, companyScope).where("a.id", "=", id).executeTakeFirst();
}

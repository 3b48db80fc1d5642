import { ALARM_TRANSITIONS, type AlarmAction } from "../../core/domain/alarms";
import { recordAudit } from "../audit";
import type { Principal } from "../auth/principal";
import type { Db } from "../db/index";
import { enqueueReportWebhookEvent } from "../webhooks/enqueue";

/**
 * An alarm's state changes, in one place: acknowledging (open -> acknowledged) and closing
 * (acknowledged -> closed), by a person through the API or by another feature (a deviation
 * closes the alarms it covers). Each change is an entry of the report's audit trail, so it
 * shows on the trail screen and in the PDF.
 */

const AUDIT_ACTION: Record<AlarmAction, string> = { acknowledge: "alarmAcknowledge", close: "alarmClose" };

/** Who acts, as the audit trail records them (a person, support acting as one, or an API key). */
export type AlarmActor = Principal;

/**
 * Moves the alarms among `ids` that are in the action's starting state to its next one,
 * in the caller's transaction, with the comment; the others are left as they are.
 * Answers the ids it moved.
 */
async function transition(
  trx: Db,
  action: AlarmAction,
  ids: readonly string[],
  actor: AlarmActor,
  comment: string,
  /** The dashboard's origin, for the report link of the acknowledgement's webhook. */
  publicUrl: string,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const { from, to } = ALARM_TRANSITIONS[action];
  const now = new Date();
  // An API key is nobody: the audit entry names the key, the alarm names no person.
  const by = actor.apiKeyId ? null : actor.userId;
  const moved = await trx
    .updateTable("alarms")
    .set(
      action === "acknowledge"
        ? { state: to, acknowledgedBy: by, acknowledgedAt: now, acknowledgedComment: comment }
        : { state: to, closedBy: by, closedAt: now, closedComment: comment },
    )
    .where("id", "in", [...ids])
    .where("state", "=", from)
    .returning(["id", "reportId", "kind", "unit", "side", "severity", "triggeredAt"])
    .execute();
  if (action === "acknowledge")
    for (const alarm of moved)
      await enqueueReportWebhookEvent(trx, {
        reportId: alarm.reportId,
        event: "alarm.acknowledged",
        publicUrl,
        occurredAt: now,
        data: {
          alarm: {
            id: alarm.id,
            kind: alarm.kind,
            unit: alarm.unit,
            side: alarm.side,
            severity: alarm.severity,
            triggeredAt: new Date(alarm.triggeredAt).toISOString(),
            acknowledgedAt: now.toISOString(),
            comment,
          },
        },
      });
  for (const alarm of moved)
    await recordAudit(trx, actor, {
      action: AUDIT_ACTION[action],
      entity: "labelReport",
      entityId: alarm.reportId,
      before: { alarmId: alarm.id, state: from },
      after: {
        alarmId: alarm.id,
        state: to,
        kind: alarm.kind,
        unit: alarm.unit,
        severity: alarm.severity,
        triggeredAt: new Date(alarm.triggeredAt).toISOString(),
      },
      reason: comment,
    });
  return moved.map((alarm) => alarm.id);
}

/**
 * Acknowledges the open alarms among `ids`; answers those it acknowledged. Each
 * acknowledgement is an `alarm.acknowledged` webhook event of the report's company.
 */
export async function acknowledgeAlarms(
  trx: Db,
  ids: readonly string[],
  actor: AlarmActor,
  comment: string,
  publicUrl: string,
): Promise<string[]> {
  return transition(trx, "acknowledge", ids, actor, comment, publicUrl);
}

/** Closes the acknowledged alarms among `ids` with the reason; answers those it closed. */
export async function closeAlarms(
  trx: Db,
  ids: readonly string[],
  actor: AlarmActor,
  reason: string,
): Promise<string[]> {
  return transition(trx, "close", ids, actor, reason, "");
}

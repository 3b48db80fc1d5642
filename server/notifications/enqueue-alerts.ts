import { publicUrlOf } from "../config";
import type { Db } from "../db/index";
import type { AlertEventKind } from "../db/schema";
import { gatherIntoDigest, overAlertLimit } from "./alert-digest";
import { digestLine, renderAlertMail } from "./alert-mail";
import { ALARM_UNITS, type AlertState } from "./alert-state";
import { type AlertKind, alertAudience } from "./recipients";

/** Where the e-mails' links point: the dashboard's public origin (PUBLIC_URL). */
export interface AlertLinks {
  publicUrl: string;
}

/** For callers without the app's context (scripts): PUBLIC_URL, as server/config.ts reads it. */
export const LINKS_FROM_ENV: AlertLinks = {
  get publicUrl() {
    return publicUrlOf();
  },
};

export interface AlertEvent {
  reportId: string;
  kind: AlertEventKind;
  /** Unique per report: detecting the same event again (a re-sent batch, a restart, another instance) finds it stored. */
  key: string;
  occurredAt: string;
  details: Record<string, unknown>;
}

/** Which notification setting asks for an event: a silent label is an alert like an alarm. */
const SETTING: Record<AlertEventKind, AlertKind> = {
  excursionDetected: "excursionDetected",
  reportFinished: "reportFinished",
  batteryLow: "batteryLow",
  noSignal: "excursionDetected",
};

/**
 * Stores an alert event and the e-mails to everyone who asked for it, in the caller's
 * transaction (the one that made it happen), for the alert worker to send from `now` on.
 * An event already stored writes nothing: false. Past the company's hourly number of
 * alerts, the event joins each person's digest instead (alert-digest.ts).
 */
export async function recordAlertEvent(
  trx: Db,
  event: AlertEvent,
  publicUrl: string,
  now = new Date(),
): Promise<boolean> {
  const report = await trx
    .selectFrom("labelReports as r")
    .innerJoin("companies as c", "c.id", "r.companyId")
    .select(["r.companyId", "r.labelId", "r.reference", "c.name as companyName"])
    .where("r.id", "=", event.reportId)
    .executeTakeFirstOrThrow();
  const stored = await trx
    .insertInto("alertEvents")
    .values({
      reportId: event.reportId,
      companyId: report.companyId,
      kind: event.kind,
      key: event.key,
      occurredAt: event.occurredAt,
      details: JSON.stringify(event.details),
    })
    .onConflict((oc) => oc.columns(["reportId", "key"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!stored) return false;
  const audience = await alertAudience(trx, report.companyId, SETTING[event.kind]);
  if (audience.length === 0) return true;
  if (await overAlertLimit(trx, report.companyId, now)) {
    for (const person of audience) {
      const { headline } = renderAlertMail({ ...event, ...report, timeZone: person.timeZone, publicUrl });
      await gatherIntoDigest(trx, {
        companyId: report.companyId,
        companyName: report.companyName,
        recipient: person.email,
        line: digestLine(headline, report.labelId, event.occurredAt, person.timeZone),
        publicUrl,
        now,
      });
    }
    return true;
  }
  await trx
    .insertInto("outbox")
    .values(
      audience.map((person) => {
        const mail = renderAlertMail({ ...event, ...report, timeZone: person.timeZone, publicUrl });
        return {
          recipient: person.email,
          subject: mail.subject,
          text: mail.text,
          alertEventId: stored.id,
          nextAttemptAt: now,
        };
      }),
    )
    .execute();
  return true;
}

/** The alert events a change of a report's state makes: what is true after and was not before. */
export function alertEventsOf(reportId: string, before: AlertState, after: AlertState, now: Date): AlertEvent[] {
  const events: AlertEvent[] = [];
  const nowIso = now.toISOString();
  // One alarm per unit and report: the summary keeps the first trigger of each.
  for (const unit of ALARM_UNITS) {
    const alarm = after.alarms[unit];
    if (!alarm.violation || before.alarms[unit].violation) continue;
    events.push({
      reportId,
      kind: "excursionDetected",
      key: `excursionDetected:${unit}`,
      occurredAt: alarm.triggeredAt ?? nowIso,
      details: { unit, excursionStart: alarm.excursionStart },
    });
  }
  const ended = (s: string) => s === "stopped" || s === "ended";
  if (ended(after.status) && !ended(before.status)) {
    events.push({
      reportId,
      kind: "reportFinished",
      key: "reportFinished",
      occurredAt: after.endTime ?? nowIso,
      details: { status: after.status },
    });
  }
  if (after.batteryLow && !before.batteryLow) {
    events.push({
      reportId,
      kind: "batteryLow",
      key: "batteryLow",
      occurredAt: after.lastReadingAt ?? nowIso,
      details: { level: after.batteryLevel, warningLevel: after.batteryWarningLevel },
    });
  }
  return events;
}

/**
 * Call in the transaction that changed a report, with its alert state read before and
 * after the change (readAlertState): stores the events that change raised, with their
 * e-mails. Nothing changed, nothing written.
 */
export async function enqueueAlerts(
  trx: Db,
  reportId: string,
  before: AlertState,
  after: AlertState,
  links: AlertLinks,
): Promise<void> {
  for (const event of alertEventsOf(reportId, before, after, new Date()))
    await recordAlertEvent(trx, event, links.publicUrl);
}

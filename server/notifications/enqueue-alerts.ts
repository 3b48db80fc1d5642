import { ALARM_UNITS } from "../../core/domain/alarms";
import { BAND_UNITS, type BandUnit } from "../../core/domain/limit-bands";
import { publicUrlOf } from "../config";
import { insertAlarmsOf } from "../db/alarms";
import type { Db } from "../db/index";
import type { AlertEventKind } from "../db/schema";
import { companiesWithWebhooks, enqueueWebhookEvent, WEBHOOK_EVENT_OF_ALERT } from "../webhooks/enqueue";
import { ALERTS_PER_COMPANY_PER_HOUR, gatherIntoDigest, overAlertLimit, recentAlertCount } from "./alert-digest";
import { digestLine, messagesTo, renderAlertMail, reportLink } from "./alert-mail";
import type { AlertState } from "./alert-state";
import { type AlertKind, type AlertRecipient, alertAudience } from "./recipients";

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
  budgetExhausted: "excursionDetected",
};

/**
 * Stores an alert event, its alarm (of an alarm kind) and the e-mails to everyone who asked for it, in the caller's
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
    .select(["r.id", "r.companyId", "r.labelId", "r.reference", "c.name as companyName"])
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
  await insertAlarmsOf(trx, [{ ...event, id: stored.id, companyId: report.companyId }]);
  await enqueueAlertWebhook(trx, { event, id: stored.id, report }, publicUrl, now);
  const audience = await alertAudience(trx, report.companyId, SETTING[event.kind]);
  if (audience.length === 0) return true;
  const over = await overAlertLimit(trx, report.companyId, now);
  await mailEvent(trx, { event, id: stored.id, report, audience, over }, publicUrl, now);
  return true;
}

interface EventReport {
  id: string;
  companyId: string;
  labelId: string;
  reference: string;
  companyName: string;
}

/**
 * The messages of one stored event, e-mails and text messages as each person chose: to
 * each person's digests past the company's hourly limit, else to the outbox.
 */
async function mailEvent(trx: Db, stored: StoredEvent, publicUrl: string, now: Date): Promise<void> {
  const { event, report, audience } = stored;
  if (stored.over) {
    for (const digest of digestsOf([stored], publicUrl)) await gatherIntoDigest(trx, { ...digest, publicUrl, now });
    return;
  }
  const rows = audience.flatMap((person) =>
    messagesTo(person, renderAlertMail({ ...event, ...report, timeZone: person.timeZone, publicUrl })).map(
      (message) => ({ ...message, alertEventId: stored.id, nextAttemptAt: now }),
    ),
  );
  if (rows.length > 0) await trx.insertInto("outbox").values(rows).execute();
}

/**
 * The webhook of a stored alert event (`alarm` or `report.ended`), in the same transaction:
 * the report, and the alarm's or the end's details under `alarm` or `end`.
 */
function enqueueAlertWebhook(
  trx: Db,
  stored: Pick<StoredEvent, "event" | "id" | "report">,
  publicUrl: string,
  now: Date,
): Promise<number> {
  const { event, report } = stored;
  const webhookEvent = WEBHOOK_EVENT_OF_ALERT[event.kind];
  return enqueueWebhookEvent(
    trx,
    {
      companyId: report.companyId,
      event: webhookEvent,
      occurredAt: event.occurredAt,
      data: {
        alertEventId: stored.id,
        report: {
          id: report.id,
          labelId: report.labelId,
          reference: report.reference,
          link: reportLink(publicUrl, report.id),
        },
        [webhookEvent === "alarm" ? "alarm" : "end"]: { kind: event.kind, ...event.details },
      },
    },
    now,
  );
}

interface StoredEvent {
  event: AlertEvent;
  id: string;
  report: EventReport;
  audience: AlertRecipient[];
  over: boolean;
}

/** The digest lines of events past the hourly limit, gathered per company and person in the events' order. */
function digestsOf(events: readonly StoredEvent[], publicUrl: string) {
  const digests = new Map<string, { companyId: string; companyName: string; recipient: string; lines: string[] }>();
  for (const { event, report, audience } of events)
    for (const person of audience) {
      const { headline } = renderAlertMail({ ...event, ...report, timeZone: person.timeZone, publicUrl });
      // One digest per address the person chose: their e-mail's, their phone's (a one-line text).
      for (const recipient of [person.byEmail ? person.email : null, person.phone]) {
        if (recipient === null) continue;
        const key = `${report.companyId}:${recipient}`;
        const digest = digests.get(key) ?? {
          companyId: report.companyId,
          companyName: report.companyName,
          recipient,
          lines: [],
        };
        digest.lines.push(digestLine(headline, report.labelId, event.occurredAt, person.timeZone));
        digests.set(key, digest);
      }
    }
  return [...digests.values()];
}

/**
 * recordAlertEvent for many events at once (a pass that ends thousands of reports), with
 * the same outcome as recording them one after another in this order: one read of their
 * reports, one insert of the events, one audience per company and kind, and the hourly
 * limit counted once per company, then advanced by each event stored. Answers how many
 * were stored (those already stored write nothing).
 */
export async function recordAlertEvents(
  trx: Db,
  events: readonly AlertEvent[],
  publicUrl: string,
  now = new Date(),
): Promise<number> {
  if (events.length === 0) return 0;
  const ids = [...new Set(events.map((e) => e.reportId))];
  const reports = new Map<string, EventReport>();
  for (const row of await trx
    .selectFrom("labelReports as r")
    .innerJoin("companies as c", "c.id", "r.companyId")
    .select(["r.id", "r.companyId", "r.labelId", "r.reference", "c.name as companyName"])
    .where("r.id", "in", ids)
    .execute())
    reports.set(row.id, row);
  const reportOf = (event: AlertEvent) => {
    const report = reports.get(event.reportId);
    if (!report) throw new Error(`No report ${event.reportId} for an alert event`);
    return report;
  };
  // Counted before the events are stored: each event stored then counts one more, as it would one by one.
  const recent = new Map<string, number>();
  for (const companyId of new Set(events.map((e) => reportOf(e).companyId)))
    recent.set(companyId, await recentAlertCount(trx, companyId, now));
  const stored = await trx
    .insertInto("alertEvents")
    .values(
      events.map((event) => ({
        reportId: event.reportId,
        companyId: reportOf(event).companyId,
        kind: event.kind,
        key: event.key,
        occurredAt: event.occurredAt,
        details: JSON.stringify(event.details),
      })),
    )
    .onConflict((oc) => oc.columns(["reportId", "key"]).doNothing())
    .returning(["id", "reportId", "key"])
    .execute();
  const idOf = new Map(stored.map((row) => [`${row.reportId} ${row.key}`, row.id]));
  await insertAlarmsOf(
    trx,
    events.flatMap((event) => {
      const id = idOf.get(`${event.reportId} ${event.key}`);
      return id === undefined ? [] : [{ ...event, id, companyId: reportOf(event).companyId }];
    }),
  );
  const listening = await companiesWithWebhooks(trx, [...recent.keys()]);
  const audiences = new Map<string, AlertRecipient[]>();
  const digested: StoredEvent[] = [];
  for (const event of events) {
    const id = idOf.get(`${event.reportId} ${event.key}`);
    if (id === undefined) continue;
    const report = reportOf(event);
    if (listening.has(report.companyId)) await enqueueAlertWebhook(trx, { event, id, report }, publicUrl, now);
    const count = (recent.get(report.companyId) ?? 0) + 1;
    recent.set(report.companyId, count);
    const audienceKey = `${report.companyId} ${SETTING[event.kind]}`;
    let audience = audiences.get(audienceKey);
    if (audience === undefined) {
      audience = await alertAudience(trx, report.companyId, SETTING[event.kind]);
      audiences.set(audienceKey, audience);
    }
    if (audience.length === 0) continue;
    const over = count > ALERTS_PER_COMPANY_PER_HOUR;
    // Past the limit, each person's digest takes the chunk's lines in one update, not one per event.
    if (over) digested.push({ event, id, report, audience, over });
    else await mailEvent(trx, { event, id, report, audience, over }, publicUrl, now);
  }
  for (const digest of digestsOf(digested, publicUrl)) await gatherIntoDigest(trx, { ...digest, publicUrl, now });
  return stored.length;
}

/**
 * One alarm per band reached and report: a band is keyed by its place in the rule's
 * (frozen) list, so it is raised once whatever is re-sent or recomputed.
 */
function bandEventsOf(reportId: string, unit: BandUnit, before: AlertState, after: AlertState, nowIso: string) {
  const events: AlertEvent[] = [];
  (after.bands[unit] ?? []).forEach((band, index) => {
    if (!band.reached || before.bands[unit]?.[index]?.reached) return;
    events.push({
      reportId,
      kind: "excursionDetected",
      key: `excursionDetected:${unit}:band${index}`,
      occurredAt: band.firstTriggered ?? nowIso,
      details: {
        unit,
        side: band.side,
        bandIndex: index,
        limit: band.limit,
        delayMinutes: band.delayMinutes,
        delayType: band.delayType,
        severity: band.severity,
      },
    });
  });
  return events;
}

/** The alert events a change of a report's state makes: what is true after and was not before. */
export function alertEventsOf(reportId: string, before: AlertState, after: AlertState, now: Date): AlertEvent[] {
  const events: AlertEvent[] = [];
  const nowIso = now.toISOString();
  // One alarm per unit and report: the summary keeps the first trigger of each. A unit
  // with bands of its own raises one per band reached instead, below.
  for (const unit of ALARM_UNITS) {
    if (unit !== "shock" && after.bands[unit]) continue;
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
  for (const unit of BAND_UNITS) events.push(...bandEventsOf(reportId, unit, before, after, nowIso));
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

import { randomUUID } from "node:crypto";
import type { WebhookDeliveryEvent, WebhookEvent } from "../../core/domain/webhooks";
import type { Db } from "../db/index";
import type { AlertEventKind } from "../db/schema";
import { reportLink } from "../notifications/alert-mail";

export interface WebhookEventInput {
  companyId: string;
  event: WebhookEvent;
  /** What the event is about (`report`, `alarm`, `disposition`, …), merged into the payload. */
  data: Record<string, unknown>;
  /** When it happened; now by default. */
  occurredAt?: Date | string;
}

/** The company part of every payload. */
async function companyOf(trx: Db, companyId: string) {
  return trx.selectFrom("companies").select(["id", "name"]).where("id", "=", companyId).executeTakeFirstOrThrow();
}

/** Inserts one delivery to each endpoint; its payload's `id` is the delivery's (a receiver's idempotency key). */
async function insertDeliveries(
  trx: Db,
  endpointIds: readonly string[],
  event: WebhookDeliveryEvent,
  body: Record<string, unknown>,
  now: Date,
): Promise<string[]> {
  if (endpointIds.length === 0) return [];
  const rows = endpointIds.map((endpointId) => {
    const id = randomUUID();
    return { id, endpointId, event, payload: JSON.stringify({ id, event, ...body }), nextAttemptAt: now };
  });
  await trx.insertInto("webhookDeliveries").values(rows).execute();
  return rows.map((row) => row.id);
}

/**
 * Queues `event` for every enabled endpoint of the company that subscribed to it, in the
 * caller's transaction (the one that made the event happen: the outbox pattern), for the
 * worker to POST from `now` on. Answers how many deliveries were queued (0: nobody listens,
 * which costs one indexed read).
 */
export async function enqueueWebhookEvent(trx: Db, input: WebhookEventInput, now = new Date()): Promise<number> {
  const endpoints = await trx
    .selectFrom("webhookEndpoints")
    .select("id")
    .where("companyId", "=", input.companyId)
    .where("enabled", "=", true)
    .where((eb) => eb(eb.val<string>(input.event), "=", eb.fn.any("events")))
    .execute();
  if (endpoints.length === 0) return 0;
  const occurredAt = new Date(input.occurredAt ?? now).toISOString();
  const company = await companyOf(trx, input.companyId);
  const ids = await insertDeliveries(
    trx,
    endpoints.map((e) => e.id),
    input.event,
    { occurredAt, company, ...input.data },
    now,
  );
  return ids.length;
}

/** Of these companies, those with an enabled endpoint: a pass over many events asks once, not per event. */
export async function companiesWithWebhooks(trx: Db, companyIds: readonly string[]): Promise<Set<string>> {
  if (companyIds.length === 0) return new Set();
  const rows = await trx
    .selectFrom("webhookEndpoints")
    .select("companyId")
    .distinct()
    .where("companyId", "in", companyIds)
    .where("enabled", "=", true)
    .execute();
  return new Set(rows.map((row) => row.companyId));
}

/** "Send test event": one delivery to this endpoint, subscribed or not, enabled or not. */
export async function enqueueTestDelivery(trx: Db, endpoint: { id: string; companyId: string }, now = new Date()) {
  const company = await companyOf(trx, endpoint.companyId);
  const body = { occurredAt: now.toISOString(), company, test: { message: "A test event from ColdChain" } };
  const [id] = await insertDeliveries(trx, [endpoint.id], "test", body, now);
  return id as string;
}

/** The `report` of a payload about one report: what a receiver shows and where the dashboard has it. */
async function webhookReport(trx: Db, reportId: string, publicUrl: string) {
  const report = await trx
    .selectFrom("labelReports")
    .select(["id", "companyId", "labelId", "reference"])
    .where("id", "=", reportId)
    .executeTakeFirstOrThrow();
  const { companyId, ...rest } = report;
  return { companyId, report: { ...rest, link: reportLink(publicUrl, reportId) } };
}

/**
 * enqueueWebhookEvent for an event about one report (`alarm.acknowledged`,
 * `disposition.signed`, a report's `deviation.closed`): the payload's `report` is filled
 * in, `details` joins it under the event's own key (e.g. `disposition`).
 */
export async function enqueueReportWebhookEvent(
  trx: Db,
  input: { reportId: string; event: WebhookEvent; publicUrl: string; occurredAt?: Date | string; data?: object },
  now = new Date(),
): Promise<number> {
  const { companyId, report } = await webhookReport(trx, input.reportId, input.publicUrl);
  return enqueueWebhookEvent(
    trx,
    { companyId, event: input.event, occurredAt: input.occurredAt, data: { report, ...input.data } },
    now,
  );
}

/** Which webhook event an alert event is: every alarm kind is an `alarm`; a report's end is `report.ended`. */
export const WEBHOOK_EVENT_OF_ALERT: Record<AlertEventKind, WebhookEvent> = {
  excursionDetected: "alarm",
  noSignal: "alarm",
  batteryLow: "alarm",
  budgetExhausted: "alarm",
  reportFinished: "report.ended",
};

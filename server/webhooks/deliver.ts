import { createHmac } from "node:crypto";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { WEBHOOK_HEADERS } from "../../core/domain/webhooks";
import type { Db } from "../db/index";
import { assertDeliverable, guardedLookup } from "./address";

/** WEBHOOK_ALLOW_PRIVATE and WEBHOOK_MAX_ATTEMPTS, as the worker and the routes use them. */
export interface WebhookSettings {
  allowPrivate: boolean;
  maxAttempts: number;
}

/** A receiver has this long to answer (headers) before the attempt counts as failed. */
const TIMEOUT_MS = 10_000;
/** A claimed delivery is another instance's again after this long, should this one die while sending. */
const CLAIM_LEASE_MS = 120_000;
/** Deliveries sent at once in a pass: one slow receiver must not hold up the others for long. */
const BATCH = 20;
/** Wait after the nth failed attempt: 1 min, 5 min, 30 min, 2 h, 6 h, then every 12 h. */
const RETRY_MINUTES = [1, 5, 30, 120, 360, 720];

function webhookRetryDelayMs(attempts: number): number {
  const minutes = RETRY_MINUTES[Math.min(attempts, RETRY_MINUTES.length) - 1] ?? 1;
  return minutes * 60_000;
}

/** `sha256=<hex>` of HMAC-SHA256(secret, timestamp + "." + body): what x-coldchain-signature carries. */
function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

interface Claimed {
  id: string;
  endpointId: string;
  event: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/** Up to BATCH due deliveries, for this instance only (SKIP LOCKED, then a lease), as the alert outbox does. */
function claim(db: Db, now: Date): Promise<Claimed[]> {
  return db
    .updateTable("webhookDeliveries")
    .set((eb) => ({ attempts: eb("attempts", "+", 1), nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) }))
    .where("id", "in", (eb) =>
      eb
        .selectFrom("webhookDeliveries")
        .select("id")
        .where("nextAttemptAt", "is not", null)
        .where("nextAttemptAt", "<=", now)
        .orderBy("nextAttemptAt")
        .orderBy("id")
        .limit(BATCH)
        .forUpdate()
        .skipLocked(),
    )
    .returning(["id", "endpointId", "event", "payload", "attempts"])
    .execute();
}

/**
 * One POST, never following a redirect: node:http does not follow them, and the connection
 * goes to the address the lookup checked. Answers the status once the headers arrive; the
 * body is not read.
 */
function post(url: URL, headers: Record<string, string>, body: string, allowPrivate: boolean) {
  return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const request = send(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        // A fresh connection each time: a pooled one would skip the address check.
        agent: false,
        lookup: guardedLookup(allowPrivate),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      },
      (response) => {
        resolve({ status: response.statusCode ?? 0, location: response.headers.location });
        response.destroy();
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** The outcome of one attempt: delivered, or why not (with the status when there was one). */
async function attempt(
  endpoint: { url: string; secret: string },
  row: Claimed,
  now: Date,
  allowPrivate: boolean,
): Promise<{ ok: boolean; status: number | null; error: string | null }> {
  const body = JSON.stringify(row.payload);
  const timestamp = Math.floor(now.getTime() / 1000);
  try {
    const url = new URL(endpoint.url);
    await assertDeliverable(url, allowPrivate);
    const { status, location } = await post(
      url,
      {
        "content-type": "application/json",
        "user-agent": "ColdChain-Webhooks/1",
        [WEBHOOK_HEADERS.event]: row.event,
        [WEBHOOK_HEADERS.delivery]: row.id,
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: webhookSignature(endpoint.secret, timestamp, body),
      },
      body,
      allowPrivate,
    );
    if (status >= 200 && status < 300) return { ok: true, status, error: null };
    if (status >= 300 && status < 400)
      return { ok: false, status, error: `HTTP ${status}: redirect to ${location ?? "?"} not followed` };
    return { ok: false, status, error: `HTTP ${status}` };
  } catch (error) {
    const message =
      error instanceof Error && error.name === "TimeoutError"
        ? `No answer within ${TIMEOUT_MS / 1000} s`
        : error instanceof Error
          ? error.message
          : String(error);
    return { ok: false, status: null, error: message };
  }
}

export interface WebhookPassResult {
  delivered: number;
  failed: number;
}

/**
 * Sends every due delivery at `now` (the alert worker calls it each pass; tests call it
 * with the `now` they want): a 2xx delivers; anything else is retried with backoff until
 * WEBHOOK_MAX_ATTEMPTS, then left failed with its last status and error. A delivery of an
 * endpoint disabled since it was queued is given up.
 */
export async function deliverDueWebhooks(
  db: Db,
  settings: WebhookSettings,
  now = new Date(),
  log: (message: string) => void = () => {},
): Promise<WebhookPassResult> {
  const result: WebhookPassResult = { delivered: 0, failed: 0 };
  for (;;) {
    const rows = await claim(db, now);
    if (rows.length === 0) break;
    const endpoints = new Map(
      (
        await db
          .selectFrom("webhookEndpoints")
          .select(["id", "url", "secret", "enabled"])
          .where("id", "in", [...new Set(rows.map((r) => r.endpointId))])
          .execute()
      ).map((e) => [e.id, e]),
    );
    await Promise.all(
      rows.map(async (row) => {
        const endpoint = endpoints.get(row.endpointId);
        const outcome =
          endpoint?.enabled === true
            ? await attempt(endpoint, row, now, settings.allowPrivate)
            : { ok: false, status: null, error: "The endpoint is disabled" };
        const giveUp = !outcome.ok && (row.attempts >= settings.maxAttempts || endpoint?.enabled !== true);
        await db
          .updateTable("webhookDeliveries")
          .set({
            deliveredAt: outcome.ok ? now : null,
            lastStatus: outcome.status,
            lastError: outcome.error?.slice(0, 2000) ?? null,
            nextAttemptAt: outcome.ok || giveUp ? null : new Date(now.getTime() + webhookRetryDelayMs(row.attempts)),
          })
          .where("id", "=", row.id)
          .execute();
        if (outcome.ok) result.delivered++;
        else {
          result.failed++;
          log(`Webhook delivery ${row.id} (${row.event}) failed, attempt ${row.attempts}: ${outcome.error}`);
        }
      }),
    );
    if (rows.length < BATCH) break;
  }
  return result;
}

import { escalateAlarms } from "../alarms/escalation";
import type { Db } from "../db/index";
import { endReportsAtPlannedEnd } from "../ingest/planned-end";
import { deliveryAddress, type Mail } from "../mail/mailer";
import { deliverDueWebhooks, type WebhookPassResult, type WebhookSettings } from "../webhooks/deliver";
import { detectSilences } from "./no-signal-pass";

/** Hands one e-mail on (SMTP, or the log when none is configured); throws when it could not. */
export type AlertTransport = (mail: Mail) => Promise<void>;

/** After this many failed attempts an e-mail is given up (its last error stays on the row). */
const MAX_ALERT_ATTEMPTS = 10;
/** A claimed row is another instance's again after this long, should this one die while sending. */
const CLAIM_LEASE_MS = 120_000;
const BATCH = 50;
/** Silences and planned ends are minutes apart: the timer looks for new ones this often, not at every pass. */
const SILENCE_PASS_MS = 15_000;

/** Wait before the next attempt after `attempts` failed ones: 30 s doubling, at most an hour. */
function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export interface AlertWorkerOptions {
  db: Db;
  transport: AlertTransport;
  publicUrl: string;
  /** Pass interval (ALERT_WORKER_INTERVAL_MS); 0: no timer, passes run only through runOnce (tests). */
  intervalMs: number;
  /** WEBHOOK_ALLOW_PRIVATE and WEBHOOK_MAX_ATTEMPTS: each pass also sends the due webhook deliveries. */
  webhooks: WebhookSettings;
  /** SMS_EMAIL_DOMAIN: rows to a phone number (text messages) are e-mailed to "+number@domain". */
  smsEmailDomain?: string;
  log?: (message: string) => void;
}

interface PassResult {
  silences: number;
  /** Reports ended at their planned end in this pass. */
  plannedEnds: number;
  /** Open alarms past their company's escalation time, e-mailed again in this pass. */
  escalated: number;
  sent: number;
  failed: number;
  webhooks: WebhookPassResult;
}

export interface AlertWorker {
  start(): void;
  stop(): Promise<void>;
  /**
   * One pass at `now`: end reports whose planned end passed, record new silences and
   * escalate unacknowledged alarms (unless told not to: `silences` covers the three), then
   * send every due e-mail and webhook.
   */
  runOnce(now?: Date, options?: { silences?: boolean }): Promise<PassResult>;
}

interface Claimed {
  id: string;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
}

/**
 * Takes up to BATCH due rows for this instance: FOR UPDATE SKIP LOCKED so two instances
 * never take one row, and the row's next attempt moved a lease ahead so it stays this
 * instance's while it sends outside the transaction (an SMTP call must not hold a lock).
 */
async function claim(db: Db, now: Date): Promise<Claimed[]> {
  return db
    .updateTable("outbox")
    .set((eb) => ({
      attempts: eb("attempts", "+", 1),
      nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS),
    }))
    .where("id", "in", (eb) =>
      eb
        .selectFrom("outbox")
        .select("id")
        .where("sent", "is", null)
        .where("nextAttemptAt", "is not", null)
        .where("nextAttemptAt", "<=", now)
        .orderBy("nextAttemptAt")
        .orderBy("id")
        .limit(BATCH)
        .forUpdate()
        .skipLocked(),
    )
    .returning(["id", "recipient", "subject", "text", "html", "attempts"])
    .execute();
}

/**
 * The transactional outbox's sender: alert e-mails and webhooks with retries and backoff, the no-signal
 * pass and the planned-end pass (whose "report ended" e-mails it sends in the same pass).
 */
export function createAlertWorker(options: AlertWorkerOptions): AlertWorker {
  const { db, transport, publicUrl } = options;
  const log = options.log ?? (() => {});
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  let lastSilencePass = Number.NEGATIVE_INFINITY;

  async function runOnce(now = new Date(), { silences = true } = {}): Promise<PassResult> {
    const result: PassResult = {
      plannedEnds: silences ? await endReportsAtPlannedEnd(db, now, { publicUrl }) : 0,
      silences: silences ? await detectSilences(db, now, publicUrl) : 0,
      escalated: silences ? await escalateAlarms(db, now, publicUrl) : 0,
      sent: 0,
      failed: 0,
      webhooks: { delivered: 0, failed: 0 },
    };
    // Beside the e-mails: a slow receiver (up to 10 s) must not hold up an alert e-mail.
    const webhooks = deliverDueWebhooks(db, options.webhooks, now, log);
    for (;;) {
      const rows = await claim(db, now);
      for (const row of rows) {
        try {
          const to = deliveryAddress(row.recipient, options.smsEmailDomain);
          // Retried like a failed send: a gateway configured later still delivers it.
          if (to === null) throw new Error("No e-mail-to-SMS gateway (SMS_EMAIL_DOMAIN) for a text message");
          await transport({ to, subject: row.subject, text: row.text, html: row.html ?? undefined });
          await db
            .updateTable("outbox")
            .set({ sent: new Date(), nextAttemptAt: null, lastError: null })
            .where("id", "=", row.id)
            .execute();
          result.sent++;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const giveUp = row.attempts >= MAX_ALERT_ATTEMPTS;
          await db
            .updateTable("outbox")
            .set({
              lastError: message.slice(0, 2000),
              nextAttemptAt: giveUp ? null : new Date(now.getTime() + retryDelayMs(row.attempts)),
            })
            .where("id", "=", row.id)
            .execute();
          log(`Alert e-mail #${row.id} to ${row.recipient} failed (attempt ${row.attempts}): ${message}`);
          result.failed++;
        }
      }
      if (rows.length < BATCH || stopped) break;
    }
    result.webhooks = await webhooks;
    return result;
  }

  function tick() {
    if (stopped || running) return;
    const now = new Date();
    const silences = now.getTime() - lastSilencePass >= SILENCE_PASS_MS;
    if (silences) lastSilencePass = now.getTime();
    running = runOnce(now, { silences })
      .catch((error: unknown) => log(`Alert worker pass failed: ${error instanceof Error ? error.message : error}`))
      .finally(() => {
        running = null;
      });
  }

  return {
    start() {
      if (options.intervalMs <= 0 || timer) return;
      stopped = false;
      timer = setInterval(tick, options.intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
    runOnce,
  };
}

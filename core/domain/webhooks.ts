/**
 * Webhooks: the events a company's endpoint may subscribe to, written
 * once for the server (which enqueues and validates them) and the dashboard (which offers them).
 */
export const WEBHOOK_EVENTS = [
  "alarm",
  "alarm.acknowledged",
  "report.ended",
  "disposition.signed",
  "deviation.closed",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What "Send test event" delivers: to any endpoint, whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = "test";
export type WebhookDeliveryEvent = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  alarm: "Alarm (excursion, no signal, low battery)",
  "alarm.acknowledged": "Alarm acknowledged",
  "report.ended": "Report ended",
  "disposition.signed": "Disposition signed",
  "deviation.closed": "Deviation closed",
};

/** The headers of a delivery; the signature is `sha256=<hex HMAC-SHA256(secret, timestamp + "." + body)>`. */
export const WEBHOOK_HEADERS = {
  event: "x-coldchain-event",
  delivery: "x-coldchain-delivery",
  timestamp: "x-coldchain-timestamp",
  signature: "x-coldchain-signature",
} as const;

import { type Static, Type } from "typebox";
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from "../domain/webhooks";
import { dateTime, Nullable, nullableDateTime, nullableString, PlainText, StringEnum } from "./schema-types";

const events = Type.Array(StringEnum(WEBHOOK_EVENTS), {
  minItems: 1,
  maxItems: WEBHOOK_EVENTS.length,
  uniqueItems: true,
  description:
    "What the endpoint receives: alarm, alarm.acknowledged, report.ended, disposition.signed, deviation.closed",
});

/** A company's webhook endpoint as settings lists it: never its secret. */
export const webhookEndpointRecord = Type.Object({
  id: Type.String(),
  url: Type.String(),
  description: Type.String(),
  events: Type.Array(StringEnum(WEBHOOK_EVENTS)),
  enabled: Type.Boolean(),
  created: dateTime,
  createdBy: nullableString,
  createdByName: nullableString,
});

/** The answer to creating an endpoint or rotating its secret: the only time the secret is shown. */
export const webhookEndpointWithSecret = Type.Object({
  ...webhookEndpointRecord.properties,
  secret: Type.String({ description: "The HMAC-SHA256 key of the x-coldchain-signature header; shown this once" }),
});

const url = Type.String({
  minLength: 1,
  maxLength: 2000,
  description: "https (http only where WEBHOOK_ALLOW_PRIVATE is on); private and loopback addresses are refused",
});
const description = PlainText({ maxLength: 200, description: "What receives the events, e.g. the QMS" });

/** POST /webhooks. */
export const webhookEndpointInput = Type.Object(
  { url, description: Type.Optional(description), events, enabled: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

/** PATCH /webhooks/{id}: any of the fields; the secret changes only by rotating it. */
export const webhookEndpointChanges = Type.Object(
  {
    url: Type.Optional(url),
    description: Type.Optional(description),
    events: Type.Optional(events),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);

/** One line of an endpoint's delivery log. */
export const webhookDeliveryRecord = Type.Object({
  id: Type.String(),
  event: StringEnum([...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT]),
  created: dateTime,
  attempts: Type.Integer(),
  state: StringEnum(["pending", "delivered", "failed"] as const, {
    description: "pending: to be (re)tried at nextAttemptAt; failed: given up after WEBHOOK_MAX_ATTEMPTS",
  }),
  nextAttemptAt: nullableDateTime,
  deliveredAt: nullableDateTime,
  lastStatus: Nullable(Type.Integer({ description: "The HTTP status of the last attempt; null: no answer" })),
  lastError: nullableString,
});

export type WebhookEndpoint = Static<typeof webhookEndpointRecord>;
export type WebhookEndpointWithSecret = Static<typeof webhookEndpointWithSecret>;
export type WebhookEndpointInput = Static<typeof webhookEndpointInput>;
export type WebhookDelivery = Static<typeof webhookDeliveryRecord>;

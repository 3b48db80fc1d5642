import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { idParams } from "../../core/api/id-params";
import {
  webhookDeliveryRecord,
  webhookEndpointChanges,
  webhookEndpointInput,
  webhookEndpointRecord,
  webhookEndpointWithSecret,
} from "../../core/api/webhook";
import { WEBHOOK_EVENTS } from "../../core/domain/webhooks";
import { recordAudit } from "../audit";
import { randomToken } from "../auth/hash";
import { REFUSED_WHILE_IMPERSONATING } from "../auth/impersonation-refusals";
import type { Db } from "../db/index";
import {
  deleteWebhookEndpoint,
  insertWebhookEndpoint,
  lockWebhookEndpoint,
  updateWebhookEndpoint,
  webhookDeliveries,
  webhookEndpoints,
} from "../db/webhooks";
import { badRequest, forbidden, HttpError, notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { webhookUrlError } from "../webhooks/address";
import { enqueueTestDelivery } from "../webhooks/enqueue";
import { dataErrors } from "./schemas";

/** At most this many endpoints in a company. */
const MAX_ENDPOINTS = 20;
/** The delivery log shows the newest this many. */
const DELIVERY_LOG_ROWS = 100;
const ENTITY = "webhookEndpoint";

/** The secret a receiver checks x-coldchain-signature with: 32 random bytes. */
const newSecret = () => `whsec_${randomToken(32)}`;
const endpointNotFound = () => notFound("Webhook endpoint not found");

/** Kept in the fixed order of WEBHOOK_EVENTS, so the list and the audit read the same for the same choice. */
const orderedEvents = (events: readonly string[]) => WEBHOOK_EVENTS.filter((event) => events.includes(event));

/** A secret is a credential: an integration (API key) never gets one, as it never creates a key. */
async function refuseApiKey(request: FastifyRequest) {
  if (request.principal.apiKeyId) throw forbidden("An API key cannot manage webhook endpoints");
}

/**
 * Settings > Webhooks: the company's endpoints, their secret (answered
 * once, at creation or rotation), a test event and each endpoint's delivery log. The events
 * themselves are queued by server/webhooks/enqueue.ts and sent by the alert worker.
 */
export const webhookRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db, settings } = plugin;
  const { allowPrivate } = settings.webhooks;

  const checkUrl = async (url: string) => {
    const error = await webhookUrlError(url.trim(), allowPrivate);
    if (error) throw badRequest(error, [{ id: "url", error }]);
    return url.trim();
  };
  const readEndpoint = (trx: Db, companyId: string, id: string) =>
    webhookEndpoints(trx, companyId).where("w.id", "=", id).executeTakeFirstOrThrow();

  app.get(
    "/webhooks",
    {
      config: { permission: ["read", "webhook"] },
      schema: {
        tags: ["settings"],
        summary: "The company's webhook endpoints (never their secrets)",
        response: { 200: Type.Array(webhookEndpointRecord), ...dataErrors },
      },
    },
    async (request) => webhookEndpoints(db, request.principal.companyId).orderBy("w.created", "desc").execute(),
  );

  app.post(
    "/webhooks",
    {
      config: {
        permission: ["create", "webhook"],
        refusedWhileImpersonating: REFUSED_WHILE_IMPERSONATING.webhookCreation,
      },
      preValidation: refuseApiKey,
      schema: {
        tags: ["settings"],
        summary:
          "Register a webhook endpoint: events are POSTed to `url` (https; private and loopback addresses refused) signed with `secret` (x-coldchain-signature: sha256=HMAC-SHA256(secret, timestamp.body)), which the answer shows this once. Sign-in session required; refused while impersonating",
        body: webhookEndpointInput,
        response: { 201: webhookEndpointWithSecret, 409: dataErrors[400], ...dataErrors },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      const body = request.body;
      const url = await checkUrl(body.url);
      const description = (body.description ?? "").trim();
      const events = orderedEvents(body.events);
      const enabled = body.enabled ?? true;
      const secret = newSecret();
      const created = await db.transaction().execute(async (trx) => {
        const count = await trx
          .selectFrom("webhookEndpoints")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("companyId", "=", principal.companyId)
          .executeTakeFirstOrThrow();
        if (Number(count.n) >= MAX_ENDPOINTS)
          throw new HttpError(409, `A company has at most ${MAX_ENDPOINTS} webhook endpoints; delete one first`);
        const id = await insertWebhookEndpoint(trx, {
          companyId: principal.companyId,
          createdBy: principal.userId,
          url,
          description,
          events,
          enabled,
          secret,
        });
        await recordAudit(trx, principal, {
          action: "create",
          entity: ENTITY,
          entityId: id,
          before: null,
          after: { url, description, events, enabled },
        });
        return readEndpoint(trx, principal.companyId, id);
      });
      return reply.code(201).send({ ...created, secret });
    },
  );

  app.get(
    "/webhooks/:id",
    {
      config: { permission: ["read", "webhook"] },
      schema: {
        tags: ["settings"],
        summary: "One webhook endpoint of the company (never its secret)",
        params: idParams,
        response: { 200: webhookEndpointRecord, ...dataErrors },
      },
    },
    async (request) => {
      const endpoint = await webhookEndpoints(db, request.principal.companyId)
        .where("w.id", "=", request.params.id)
        .executeTakeFirst();
      if (!endpoint) throw endpointNotFound();
      return endpoint;
    },
  );

  app.patch(
    "/webhooks/:id",
    {
      config: {
        permission: ["update", "webhook"],
        refusedWhileImpersonating: REFUSED_WHILE_IMPERSONATING.webhookChange,
      },
      schema: {
        tags: ["settings"],
        summary:
          "Change a webhook endpoint's URL, description, events or whether it is enabled (a disabled endpoint is sent nothing, and its queued deliveries are given up). Refused while impersonating",
        params: idParams,
        body: webhookEndpointChanges,
        response: { 200: webhookEndpointRecord, ...dataErrors },
      },
    },
    async (request) => {
      const principal = request.principal;
      const { id } = request.params;
      const body = request.body;
      const changes = {
        ...(body.url === undefined ? {} : { url: await checkUrl(body.url) }),
        ...(body.description === undefined ? {} : { description: body.description.trim() }),
        ...(body.events === undefined ? {} : { events: orderedEvents(body.events) }),
        ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
      };
      return db.transaction().execute(async (trx) => {
        const before = await lockWebhookEndpoint(trx, principal.companyId, id);
        if (!before) throw endpointNotFound();
        await updateWebhookEndpoint(trx, id, changes);
        const keys = Object.keys(changes) as (keyof typeof changes)[];
        await recordAudit(trx, principal, {
          action: "update",
          entity: ENTITY,
          entityId: id,
          before: Object.fromEntries(keys.map((key) => [key, before[key]])),
          after: changes,
        });
        return readEndpoint(trx, principal.companyId, id);
      });
    },
  );

  app.post(
    "/webhooks/:id/secret",
    {
      config: {
        permission: ["update", "webhook"],
        refusedWhileImpersonating: REFUSED_WHILE_IMPERSONATING.webhookSecretRotation,
      },
      preValidation: refuseApiKey,
      schema: {
        tags: ["settings"],
        summary:
          "Rotate a webhook endpoint's secret: the answer shows the new one this once; deliveries from now on are signed with it. Sign-in session required; refused while impersonating",
        params: idParams,
        response: { 200: webhookEndpointWithSecret, ...dataErrors },
      },
    },
    async (request) => {
      const principal = request.principal;
      const { id } = request.params;
      const secret = newSecret();
      return db.transaction().execute(async (trx) => {
        const before = await lockWebhookEndpoint(trx, principal.companyId, id);
        if (!before) throw endpointNotFound();
        await updateWebhookEndpoint(trx, id, { secret });
        // The secret itself is never written to the trail: only that it changed.
        await recordAudit(trx, principal, {
          action: "rotate-secret",
          entity: ENTITY,
          entityId: id,
          before: { url: before.url },
          after: { url: before.url, secret: "rotated" },
        });
        return { ...(await readEndpoint(trx, principal.companyId, id)), secret };
      });
    },
  );

  app.delete(
    "/webhooks/:id",
    {
      config: { permission: ["delete", "webhook"] },
      schema: {
        tags: ["settings"],
        summary: "Delete a webhook endpoint with its delivery log: nothing more is sent to it",
        params: idParams,
        response: { 204: Type.Null(), ...dataErrors },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      const { id } = request.params;
      await db.transaction().execute(async (trx) => {
        const before = await lockWebhookEndpoint(trx, principal.companyId, id);
        if (!before) throw endpointNotFound();
        await deleteWebhookEndpoint(trx, id);
        const { companyId: _, ...record } = before;
        await recordAudit(trx, principal, {
          action: "delete",
          entity: ENTITY,
          entityId: id,
          before: record,
          after: null,
        });
      });
      return reply.code(204).send();
    },
  );

  app.get(
    "/webhooks/:id/deliveries",
    {
      config: { permission: ["read", "webhook"] },
      schema: {
        tags: ["settings"],
        summary: `A webhook endpoint's delivery log, newest first (the last ${DELIVERY_LOG_ROWS}): event, attempts, last status and error`,
        params: idParams,
        response: { 200: Type.Array(webhookDeliveryRecord), ...dataErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const endpoint = await webhookEndpoints(db, request.principal.companyId)
        .where("w.id", "=", id)
        .executeTakeFirst();
      if (!endpoint) throw endpointNotFound();
      return webhookDeliveries(db, id, DELIVERY_LOG_ROWS).execute();
    },
  );

  app.post(
    "/webhooks/:id/test",
    {
      config: { permission: ["test", "webhook"] },
      schema: {
        tags: ["settings"],
        summary:
          "Queue a `test` event to the endpoint, whatever it subscribed to; the answer is the queued delivery (see its delivery log). 409 when the endpoint is disabled",
        params: idParams,
        response: { 201: webhookDeliveryRecord, 409: dataErrors[400], ...dataErrors },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      const { id } = request.params;
      const delivery = await db.transaction().execute(async (trx) => {
        const endpoint = await lockWebhookEndpoint(trx, principal.companyId, id);
        if (!endpoint) throw endpointNotFound();
        if (!endpoint.enabled) throw new HttpError(409, "The endpoint is disabled: enable it to send a test event");
        const deliveryId = await enqueueTestDelivery(trx, endpoint);
        await recordAudit(trx, principal, {
          action: "test",
          entity: ENTITY,
          entityId: id,
          before: null,
          after: { url: endpoint.url, deliveryId },
        });
        return webhookDeliveries(trx, id, 1).where("id", "=", deliveryId).executeTakeFirstOrThrow();
      });
      return reply.code(201).send(delivery);
    },
  );
};

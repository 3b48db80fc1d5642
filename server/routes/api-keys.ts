import type { FastifyPluginAsync } from "fastify";
import { Type } from "typebox";
import { apiKeyChanges, apiKeyInput, apiKeyRecord, createdApiKeyRecord } from "../../core/api/api-key";
import { idParams } from "../../core/api/id-params";
import { API_KEY_SCOPES, DEFAULT_API_KEY_SCOPES } from "../../core/domain/api-key-scopes";
import { recordAudit } from "../audit";
import { newApiKey } from "../auth/api-keys";
import { REFUSED_WHILE_IMPERSONATING } from "../auth/impersonation-refusals";
import {
  countWorkingKeys,
  insertApiKey,
  lockWorkingKey,
  revokeApiKey,
  setApiKeyExpiry,
  workingKeys,
} from "../db/api-keys";
import { badRequest, forbidden, HttpError, notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { dataErrors } from "./schemas";

/** At most this many keys work at once in a company. */
const MAX_ACTIVE_KEYS = 20;

/** A new key works for a year unless its creator chooses otherwise. */
const DEFAULT_EXPIRY_DAYS = 365;
const expiryOf = (days: number | null) => (days === null ? null : new Date(Date.now() + days * 86_400_000));

/** Settings > API keys: create (the secret is answered once), list, change the expiry, revoke. */
export const apiKeyRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db } = plugin;

  app.get(
    "/api-keys",
    {
      config: { permission: ["read", "apiKey"] },
      schema: {
        tags: ["settings"],
        summary: "The company's working API keys (never their secrets)",
        response: { 200: Type.Array(apiKeyRecord), ...dataErrors },
      },
    },
    async (request) => workingKeys(db, request.principal.companyId).orderBy("k.created", "desc").execute(),
  );

  app.post(
    "/api-keys",
    {
      config: {
        permission: ["create", "apiKey"],
        refusedWhileImpersonating: REFUSED_WHILE_IMPERSONATING.apiKeyCreation,
      },
      schema: {
        tags: ["settings"],
        summary:
          "Create an API key for the company. The answer's `key` is shown this once; send it in the `api-key` header. `scopes`: `read` (read label reports, the default) and/or `ingest` (register labels, send readings, stop labels)",
        body: apiKeyInput,
        response: {
          201: createdApiKeyRecord,
          409: dataErrors[400],
          ...dataErrors,
        },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      if (principal.apiKeyId) throw forbidden("An API key cannot create API keys");
      const body = request.body;
      const name = body.name.trim();
      // Kept in a fixed order, so the list and the audit read the same for the same key.
      const scopes = API_KEY_SCOPES.filter((scope) => (body.scopes ?? DEFAULT_API_KEY_SCOPES).includes(scope));
      if (!name)
        throw badRequest("Name the key", [{ id: "name", error: "Enter a name, e.g. the system that uses it" }]);
      const { key, prefix, keyHash } = newApiKey();
      const created = await db.transaction().execute(async (trx) => {
        if ((await countWorkingKeys(trx, principal.companyId)) >= MAX_ACTIVE_KEYS)
          throw new HttpError(409, `A company has at most ${MAX_ACTIVE_KEYS} API keys; revoke one first`);
        const expiresAt = expiryOf(body.expiresInDays === undefined ? DEFAULT_EXPIRY_DAYS : body.expiresInDays);
        const id = await insertApiKey(trx, {
          companyId: principal.companyId,
          createdBy: principal.userId,
          name,
          prefix,
          keyHash,
          scopes,
          expiresAt,
        });
        await recordAudit(trx, principal, {
          action: "create",
          entity: "apiKey",
          entityId: id,
          before: null,
          after: { name, prefix, scopes, expiresAt: expiresAt?.toISOString() ?? null },
        });
        return workingKeys(trx, principal.companyId).where("k.id", "=", id).executeTakeFirstOrThrow();
      });
      return reply.code(201).send({ ...created, key });
    },
  );

  app.patch(
    "/api-keys/:id",
    {
      config: { permission: ["update", "apiKey"], refusedWhileImpersonating: REFUSED_WHILE_IMPERSONATING.apiKeyExpiry },
      schema: {
        tags: ["settings"],
        summary:
          "Change when an API key stops working: `expiresInDays` from now (1 to 1825), or null for never (administrators)",
        params: idParams,
        body: apiKeyChanges,
        response: { 200: apiKeyRecord, ...dataErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const principal = request.principal;
      const expiresAt = expiryOf(request.body.expiresInDays);
      return db.transaction().execute(async (trx) => {
        const before = await lockWorkingKey(trx, principal.companyId, id);
        if (!before) throw notFound("API key not found");
        await setApiKeyExpiry(trx, id, expiresAt);
        await recordAudit(trx, principal, {
          action: "update",
          entity: "apiKey",
          entityId: id,
          before: { expiresAt: before.expiresAt ? new Date(before.expiresAt).toISOString() : null },
          after: { expiresAt: expiresAt?.toISOString() ?? null },
        });
        return workingKeys(trx, principal.companyId).where("k.id", "=", id).executeTakeFirstOrThrow();
      });
    },
  );

  app.delete(
    "/api-keys/:id",
    {
      config: { permission: ["delete", "apiKey"] },
      schema: {
        tags: ["settings"],
        summary: "Revoke an API key: it stops working at once",
        params: idParams,
        response: { 204: Type.Null(), ...dataErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const principal = request.principal;
      await db.transaction().execute(async (trx) => {
        const before = await lockWorkingKey(trx, principal.companyId, id);
        if (!before) throw notFound("API key not found");
        await revokeApiKey(trx, id);
        await recordAudit(trx, principal, { action: "revoke", entity: "apiKey", entityId: id, before, after: null });
      });
      return reply.code(204).send();
    },
  );
};

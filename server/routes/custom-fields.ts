import type { FastifyPluginAsync } from "fastify";
import { Type } from "typebox";
import { customFieldChanges, customFieldInput, customFieldRecord } from "../../core/api/custom-field";
import { idParams } from "../../core/api/id-params";
import { customFieldKey, definitionProblems, MAX_CUSTOM_FIELDS } from "../../core/domain/custom-fields";
import { recordAudit } from "../audit";
import {
  customField,
  customFieldRows,
  deleteCustomField,
  insertCustomField,
  lockCustomField,
  lockCustomFieldKeys,
  updateCustomField,
} from "../db/custom-fields";
import { badRequest, HttpError, notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { dataErrors } from "./schemas";

/** Settings > custom fields: extra fields on the company's label reports. */
export const customFieldRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db } = plugin;

  app.get(
    "/custom-fields",
    {
      // Everyone who reads reports needs the definitions to show and filter their values.
      config: { permission: ["read", "labelReport"] },
      schema: {
        tags: ["custom fields"],
        summary: "The custom fields of the caller's company (and of its sub-companies for a distributor)",
        response: { 200: Type.Array(customFieldRecord), ...dataErrors },
      },
    },
    async (request) => customFieldRows(db, request.principal.companyScope),
  );

  app.post(
    "/custom-fields",
    {
      config: { permission: ["create", "customField"] },
      schema: {
        tags: ["custom fields"],
        summary:
          "Define a custom field; its key is derived from the name (Batch number -> batchNumber). `partOfRecord` (fixed once created) puts its values in the reports' hashed record",
        body: customFieldInput,
        response: { 201: customFieldRecord, ...dataErrors },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      const body = request.body;
      const problems = definitionProblems(body);
      if (problems.length) throw badRequest("Please check the fields", problems);
      const key = customFieldKey(body.name) as string;
      const created = await db.transaction().execute(async (trx) => {
        const keys = await lockCustomFieldKeys(trx, principal.companyId);
        if (keys.length >= MAX_CUSTOM_FIELDS)
          throw new HttpError(409, `A company has at most ${MAX_CUSTOM_FIELDS} custom fields`);
        if (keys.includes(key))
          throw badRequest("A field with this key exists", [
            { id: "name", error: `A field with the key ${key} exists already` },
          ]);
        const id = await insertCustomField(trx, {
          companyId: principal.companyId,
          key,
          name: body.name.trim(),
          type: body.type,
          options: JSON.stringify(body.type === "select" ? (body.options ?? []).map((o) => o.trim()) : []),
          required: body.required ?? false,
          requiredSince: body.required ? new Date() : null,
          partOfRecord: body.partOfRecord ?? false,
        });
        const after = await customField(trx, id);
        await recordAudit(trx, principal, {
          action: "create",
          entity: "customField",
          entityId: id,
          before: null,
          after,
        });
        return after;
      });
      return reply.code(201).send(created);
    },
  );

  app.patch(
    "/custom-fields/:id",
    {
      config: { permission: ["update", "customField"] },
      schema: {
        tags: ["custom fields"],
        summary: "Rename a custom field, change its options or whether it is required (key and type stay)",
        params: idParams,
        body: customFieldChanges,
        response: { 200: customFieldRecord, ...dataErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const principal = request.principal;
      const body = request.body;
      return db.transaction().execute(async (trx) => {
        const before = await lockCustomField(trx, principal.companyId, id);
        if (!before) throw notFound("Custom field not found");
        const problems = definitionProblems({
          ...(body.name !== undefined ? { name: body.name } : {}),
          type: before.type,
          options: body.options ?? before.options,
        });
        if (problems.length) throw badRequest("Please check the fields", problems);
        await updateCustomField(trx, id, {
          ...(body.name !== undefined ? { name: body.name.trim() } : {}),
          ...(body.options !== undefined ? { options: JSON.stringify(body.options.map((o) => o.trim())) } : {}),
          // Made required now: it binds the reports registered from now on (definitionsBinding).
          ...(body.required !== undefined && body.required !== before.required
            ? { required: body.required, requiredSince: body.required ? new Date() : null }
            : {}),
          updated: new Date(),
        });
        const after = await customField(trx, id);
        await recordAudit(trx, principal, { action: "update", entity: "customField", entityId: id, before, after });
        return after;
      });
    },
  );

  app.delete(
    "/custom-fields/:id",
    {
      config: { permission: ["delete", "customField"] },
      schema: {
        tags: ["custom fields"],
        summary:
          "Delete a custom field definition (values already on reports are kept, no longer shown); 409 for a field that is part of the record",
        params: idParams,
        response: { 204: { type: "null" }, 409: dataErrors[400], ...dataErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const principal = request.principal;
      await db.transaction().execute(async (trx) => {
        const before = await lockCustomField(trx, principal.companyId, id);
        if (!before) throw notFound("Custom field not found");
        // Its values are in signed records: without the definition they would drop out of the hash.
        if (before.partOfRecord)
          throw new HttpError(409, "A field that is part of the record cannot be deleted: rename it instead");
        await deleteCustomField(trx, id);
        await recordAudit(trx, principal, {
          action: "delete",
          entity: "customField",
          entityId: id,
          before,
          after: null,
        });
      });
      return reply.code(204).send();
    },
  );
};

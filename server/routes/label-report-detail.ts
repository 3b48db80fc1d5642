import type { FastifyPluginAsync } from "fastify";
import { idParams } from "../../core/api/id-params";
import { labelReportChanges, labelReportDetail } from "../../core/api/label-report";
import { archiveReasonError, recordFieldReasonError } from "../../core/domain/change-reason";
import { applyCustomFieldChanges, definitionsBinding } from "../../core/domain/custom-fields";
import { recordFieldChanges } from "../../core/domain/record-fields";
import { recordAudit } from "../audit";
import { customFieldDefinitions } from "../db/custom-fields";
import { deleteLabelReport, hasSignature, updateLabelReport } from "../db/label-reports";
import { badRequest, HttpError } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { detailOf, findReport } from "../reports/report-detail";
import { reportNotFound, requestedReport } from "../reports/requested-report";
import { supersedeSignature } from "../reports/supersede-signature";
import { dataErrors } from "./schemas";

/**
 * One report: its detail, archiving and custom field values, deleting it. Under
 * /label-reports/:id (label-report-by-id.ts has loaded the report; a write reads it again
 * locked in its transaction).
 */
export const labelReportDetailRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db, settings } = plugin;

  app.get(
    "/label-reports/:id",
    {
      config: { permission: ["read", "labelReport"] },
      schema: {
        tags: ["label reports"],
        summary: "One label report with its summary",
        params: idParams,
        response: { 200: labelReportDetail, ...dataErrors },
      },
    },
    async (request) => detailOf(db, plugin.recordSigner, requestedReport(request)),
  );

  app.patch(
    "/label-reports/:id",
    {
      config: { permission: ["update", "labelReport"] },
      schema: {
        tags: ["label reports"],
        summary:
          "Archive (with a reason of at least 10 characters) or unarchive a report, or set its custom field values; a new value of a field that is part of the record needs a reason too. Archiving or changing the record supersedes a standing signature",
        params: idParams,
        body: labelReportChanges,
        response: { 200: labelReportDetail, ...dataErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const principal = request.principal;
      const reasonError = body.isArchived === true ? archiveReasonError(body.reason) : null;
      if (reasonError) throw badRequest(reasonError, [{ id: "reason", error: reasonError }]);
      const reason = body.reason?.trim() || undefined;
      return db.transaction().execute(async (trx) => {
        // Read again, locked: the audit's before is what this change replaces.
        const before = await findReport(trx, principal.companyScope, id, true);
        if (!before) throw reportNotFound();
        const changes: { isArchived?: boolean; customFields?: string; contentHash?: null; updated: Date } = {
          updated: new Date(),
        };
        if (body.isArchived !== undefined) changes.isArchived = body.isArchived;
        let recordChange: ReturnType<typeof recordFieldChanges> | null = null;
        if (body.customFields) {
          // Values must fit the report's company's definitions (core/domain/custom-fields.ts).
          const definitions = await customFieldDefinitions(trx, [before.companyId]);
          const stored = (before.customFields ?? {}) as Record<string, unknown>;
          const { values: merged, problems } = applyCustomFieldChanges(
            definitionsBinding(definitions, before.created),
            stored,
            body.customFields,
          );
          if (problems.length) throw badRequest("Please check the custom fields", problems);
          if (JSON.stringify(merged).length > 20_000)
            throw badRequest("Too much custom field data", [{ id: "customFields", error: "is too large" }]);
          changes.customFields = JSON.stringify(merged);
          const changed = recordFieldChanges(definitions, stored, merged);
          if (Object.keys(changed.after).length > 0) {
            // A value of the record is changed only with a reason, and the record's hash with it.
            const error = recordFieldReasonError(body.reason);
            if (error) throw badRequest(error, [{ id: "reason", error }]);
            recordChange = changed;
            changes.contentHash = null;
          }
        }
        await updateLabelReport(trx, id, changes);
        // Archiving takes a signed report out of every list: its signature no longer stands.
        if (body.isArchived === true && !before.isArchived)
          await supersedeSignature(trx, principal, id, "archive", settings);
        if (recordChange) {
          await recordAudit(trx, principal, {
            action: "recordFields",
            entity: "labelReport",
            entityId: id,
            before: recordChange.before,
            after: recordChange.after,
            reason,
          });
          await supersedeSignature(trx, principal, id, "recordField", settings);
        }
        const after = await findReport(trx, principal.companyScope, id);
        await recordAudit(trx, principal, {
          action: "update",
          entity: "labelReport",
          entityId: id,
          before: { isArchived: before.isArchived, customFields: before.customFields },
          after: { isArchived: after?.isArchived, customFields: after?.customFields },
          ...(reason ? { reason } : {}),
        });
        return after && detailOf(trx, plugin.recordSigner, after);
      });
    },
  );

  app.delete(
    "/label-reports/:id",
    {
      config: { permission: ["delete", "labelReport"] },
      schema: {
        tags: ["label reports"],
        summary:
          "Delete a label report that has no readings and no signature (a registration made by mistake); 409 otherwise: archive it",
        params: idParams,
        response: { 204: { type: "null" }, 409: dataErrors[400], ...dataErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const principal = request.principal;
      await db.transaction().execute(async (trx) => {
        // Read again, locked: a report deleted since the hook found it is 404.
        const before = await findReport(trx, principal.companyScope, id, true);
        if (!before) throw reportNotFound();
        // What a label measured and what someone signed stay: such a report is archived, never deleted.
        if (await hasSignature(trx, id))
          throw new HttpError(409, "A signed report cannot be deleted: archive it instead, with a reason");
        if (before.readingCount > 0)
          throw new HttpError(409, "A report with readings cannot be deleted: archive it instead, with a reason");
        await deleteLabelReport(trx, id);
        await recordAudit(trx, principal, {
          action: "delete",
          entity: "labelReport",
          entityId: id,
          before: { labelId: before.labelId, reference: before.reference, companyId: before.companyId },
          after: null,
        });
      });
      return reply.code(204).send();
    },
  );
};

import type { FastifyPluginAsync } from "fastify";
import type { FieldError } from "../../core/api/error-answer";
import { idParams } from "../../core/api/id-params";
import { labelReportDetail, trimWindowInput } from "../../core/api/label-report";
import { trimPreviewQuery, trimPreviewRecord } from "../../core/api/trim-preview";
import { trimEffect, trimReasonError } from "../../core/domain/trim-effect";
import { recordAudit } from "../audit";
import { updateLabelReport } from "../db/label-reports";
import { toMs } from "../db/time-values";
import { badRequest } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { detailOf, findReport } from "../reports/report-detail";
import { reportNotFound, requestedReport } from "../reports/requested-report";
import { recomputeSummary, summaryInput } from "../reports/summary";
import { supersedeSignature } from "../reports/supersede-signature";
import { dataErrors } from "./schemas";

function windowErrors(window: { start: string | null; end: string | null }): FieldError[] {
  if (window.start && window.end && Date.parse(window.start) >= Date.parse(window.end)) {
    return [{ id: "end", error: "must be after start" }];
  }
  return [];
}

/**
 * A report's evaluation window, set, cleared or previewed. Under /label-reports/:id
 * (label-report-by-id.ts has loaded the report, so a foreign id is 404 whatever the body
 * says).
 */
export const labelReportTrimRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db, settings } = plugin;

  app.post(
    "/label-reports/:id/trim",
    {
      config: { permission: ["trim", "labelReport"] },
      schema: {
        tags: ["label reports"],
        summary:
          "Set (or clear, with nulls) the evaluation window; readings are kept, the verdict is recomputed. `reason` (at least 10 characters) is required for both; the report keeps it with who set the window and when",
        params: idParams,
        body: trimWindowInput,
        response: { 200: labelReportDetail, ...dataErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const principal = request.principal;
      const errors = windowErrors(body);
      const reasonError = trimReasonError(body.reason);
      if (reasonError) errors.unshift({ id: "reason", error: reasonError });
      if (errors.length) throw badRequest(errors.map((e) => `${e.id}: ${e.error}`).join("; "), errors);
      const reason = (body.reason ?? "").trim();
      const clearing = body.start === null && body.end === null;
      return db.transaction().execute(async (trx) => {
        // Read again, locked: the audit's before is the window this one replaces.
        const before = await findReport(trx, principal.companyScope, id, true);
        if (!before) throw reportNotFound();
        const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
        await updateLabelReport(trx, id, {
          trimStart: body.start,
          trimEnd: body.end,
          // The reason belongs to the window; clearing keeps its reason in the audit trail only.
          trimReason: clearing ? null : reason,
          trimSetBy: clearing ? null : principal.userId,
          trimSetAt: clearing ? null : new Date(),
          trimSetBySupport: !clearing && principal.impersonatorUserId !== null,
          contentHash: null,
        });
        await recomputeSummary(trx, id);
        const after = await findReport(trx, principal.companyScope, id);
        await recordAudit(trx, principal, {
          action: clearing ? "untrim" : "trim",
          entity: "labelReport",
          entityId: id,
          before: { trimStart: iso(before.trimStart), trimEnd: iso(before.trimEnd) },
          after: { trimStart: iso(after?.trimStart ?? null), trimEnd: iso(after?.trimEnd ?? null) },
          reason,
        });
        // A new window is a new record: a signature of the old one no longer stands.
        const superseded = await supersedeSignature(trx, principal, id, "trim", settings);
        const answer = superseded ? await findReport(trx, principal.companyScope, id) : after;
        return answer && detailOf(trx, plugin.recordSigner, answer);
      });
    },
  );

  app.get(
    "/label-reports/:id/trim-preview",
    {
      config: { permission: ["trim", "labelReport"] },
      schema: {
        tags: ["label reports"],
        summary:
          "What setting (or clearing, without start and end) the window would change, without saving: the verdict before and after, the excursions it takes out of the evaluation, and whether the confirmation must be typed",
        params: idParams,
        querystring: trimPreviewQuery,
        response: { 200: trimPreviewRecord, ...dataErrors },
      },
    },
    async (request) => {
      const { id } = requestedReport(request);
      const query = request.query;
      const next = { start: query.start ?? null, end: query.end ?? null };
      const errors = windowErrors(next);
      if (errors.length) throw badRequest(errors.map((e) => `${e.id}: ${e.error}`).join("; "), errors);
      const input = await summaryInput(db, id);
      return trimEffect(input, { start: toMs(next.start), end: toMs(next.end) });
    },
  );
};

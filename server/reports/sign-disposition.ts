import type { Disposition } from "../../core/domain/disposition";
import { canBeDisposed, DISPOSITION_MEANINGS, dispositionCommentError } from "../../core/domain/disposition";
import { type ReportSummary, verdictOf } from "../../core/domain/report-summary";
import { recordAudit } from "../audit";
import type { Principal } from "../auth/principal";
import type { Db } from "../db/index";
import { insertDisposition, lockReportForDisposition, updateLabelReport } from "../db/label-reports";
import { checkRelease } from "../deviations/deviations";
import { badRequest, HttpError } from "../errors";
import { enqueueReportWebhookEvent } from "../webhooks/enqueue";
import { hashToSign } from "./record-hash";
import { reportNotFound } from "./requested-report";

/** Who signs, as the signature keeps them. */
export interface Signer {
  id: string;
  name: string;
  email: string;
}

export const NOT_ENDED = "Only a report that has ended (stopped or ended) can be given a disposition";

/**
 * Signs one report's disposition in the caller's transaction (docs/domain.md, QA
 * disposition), after the signer proved who they are: locks the report, checks it may be
 * disposed (409) and the comment its data needs (400 naming `comment`), signs the record's
 * current hash with its verdict, and writes the signature, the list's copy, the trail entry
 * and the webhook event. Used by a report's disposition and by a shipment's, one per report.
 */
export async function signReportDisposition(
  trx: Db,
  principal: Principal,
  input: {
    reportId: string;
    disposition: Disposition;
    comment: string;
    signer: Signer;
    publicUrl: string;
    /** A closed deviation of the report the signer names (the release gate, server/deviations). */
    deviationId?: string;
  },
): Promise<void> {
  const { reportId: id, disposition, comment, signer, publicUrl } = input;
  // Locked so that two signatures at once are ordered and the list's copy is the newest.
  const report = await lockReportForDisposition(trx, id);
  if (!report) throw reportNotFound();
  if (!canBeDisposed(report.status)) throw new HttpError(409, NOT_ENDED);
  // Late readings may have made the data incomplete since the caller's check.
  const lateError = dispositionCommentError(report.dataIncomplete, comment);
  if (lateError) throw badRequest(lateError, [{ id: "comment", error: lateError }]);
  // Releasing waits for open alarms and deviations; quarantining or rejecting never does.
  const deviationId =
    disposition === "released" || input.deviationId !== undefined
      ? await checkRelease(trx, id, input.deviationId, disposition === "released")
      : null;
  // Taken after the lock (not the transaction's start, as now() would be): a signature
  // that waited for another one is the newer of the two, here and in the list's copy.
  const signedAt = new Date();
  // What is signed: the record as the signer sees it now (without a disposition), and its verdict.
  const contentHash = await hashToSign(trx, id);
  // The stored summary is a ReportSummary (server/reports/summary.ts writes it), or {} before any reading.
  const summary = report.summary as Partial<ReportSummary>;
  const verdict = summary.overall ? verdictOf(summary as ReportSummary) : "noData";
  await insertDisposition(trx, {
    contentHash,
    verdict,
    signedAt,
    reportId: id,
    companyId: principal.companyId,
    value: disposition,
    meaning: DISPOSITION_MEANINGS[disposition],
    comment,
    signerId: signer.id,
    signerName: signer.name,
    signerEmail: signer.email,
    deviationId,
  });
  await updateLabelReport(trx, id, {
    disposition,
    updated: signedAt,
    signatureSupersededAt: null,
    contentHash: null,
  });
  await recordAudit(trx, principal, {
    action: "disposition",
    entity: "labelReport",
    entityId: id,
    before: { disposition: report.disposition },
    after: {
      disposition,
      meaning: DISPOSITION_MEANINGS[disposition],
      signedBy: signer.name,
      contentHash,
      verdict,
    },
    ...(comment ? { reason: comment } : {}),
  });
  await enqueueReportWebhookEvent(trx, {
    reportId: id,
    event: "disposition.signed",
    publicUrl,
    occurredAt: signedAt,
    data: {
      disposition: {
        value: disposition,
        meaning: DISPOSITION_MEANINGS[disposition],
        comment,
        signedBy: signer.name,
        signedAt: signedAt.toISOString(),
        contentHash,
        verdict,
      },
    },
  });
}

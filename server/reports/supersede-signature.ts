import { DISPOSITION_LABELS, SUPERSEDING_CHANGE_TEXT, type SupersedingChange } from "../../core/domain/disposition";
import { recordAudit } from "../audit";
import type { Principal } from "../auth/principal";
import type { Db } from "../db/index";
import type { AlertLinks } from "../notifications/enqueue-alerts";

/**
 * A change to a signed record ends the signature's standing (docs/decisions.md, "A
 * signature holds its hash"): the signature stays in the history with the hash it signed,
 * marked superseded by what changed; the report has no standing disposition, so it leaves
 * "Released" and comes back to Needs attention as "Changed after signature"; the signer is
 * e-mailed; the trail says so. The change itself is never refused: readings are what the
 * label measured, and the QA decision must be made again. Runs in the change's transaction,
 * with the report's row locked. Answers whether a signature was superseded.
 */
export async function supersedeSignature(
  trx: Db,
  principal: Principal,
  reportId: string,
  change: SupersedingChange,
  links: AlertLinks,
  now = new Date(),
): Promise<boolean> {
  const standing = await trx
    .selectFrom("labelReportDispositions")
    .select(["id", "value", "signerEmail", "signerName", "signedAt", "supersededAt"])
    .where("reportId", "=", reportId)
    .orderBy("signedAt", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!standing || standing.supersededAt !== null) return false;

  await trx
    .updateTable("labelReportDispositions")
    .set({ supersededAt: now, supersededBy: change })
    .where("id", "=", standing.id)
    .execute();
  const report = await trx
    .updateTable("labelReports")
    .set({ disposition: null, signatureSupersededAt: now, contentHash: null })
    .where("id", "=", reportId)
    .returning(["labelId", "reference"])
    .executeTakeFirstOrThrow();
  const label = DISPOSITION_LABELS[standing.value];
  await recordAudit(trx, principal, {
    action: "signatureSuperseded",
    entity: "labelReport",
    entityId: reportId,
    before: { disposition: standing.value, signedBy: standing.signerName },
    after: { disposition: null },
    reason: `Changed after signature: ${SUPERSEDING_CHANGE_TEXT[change]}`,
  });
  const link = `${links.publicUrl.replace(/\/$/, "")}/label-reports/${reportId}`;
  await trx
    .insertInto("outbox")
    .values({
      recipient: standing.signerEmail,
      subject: `Label ${report.labelId}: your "${label}" signature no longer stands`,
      text: [
        `The record of label report ${report.labelId}${report.reference ? ` (${report.reference})` : ""} changed after you signed it "${label}": ${SUPERSEDING_CHANGE_TEXT[change]}.`,
        "Your signature stays in the report's history with the content it signed, but the report has no standing disposition until someone signs again.",
        "",
        `Review it: ${link}`,
      ].join("\n"),
      nextAttemptAt: now,
    })
    .execute();
  return true;
}

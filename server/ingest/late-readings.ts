import { canBeDisposed } from "../../core/domain/disposition";
import type { SummaryReading } from "../../core/domain/report-summary";
import type { LabelStatus } from "../../core/domain/resources";
import { recordAudit } from "../audit";
import type { Principal } from "../auth/principal";
import type { Db } from "../db/index";
import { toMs } from "../db/time-values";
import type { AlertLinks } from "../notifications/enqueue-alerts";
import { storedVerdict } from "../reports/summary";
import { supersedeSignature } from "../reports/supersede-signature";

/**
 * Readings stored into a report that had already ended (a label's memory read out late, a
 * gateway catching up) change a record someone may have decided on: the trail says how
 * many, their time range, the verdict before and after and which key sent them, and when
 * they fall inside the evaluated window of a signed report, the signature is superseded.
 * Readings of a recording label are its normal life and write nothing here.
 */

/** What the ingest reads of each report, with the rows it locks, to tell a late batch's effect. */
export const RECORD_STATE_COLUMNS = [
  "disposition",
  "trimStart",
  "trimEnd",
  storedVerdict().as("verdictBefore"),
] as const;

export interface RecordState {
  id: string;
  /** As the ingest's locked rows read it (the database's text). */
  status: string;
  disposition: string | null;
  trimStart: Date | string | null;
  trimEnd: Date | string | null;
  verdictBefore: string | null;
}

export async function recordLateReadings(
  trx: Db,
  principal: Principal,
  report: RecordState,
  stored: readonly SummaryReading[],
  links: AlertLinks,
): Promise<void> {
  if (!canBeDisposed(report.status as LabelStatus)) return;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const r of stored) {
    first = Math.min(first, r.t);
    last = Math.max(last, r.t);
  }
  const start = toMs(report.trimStart);
  const end = toMs(report.trimEnd);
  const inWindow = stored.some((r) => (start === null || r.t >= start) && (end === null || r.t <= end));
  const after = await trx
    .selectFrom("labelReports")
    .select(storedVerdict().as("verdict"))
    .where("id", "=", report.id)
    .executeTakeFirstOrThrow();
  await recordAudit(trx, principal, {
    action: "lateReadings",
    entity: "labelReport",
    entityId: report.id,
    before: { verdict: report.verdictBefore },
    after: {
      verdict: after.verdict,
      readings: stored.length,
      from: new Date(first).toISOString(),
      to: new Date(last).toISOString(),
      insideWindow: inWindow,
      apiKeyId: principal.apiKeyId,
    },
  });
  if (inWindow && report.disposition !== null) await supersedeSignature(trx, principal, report.id, "readings", links);
}

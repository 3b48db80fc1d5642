import { signedDispositionRecord } from "../../core/api/signed-disposition";
import type { Disposition, SignedDisposition } from "../../core/domain/disposition";
import type { OverallVerdict } from "../../core/domain/report-summary";
import type { Db } from "../db/index";
import { isoOrNull } from "../db/time-values";

/**
 * The signed dispositions of a report, newest first. The newest stands unless a change to
 * the record superseded it (supersede-signature.ts); older ones were superseded by a newer
 * signature. None is ever changed otherwise.
 */

const COLUMNS = [
  "value",
  "comment",
  "meaning",
  "signerId",
  "signerName",
  "signerEmail",
  "signedAt",
  "contentHash",
  "verdict",
  "supersededAt",
  "supersededBy",
  "deviationId",
] as const;

/** The report's signatures, newest first; `limit` 1 reads just the newest. */
function signaturesOf(db: Db, reportId: string) {
  return db
    .selectFrom("labelReportDispositions as s")
    .leftJoin("deviations as d", "d.id", "s.deviationId")
    .select([...COLUMNS.map((column) => `s.${column}` as const), "d.number as deviationNumber"])
    .where("s.reportId", "=", reportId)
    .orderBy("s.signedAt", "desc")
    .orderBy("s.id", "desc");
}

export async function dispositionsOf(db: Db, reportId: string): Promise<SignedDisposition[]> {
  return (await signaturesOf(db, reportId).execute()).map(toSigned);
}

/** The disposition that stands: the newest, unless a change to the record superseded it. */
export function standingOf(history: readonly SignedDisposition[]): SignedDisposition | null {
  const newest = history[0];
  return newest && newest.supersededAt === null ? newest : null;
}

/** The disposition in force, or null. */
export async function currentDisposition(db: Db, reportId: string): Promise<SignedDisposition | null> {
  const newest = await signaturesOf(db, reportId).limit(1).executeTakeFirst();
  return standingOf(newest ? [toSigned(newest)] : []);
}

function toSigned(row: {
  value: Disposition;
  comment: string;
  meaning: string;
  signerId: string;
  signerName: string;
  signerEmail: string;
  signedAt: Date;
  contentHash: string | null;
  verdict: OverallVerdict | null;
  supersededAt: Date | null;
  supersededBy: string | null;
  deviationId: string | null;
  deviationNumber: string | null;
}): SignedDisposition {
  return {
    value: row.value,
    comment: row.comment,
    meaning: row.meaning,
    signedBy: { id: row.signerId, name: row.signerName, email: row.signerEmail },
    signedAt: new Date(row.signedAt).toISOString(),
    contentHash: row.contentHash,
    verdict: row.verdict,
    supersededAt: isoOrNull(row.supersededAt),
    supersededBy: row.supersededBy as SignedDisposition["supersededBy"],
    deviation: row.deviationId && row.deviationNumber ? { id: row.deviationId, number: row.deviationNumber } : null,
  };
}

export const dispositionSchemas = {
  signed: signedDispositionRecord,
};

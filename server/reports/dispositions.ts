import { signedDispositionRecord } from "../../core/api/signed-disposition";
import type { Disposition, SignedDisposition } from "../../core/domain/disposition";
import type { Db } from "../db/index";

/**
 * The signed dispositions of a report, newest first. The newest is
 * the one in force; the older ones stay visible as superseded.
 */
export async function dispositionsOf(db: Db, reportId: string): Promise<SignedDisposition[]> {
  const rows = await db
    .selectFrom("labelReportDispositions")
    .select(["value", "comment", "meaning", "signerId", "signerName", "signerEmail", "signedAt"])
    .where("reportId", "=", reportId)
    .orderBy("signedAt", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toSigned);
}

/** The disposition in force, or null. */
export async function currentDisposition(db: Db, reportId: string): Promise<SignedDisposition | null> {
  const row = await db
    .selectFrom("labelReportDispositions")
    .select(["value", "comment", "meaning", "signerId", "signerName", "signerEmail", "signedAt"])
    .where("reportId", "=", reportId)
    .orderBy("signedAt", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row ? toSigned(row) : null;
}

function toSigned(row: {
  value: Disposition;
  comment: string;
  meaning: string;
  signerId: string;
  signerName: string;
  signerEmail: string;
  signedAt: Date;
}): SignedDisposition {
  return {
    value: row.value,
    comment: row.comment,
    meaning: row.meaning,
    signedBy: { id: row.signerId, name: row.signerName, email: row.signerEmail },
    signedAt: new Date(row.signedAt).toISOString(),
  };
}

export const dispositionSchemas = {
  signed: signedDispositionRecord,
};

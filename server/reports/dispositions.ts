import type { Disposition, SignedDisposition } from "../../src/domain/disposition";
import type { Db } from "../db/index";

/**
 * The signed dispositions of a report, newest first (issue #17 section 3). The newest is
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

const signedDispositionSchema = {
  type: "object",
  properties: {
    value: { type: "string", enum: ["released", "quarantined", "rejected"] },
    comment: { type: "string" },
    meaning: { type: "string", description: "What the signature means, e.g. 'Released for sale'" },
    signedBy: {
      type: "object",
      description: "The signer's id, printed name and address as they were when signing",
      properties: { id: { type: "string" }, name: { type: "string" }, email: { type: "string" } },
    },
    signedAt: { type: "string", format: "date-time", description: "UTC" },
  },
} as const;

export const dispositionSchemas = {
  signed: signedDispositionSchema,
  /** The detail's two fields. */
  detailProperties: {
    disposition: {
      anyOf: [signedDispositionSchema, { type: "null" }],
      description: "The signed QA disposition in force (the newest), or null",
    },
    dispositionHistory: {
      type: "array",
      description: "Every signed disposition, newest first; the older ones are superseded, never changed",
      items: signedDispositionSchema,
    },
  },
} as const;

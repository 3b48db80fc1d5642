import type { Static } from "typebox";
import type { signedDispositionRecord } from "../api/signed-disposition";
import type { LabelStatus } from "./resources";

/**
 * A QA disposition of a label report: the decision a qualified
 * person signs, in the sense of 21 CFR Part 11 §11.50. The value is what lists filter
 * on; the meaning is the sentence the signature stands for, printed with it.
 */

export const DISPOSITIONS = ["released", "quarantined", "rejected"] as const;
export type Disposition = (typeof DISPOSITIONS)[number];

export const DISPOSITION_MEANINGS: Record<Disposition, string> = {
  released: "Released for sale",
  quarantined: "Quarantined: investigation open",
  rejected: "Rejected",
};

export const DISPOSITION_LABELS: Record<Disposition, string> = {
  released: "Released",
  quarantined: "Quarantined",
  rejected: "Rejected",
};

/**
 * What can change a signed record and so supersede its signature:
 * readings stored inside the evaluated window, a new window, archiving the report, a new
 * value of a record field (record-fields.ts).
 */
export const SUPERSEDING_CHANGES = ["readings", "trim", "archive", "recordField"] as const;
export type SupersedingChange = (typeof SUPERSEDING_CHANGES)[number];

/** The change, as "Changed after signature: …" says it. */
export const SUPERSEDING_CHANGE_TEXT: Record<SupersedingChange, string> = {
  readings: "readings arrived",
  trim: "the evaluation window changed",
  archive: "the report was archived",
  recordField: "a value of the record was edited",
};

/** A label that still records (or never started) has no final data to decide on. */
export const DISPOSABLE_STATUSES: readonly LabelStatus[] = ["stopped", "ended"];

export function canBeDisposed(status: LabelStatus): boolean {
  return DISPOSABLE_STATUSES.includes(status);
}

/** A comment on a report with missing data must say at least this much (after trimming blanks). */
const DATA_COMMENT_MIN_LENGTH = 10;

/**
 * The comment's field error when signing a report whose data is incomplete (or missing):
 * the signer must say why the missing time does not matter, or null when it is fine.
 */
export function dispositionCommentError(dataIncomplete: boolean, comment: string | null | undefined): string | null {
  if (!dataIncomplete) return null;
  return (comment ?? "").trim().length >= DATA_COMMENT_MIN_LENGTH
    ? null
    : `The data is incomplete: say in at least ${DATA_COMMENT_MIN_LENGTH} characters why it can be signed`;
}

export function isDisposition(value: unknown): value is Disposition {
  return typeof value === "string" && (DISPOSITIONS as readonly string[]).includes(value);
}

/** A signed disposition as the API returns it (its schema: core/api/signed-disposition.ts). */
export type SignedDisposition = Static<typeof signedDispositionRecord>;

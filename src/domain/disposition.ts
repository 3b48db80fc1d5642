import type { Static } from "typebox";
import type { signedDispositionRecord } from "./api/signed-disposition";
import type { LabelStatus } from "./resources";

/**
 * A QA disposition of a label report (issue #17 section 3): the decision a qualified
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

/** A label that still records (or never started) has no final data to decide on. */
export const DISPOSABLE_STATUSES: readonly LabelStatus[] = ["stopped", "ended"];

export function canBeDisposed(status: LabelStatus): boolean {
  return DISPOSABLE_STATUSES.includes(status);
}

export function isDisposition(value: unknown): value is Disposition {
  return typeof value === "string" && (DISPOSITIONS as readonly string[]).includes(value);
}

/** A signed disposition as the API returns it (its schema: src/domain/api/signed-disposition.ts). */
export type SignedDisposition = Static<typeof signedDispositionRecord>;

/**
 * A change of a report's record that a QA person must explain: archiving it, which takes it out of every list but its own filter, and
 * editing a value of a field that is part of the record. The reason, of at least this many
 * characters, goes to the audit trail. Restoring a report from the archive needs none.
 */
export const CHANGE_REASON_MIN_LENGTH = 10;

/** The field error of a reason, or null when it is good enough; `ask` is what an empty one reads. */
function changeReasonError(reason: string | null | undefined, ask: string): string | null {
  const text = (reason ?? "").trim();
  if (text.length === 0) return ask;
  if (text.length < CHANGE_REASON_MIN_LENGTH)
    return `The reason must be at least ${CHANGE_REASON_MIN_LENGTH} characters`;
  return null;
}

export const archiveReasonError = (reason: string | null | undefined) =>
  changeReasonError(reason, "Say why the report is archived");

export const recordFieldReasonError = (reason: string | null | undefined) =>
  changeReasonError(reason, "Say why a value of the record is changed");

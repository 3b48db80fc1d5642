/**
 * Archiving a report takes it out of every list but its own filter, so it is a change of
 * the record a QA person must explain (the signed-record issue, section 3): a reason of at
 * least this many characters. Restoring one from the archive needs none.
 */
export const ARCHIVE_REASON_MIN_LENGTH = 10;

/** The field error of an archiving reason, or null when it is good enough. */
export function archiveReasonError(reason: string | null | undefined): string | null {
  const text = (reason ?? "").trim();
  if (text.length === 0) return "Say why the report is archived";
  if (text.length < ARCHIVE_REASON_MIN_LENGTH)
    return `The reason must be at least ${ARCHIVE_REASON_MIN_LENGTH} characters`;
  return null;
}

/**
 * Signing out after inactivity: a company chooses how
 * long its members may be idle; the dashboard counts only user actions, and the server
 * refuses the session's refresh once that long has passed since the last one reported.
 */

export const MIN_INACTIVITY_SIGN_OUT_MINUTES = 5;
export const MAX_INACTIVITY_SIGN_OUT_MINUTES = 240;
/** Every company starts with this, and a session without a company uses it. */
export const DEFAULT_INACTIVITY_SIGN_OUT_MINUTES = 30;

/**
 * The header in which the dashboard sends the time of the last user action it saw (ms since
 * the epoch, its own clock) on the session refresh and the activity report. Background
 * requests never change it: only a person's action does.
 */
export const LAST_ACTIVITY_HEADER = "last-activity";

/** The time a last-activity header value names, or null when it is not a whole number of ms. */
export function parseLastActivity(value: string | string[] | undefined): number | null {
  if (typeof value !== "string" || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** Whether a person whose last action was at `lastActiveAt` (ms) is idle for too long at `now`. */
export function idleTooLong(lastActiveAt: number, now: number, minutes: number): boolean {
  return now - lastActiveAt > minutes * 60_000;
}

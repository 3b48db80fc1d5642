import {
  DEFAULT_INACTIVITY_SIGN_OUT_MINUTES,
  MAX_INACTIVITY_SIGN_OUT_MINUTES,
  MIN_INACTIVITY_SIGN_OUT_MINUTES,
} from "@core/domain/session-inactivity";

/**
 * The last user action (pointer, key, wheel, a tab coming back into view), shared by every
 * tab through local storage: an action in one tab keeps the others signed in. Background
 * requests never write it. The session refresh reports it to the server (supertokens.ts), which
 * refuses the refresh once the company's limit has passed without one.
 */

export const LAST_ACTIVITY_KEY = "coldchain.lastUserActivity";
/** The company's limit as the server last said it, for the next page load before it answers again. */
const MINUTES_KEY = "coldchain.inactivitySignOutMinutes";
/** Writing on every key press or wheel tick would be wasted work; the limits are in minutes. */
const WRITE_THROTTLE_MS = 2_000;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // no local storage (private mode quota): this tab still keeps its own time below
  }
}

/** Kept too for a browser without local storage: this tab's own last action. */
let ownLastActivity: number | null = null;

/** When the last user action in any tab was (ms since the epoch), or null before the first. */
export function lastActivity(): number | null {
  const stored = Number(read(LAST_ACTIVITY_KEY));
  const shared = Number.isFinite(stored) && stored > 0 ? stored : null;
  if (shared === null) return ownLastActivity;
  return ownLastActivity === null ? shared : Math.max(shared, ownLastActivity);
}

/** Records a user action at `now`; a later one already recorded (another tab) stays. */
export function noteActivity(now: number): void {
  const last = lastActivity();
  if (last !== null && now - last < WRITE_THROTTLE_MS) return;
  ownLastActivity = now;
  write(LAST_ACTIVITY_KEY, String(now));
}

/** The company's inactivity limit in minutes, as last learnt (the default before). */
export function inactivityMinutes(): number {
  const stored = Number(read(MINUTES_KEY));
  return Number.isInteger(stored) &&
    stored >= MIN_INACTIVITY_SIGN_OUT_MINUTES &&
    stored <= MAX_INACTIVITY_SIGN_OUT_MINUTES
    ? stored
    : DEFAULT_INACTIVITY_SIGN_OUT_MINUTES;
}

export function rememberInactivityMinutes(minutes: number): void {
  write(MINUTES_KEY, String(minutes));
}

/** Forgets the last action (a sign-out): the next person's session starts from their own first action. */
export function forgetActivity(): void {
  ownLastActivity = null;
  try {
    localStorage.removeItem(LAST_ACTIVITY_KEY);
  } catch {
    // nothing stored
  }
}

import { isVisitorPath } from "@core/routes/visitor-paths";
import { SELECT_COMPANY_PATH, SIGNED_IN_LANDING } from "./sign-in-flow";

/**
 * Where a signed-out visitor was going: the route gates send them to /signin?to=<path and
 * query>, and the sign-in (and the company choice after it) goes there instead of the usual
 * landing, so a shared report link or an invitation link survives signing in.
 */

export const RETURN_TO_PARAM = "to";
/** On the sign-in page: the person was signed out after this many minutes without activity. */
export const IDLE_MINUTES_PARAM = "idle";
/** On the sign-in page: the session ended under the person (signed out in another tab or device, or expired). */
export const SESSION_ENDED_PARAM = "ended";

/** The pages that need a session but no company: they are opened before any company is chosen. */
const NO_COMPANY_PATHS = ["/confirm-invite", SELECT_COMPANY_PATH];

const ORIGIN = "http://return-to.invalid";

/**
 * The return path when it is one of this dashboard's own pages; null otherwise. Only a path
 * of this origin is followed (never `//host` or `https://…`: an open redirect), and never an
 * account screen (signing in twice).
 */
export function safeReturnTo(raw: string | null | undefined): string | null {
  if (!raw?.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return null;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN || isVisitorPath(url.pathname) || url.pathname === "/") return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path` with the return path kept in its query. */
function withReturnTo(path: string, returnTo: string | null): string {
  if (!returnTo) return path;
  const url = new URL(path, ORIGIN);
  url.searchParams.set(RETURN_TO_PARAM, returnTo);
  return `${url.pathname}${url.search}`;
}

/**
 * Where a successful sign-in or company choice goes, given where the auth provider says
 * (`redirectTo`) and where the visitor was going. The usual landing becomes the return path;
 * the company choice carries it along, unless the return path needs no company.
 */
export function landingWithReturnTo(redirectTo: string, rawReturnTo: string | null | undefined): string {
  const returnTo = safeReturnTo(rawReturnTo);
  if (!returnTo) return redirectTo;
  if (redirectTo === SIGNED_IN_LANDING) return returnTo;
  if (redirectTo === SELECT_COMPANY_PATH) {
    const path = new URL(returnTo, ORIGIN).pathname;
    return NO_COMPANY_PATHS.includes(path) ? returnTo : withReturnTo(SELECT_COMPANY_PATH, returnTo);
  }
  return redirectTo;
}

/**
 * Set when the person signs out from the menu: the next person at this screen starts at the
 * usual landing, not on the page the last one left (a return path is for a visitor who was
 * going somewhere, or whose session ended under them). Cleared by the next sign-in.
 */
let deliberateSignOut = false;

/**
 * Set when the dashboard signed the person out after inactivity: the sign-in page says so, and
 * the return path is kept (they did not choose to leave). Cleared by the next sign-in.
 */
let idleSignOutMinutes: number | null = null;

/**
 * Set when the server no longer knew the session (ended in another tab or on another device,
 * or expired): the sign-in page says so, and the return path is kept. Cleared by the next sign-in.
 */
let sessionEnded = false;

export function noteDeliberateSignOut(): void {
  deliberateSignOut = true;
  idleSignOutMinutes = null;
  sessionEnded = false;
}

export function noteIdleSignOut(minutes: number): void {
  idleSignOutMinutes = minutes;
  deliberateSignOut = false;
  sessionEnded = false;
}

export function noteSessionEnded(): void {
  if (deliberateSignOut || idleSignOutMinutes !== null) return;
  sessionEnded = true;
}

export function clearDeliberateSignOut(): void {
  deliberateSignOut = false;
  idleSignOutMinutes = null;
  sessionEnded = false;
}

/** Where a route gate sends a visitor without a session from `back` (path and query). */
export function signInRedirect(signInPath: string, back: string): string {
  const path = back === "/" || deliberateSignOut ? signInPath : withReturnTo(signInPath, back);
  if (idleSignOutMinutes === null && !sessionEnded) return path;
  const url = new URL(path, ORIGIN);
  if (idleSignOutMinutes !== null) url.searchParams.set(IDLE_MINUTES_PARAM, String(idleSignOutMinutes));
  else url.searchParams.set(SESSION_ENDED_PARAM, "1");
  return `${url.pathname}${url.search}`;
}

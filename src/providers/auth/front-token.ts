import { readCookie } from "../stores/cookie";

/** The SDK's front-token cookie: present while the browser believes a session exists. */
export const FRONT_TOKEN_COOKIE = "sFrontToken";

/** Where the SDK keeps the client clock's offset from the server's (ms), learnt from its answers. */
const CLOCK_SKEW_KEY = "__st_clockSkewInMillis";

/**
 * When the access token expires (ms since the epoch), from the SDK's front token: base64 of
 * JSON `{ uid, ate, up }` in UTF-8, `ate` being that instant. Null when absent or unreadable.
 * Read here without the SDK so that the boot (landing-prefetch.ts) can know before the
 * session layer's code has arrived.
 */
export function accessTokenExpiresAt(frontToken: string | undefined): number | null {
  if (!frontToken) return null;
  try {
    const bytes = Uint8Array.from(atob(frontToken), (c) => c.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    const ate = typeof parsed === "object" && parsed !== null ? (parsed as { ate?: unknown }).ate : undefined;
    return typeof ate === "number" && Number.isFinite(ate) ? ate : null;
  } catch {
    return null;
  }
}

/** The server's clock as the SDK reckons it (the client's plus the skew it stored). */
export function serverNow(now: number): number {
  let skew = 0;
  try {
    skew = Number.parseInt(localStorage.getItem(CLOCK_SKEW_KEY) ?? "0", 10) || 0;
  } catch {
    // no local storage: no skew known
  }
  return now + skew;
}

/**
 * Whether the session check will refresh the session before `withinMs` from now: the access
 * token is missing, unreadable or expires by then. A refresh brings a new role token, so a
 * request sent under the stored one now would not be the page's request.
 */
export function sessionRefreshDue(withinMs: number, now: number = Date.now()): boolean {
  const expiresAt = accessTokenExpiresAt(readCookie(FRONT_TOKEN_COOKIE));
  return expiresAt === null || expiresAt <= serverNow(now) + withinMs;
}

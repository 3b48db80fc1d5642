/**
 * The two cookies that let the server paint the label report list's first page into the
 * HTML of a cold load (server/first-paint/list-preview.ts). The browser keeps them equal
 * to its stores (src/providers/list-preview-cookies.ts); they go to the list's address only.
 *
 * - TOKEN: the active company role token (`secret.jwt`), the same credential the data routes
 *   take in the api-key and jwt headers, checked the same way (signature, expiry, stored
 *   hash, revocation). The server honours it for painting that GET page and nothing else:
 *   no data route reads it, so it cannot be used to change anything across sites.
 * - VIEW: what else the browser's list depends on (PreviewView), so that the server paints
 *   what the dashboard will: dates in the user's time zone, their units and locale, the
 *   maintenance banner only while not dismissed, and no page at all for a bare address when
 *   the list first restores a saved selection.
 */
export const LIST_PREVIEW_TOKEN_COOKIE = "list_preview_token";
export const LIST_PREVIEW_VIEW_COOKIE = "list_preview_view";
export const LIST_PREVIEW_COOKIE_PATH = "/label-reports";
/** A role token lives a day (server/auth/role-tokens.ts); a renewed one rewrites the cookie. */
const MAX_AGE_SECONDS = 24 * 60 * 60;

export interface PreviewView {
  /** The IANA zone the browser shows dates in (its own when the preference is "system"). */
  timeZone: string;
  fahrenheit: boolean;
  locale: string;
  showMaintenanceBanner: boolean;
  /** The list first restores a saved selection when its address has no list parameters. */
  restoresSavedSelection: boolean;
}

export function encodePreviewToken(token: { secret: string; jwtToken: string }): string {
  return `${token.secret}.${token.jwtToken}`;
}

/** The role token in the cookie's value; undefined for anything else. */
export function decodePreviewToken(value: string | undefined): { secret: string; jwtToken: string } | undefined {
  if (!value) return undefined;
  const dot = value.indexOf(".");
  if (dot <= 0 || dot === value.length - 1) return undefined;
  return { secret: value.slice(0, dot), jwtToken: value.slice(dot + 1) };
}

export function encodePreviewView(view: PreviewView): string {
  return encodeURIComponent(JSON.stringify(view));
}

/** The view in the cookie's (already URI-decoded) value; undefined when it is not one. */
export function decodePreviewView(value: string | undefined): PreviewView | undefined {
  if (!value) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return undefined;
  }
  const v = parsed as Partial<Record<keyof PreviewView, unknown>> | null;
  if (
    typeof v !== "object" ||
    v === null ||
    typeof v.timeZone !== "string" ||
    typeof v.locale !== "string" ||
    typeof v.fahrenheit !== "boolean" ||
    typeof v.showMaintenanceBanner !== "boolean" ||
    typeof v.restoresSavedSelection !== "boolean"
  ) {
    return undefined;
  }
  return {
    timeZone: v.timeZone,
    locale: v.locale,
    fahrenheit: v.fahrenheit,
    showMaintenanceBanner: v.showMaintenanceBanner,
    restoresSavedSelection: v.restoresSavedSelection,
  };
}

/**
 * The `document.cookie` assignments that make the browser's cookies say this: a role token
 * and its view, or none (signed out, impersonating).
 */
export function previewCookieWrites(
  token: { secret: string; jwtToken: string } | null,
  view: PreviewView,
  secure: boolean,
): string[] {
  const attributes = `; Path=${LIST_PREVIEW_COOKIE_PATH}; SameSite=Lax${secure ? "; Secure" : ""}`;
  const write = (name: string, value: string | null) =>
    value === null ? `${name}=${attributes}; Max-Age=0` : `${name}=${value}${attributes}; Max-Age=${MAX_AGE_SECONDS}`;
  return [
    write(LIST_PREVIEW_TOKEN_COOKIE, token ? encodePreviewToken(token) : null),
    write(LIST_PREVIEW_VIEW_COOKIE, token ? encodePreviewView(view) : null),
  ];
}

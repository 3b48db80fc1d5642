/**
 * The account screens for visitors (sign-in, sign-up, password reset). They open in the lean auth shell
 * (src/auth-app.tsx, no Refine); every other path opens the dashboard app (src/App.tsx).
 */
const VISITOR_PATHS = [
  "/signin",
  "/signin/verify",
  "/auth/callback/:providerId",
  "/signup",
  "/forgot-password",
  "/reset-password",
] as const;

/** `pattern` with its `:name` segments standing for any one non-empty segment; a trailing slash is ignored. */
function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split("/");
  const got = pathname.replace(/\/+$/, "").split("/");
  return (
    want.length === got.length && want.every((part, i) => (part.startsWith(":") ? got[i] !== "" : part === got[i]))
  );
}

export function isVisitorPath(pathname: string): boolean {
  return VISITOR_PATHS.some((pattern) => matches(pattern, pathname));
}

/** A share link's public page: its own lean page, no sign-in, no Refine. */
export function isSharePath(pathname: string): boolean {
  return pathname.startsWith("/share/");
}

/** The public page that checks a record or a report PDF: its own lean page, no sign-in, no Refine. */
export function isVerifyPath(pathname: string): boolean {
  return pathname.replace(/\/+$/, "") === "/verify";
}

/** Every other path opens the Refine dashboard app (src/App.tsx). */
export function isDashboardPath(pathname: string): boolean {
  return !isSharePath(pathname) && !isVerifyPath(pathname) && !isVisitorPath(pathname);
}

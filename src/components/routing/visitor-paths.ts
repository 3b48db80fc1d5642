import { matchPath } from "react-router";

/**
 * The account screens for visitors (spec section 2). They open in the lean auth shell
 * (src/auth-app.tsx, no Refine); every other path opens the dashboard app (src/App.tsx).
 */
export const VISITOR_PATHS = [
  "/signin",
  "/signin/verify",
  "/auth/callback/:providerId",
  "/signup",
  "/forgot-password",
  "/reset-password",
] as const;

export function isVisitorPath(pathname: string): boolean {
  return VISITOR_PATHS.some((pattern) => matchPath(pattern, pathname) !== null);
}

/** A share link's public page (issue #17 section 4): its own lean page, no sign-in, no Refine. */
export function isSharePath(pathname: string): boolean {
  return pathname.startsWith("/share/");
}

/** Every other path opens the Refine dashboard app (src/App.tsx). */
export function isDashboardPath(pathname: string): boolean {
  return !isSharePath(pathname) && !isVisitorPath(pathname);
}

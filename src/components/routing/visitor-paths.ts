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

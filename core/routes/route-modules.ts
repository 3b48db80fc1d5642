import { isSharePath, isVerifyPath, isVisitorPath } from "./visitor-paths";

/** The label report list, where "/" leads and where a report's overlay opens over it. */
export function isLandingListPath(pathname: string): boolean {
  return pathname === "/" || pathname === "/label-reports" || pathname.startsWith("/label-reports/");
}

/**
 * The lazy modules a cold load of `pathname` runs after the entry, as keys of Vite's manifest
 * (their source paths). The server names their files in the page it sends
 * (server/http/dashboard-html.ts), so the browser fetches them beside the entry instead of one
 * import after another: the entry, then the dashboard app, then the page.
 * Only the landing page's own chunk: other pages load theirs when they render.
 */
export function routeModules(pathname: string): string[] {
  if (isSharePath(pathname)) return ["src/pages/share/share-page.tsx"];
  if (isVerifyPath(pathname)) return ["src/pages/verify/verify-page.tsx"];
  if (isVisitorPath(pathname)) return ["src/auth-app.tsx"];
  const dashboard = ["src/boot-dashboard.ts", "src/App.tsx"];
  return isLandingListPath(pathname) ? [...dashboard, "src/resources/label-reports/list.tsx"] : dashboard;
}

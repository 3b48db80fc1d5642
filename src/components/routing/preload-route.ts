/**
 * Starts fetching the page chunk of the URL the dashboard opens on, before the first
 * render: otherwise the chunk is requested only after the session check and the route
 * guards have rendered (about a second into a cold load), and the list's API request
 * waits behind it. The same import() as the route's lazyPage() (src/resources/label-reports/index.tsx),
 * so the module is fetched once. Only the landing pages: the label report list ("/" leads there).
 */
export function preloadRouteChunk(pathname: string): void {
  if (pathname === "/" || pathname === "/label-reports" || pathname.startsWith("/label-reports/")) {
    void import("@/resources/label-reports/list").catch(() => {
      // A failed preload is retried by the route's own import (lazyPage), which shows the error.
    });
  }
}

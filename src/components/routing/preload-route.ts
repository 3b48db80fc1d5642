import { isLandingListPath } from "./route-modules";

/**
 * Starts fetching the page chunk of the URL the dashboard opens on, before the first
 * render: otherwise the chunk is requested only after the session check and the route
 * guards have rendered (about a second into a cold load), and the list's API request
 * waits behind it. The same import() as the route's lazyPage() (src/resources/label-reports/index.tsx),
 * so the module is fetched once. Only the landing pages: the label report list ("/" leads there).
 * (The server's page already names the chunk's files, so this import finds them fetched.)
 */
export function preloadRouteChunk(pathname: string): void {
  if (isLandingListPath(pathname)) {
    void import("@/resources/label-reports/list").catch(() => {
      // A failed preload is retried by the route's own import (lazyPage), which shows the error.
    });
  }
}

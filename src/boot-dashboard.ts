import { preloadRouteChunk } from "@/components/routing/preload-route";
import { isListLandingPath, LIST_LANDING_PATHS, prefetchLandingList } from "@/providers/landing-prefetch";
import { SERVER_PREVIEW_ID, watchPreview } from "@/resources/label-reports/first-paint/preview-watch";

/**
 * What the dashboard starts before anything renders, in a small chunk of its own: src/main.tsx
 * fetches it at once for a dashboard address (beside the Refine app's chunks, which take
 * longer to arrive and run), and src/App.tsx imports it, so it runs first either way.
 *
 * The landing list's first page, in parallel with the app's chunks and the session check
 * (data routes take the company role token alone, so it does not wait for the session
 * layer's code), then the landing page's own chunk (here, not in the entry: its list of
 * files would weigh on every page, the sign-in page's too).
 */
prefetchLandingList(window.location);
preloadRouteChunk(window.location.pathname);

/**
 * Called by src/main.tsx only, on a cold load: when the dashboard app arrives later (after
 * signing in), it imports this module for the request alone, and shows the list itself.
 * The server may have painted the preview into the page already (server/first-paint/list-preview.ts):
 * it then stays until the preview has to go, as the browser's own would.
 */
export function showListPreview(): void {
  const { pathname, search } = window.location;
  const painted = document.getElementById(SERVER_PREVIEW_ID);
  if (!isListLandingPath(pathname)) {
    painted?.remove();
    return;
  }
  if (painted) {
    watchPreview({ paths: LIST_LANDING_PATHS, search }, () => painted.remove());
    return;
  }
  void import("@/resources/label-reports/first-paint/list-preview")
    .then(({ mountListPreview }) => mountListPreview())
    .catch(() => {
      // Without its code there is no preview; the dashboard shows the list as usual.
    });
}

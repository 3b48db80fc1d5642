import { prefetchLandingList } from "@/providers/landing-prefetch";

/**
 * What the dashboard starts before anything renders, in a small chunk of its own: src/main.tsx
 * fetches it at once for a dashboard address (beside the Refine app's chunks, which take
 * longer to arrive and run), and src/App.tsx imports it, so it runs first either way.
 *
 * The landing list's first page, in parallel with the app's chunks and the session check
 * (data routes take the company role token alone, so it does not wait for the session
 * layer's code). The landing page's own chunk is named in the page by the server and started
 * by the dashboard app as it loads (src/App.tsx, preloadPage).
 */
prefetchLandingList(window.location);

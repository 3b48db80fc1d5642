import { initSuperTokens } from "@/providers/auth/supertokens";
import { prefetchLandingList } from "@/providers/landing-prefetch";

/**
 * What the dashboard starts before anything renders, in a small chunk of its own: src/main.tsx
 * fetches it at once for a dashboard address (beside the Refine app's chunks, which take
 * longer to arrive and run), and src/App.tsx imports it, so it runs first either way.
 */

// The session layer must see every request to the API, this module's own included.
initSuperTokens();
// The landing list's first page, in parallel with the app's chunks and the session check.
prefetchLandingList(window.location);

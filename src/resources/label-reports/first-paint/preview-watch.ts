import { isListShown, subscribeListShown } from "@/components/list/list-shown";

/** The element the server puts its list preview in (server-render.tsx, src/boot-dashboard.ts). */
export const SERVER_PREVIEW_ID = "server-list-preview";

/** After this, a preview steps aside whatever the dashboard is doing (it shows its own state). */
export const PREVIEW_MAX_MS = 8_000;
/** How often a preview looks whether the dashboard has moved to another address. */
const ADDRESS_CHECK_MS = 100;

/**
 * Calls `done` once, when the preview standing for `page` has to go: the dashboard's own
 * list has answered (src/components/list/list-shown.ts), the dashboard went to another
 * address, or PREVIEW_MAX_MS have passed. Returns a function that stops watching.
 */
export function watchPreview(page: { paths: readonly string[]; search: string }, done: () => void): () => void {
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    stop();
    done();
  };
  const unsubscribe = subscribeListShown(() => {
    if (isListShown()) finish();
  });
  const expiry = setTimeout(finish, PREVIEW_MAX_MS);
  // The dashboard's router changes the address with the history API, which fires no event.
  const addressCheck = setInterval(() => {
    const { pathname, search } = window.location;
    if (!page.paths.includes(pathname) || search !== page.search) finish();
  }, ADDRESS_CHECK_MS);
  function stop() {
    unsubscribe();
    clearTimeout(expiry);
    clearInterval(addressCheck);
  }
  if (isListShown()) finish();
  return stop;
}

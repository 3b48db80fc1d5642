import { listResource } from "@core/domain/resources";
import { apiUrl } from "./api-url";
import { sessionRefreshDue } from "./auth/front-token";
import { prefetchGet, takePrefetchedBody } from "./boot-prefetch";
import { activeRoleHeaders, DATABASE_HEADER, type ListResult, listRequestUrl, listResultOf } from "./data-provider";
import { listQueryOf, openingListState } from "./list-url";
import { selectHasSignedInState, selectIsImpersonating, useAuthSessionStore } from "./stores/auth-session";
import { sessionSelectionKey, usePageFilterStore } from "./stores/page-filters";

const REPORTS = listResource("label-reports");

/**
 * The API request the label report list (the page "/" leads to) sends first at this
 * address: the state it opens in (openingListState: the URL's, else the selection saved for
 * this person and company) put into the same request as the data provider's. Undefined
 * elsewhere.
 */
export function landingListRequestUrl(location: { pathname: string; search: string }, base = apiUrl()) {
  const { pathname, search } = location;
  const onList = pathname === "/label-reports" || pathname.startsWith("/label-reports/");
  if (pathname !== "/" && !onList) return undefined;
  const key = sessionSelectionKey(REPORTS.name, useAuthSessionStore.getState());
  const saved = key ? usePageFilterStore.getState().pageFilters[key] : undefined;
  const state = openingListState(onList ? search : "", REPORTS, saved);
  return listRequestUrl(base, REPORTS.name, listQueryOf(state, REPORTS));
}

/** The headers of the list's own request: the database marker and the active role token. */
function landingHeaders(): Record<string, string> {
  return { ...DATABASE_HEADER, ...activeRoleHeaders() };
}

/**
 * How far ahead an access token must stay valid for the boot's request to be the page's: the
 * session check runs once the session layer's code is in (about a second into a cold load,
 * several on a slow device), and an access token expired by then is refreshed first.
 */
export const BOOT_REFRESH_MARGIN_MS = 10_000;

/**
 * At boot, for a signed-in user opening the list: its first page's request starts now, in
 * parallel with the session check and the page's chunks (src/providers/boot-prefetch.ts).
 * Not when the session check is going to refresh the session: the refresh brings a new company
 * role token, the page then asks under that one, and a request under the old one would be sent
 * for nothing (an impersonation token is not replaced by a refresh).
 */
export function prefetchLandingList(location: { pathname: string; search: string }, now: number = Date.now()): void {
  const session = useAuthSessionStore.getState();
  if (!selectHasSignedInState(session)) return;
  if (!selectIsImpersonating(session) && sessionRefreshDue(BOOT_REFRESH_MARGIN_MS, now)) return;
  const url = landingListRequestUrl(location);
  if (!url) return;
  prefetchGet(url, landingHeaders());
}

/**
 * The boot's answer for the list at this address, once, if it is already in: the list's
 * first render then shows its rows (src/components/list/use-resource-list.ts) rather than
 * rendering empty, asking, and rendering again. Same URL and role token as the list's own
 * request, or nothing. `takenAt` is when the page took it.
 */
export function takeLandingList<T>(
  location: { pathname: string; search: string },
  now: () => number = Date.now,
): { result: ListResult<T>; takenAt: number } | undefined {
  const url = landingListRequestUrl(location);
  if (!url) return undefined;
  const taken = takePrefetchedBody(url, landingHeaders(), now);
  return taken && { result: listResultOf<T>(taken.body), takenAt: now() };
}

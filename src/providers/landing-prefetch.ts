import { encodePreviewToken, LIST_PREVIEW_TOKEN_COOKIE } from "@/domain/list-preview-cookies";
import { listResource } from "@/domain/resources";
import { readPaintedAnswer } from "@/resources/label-reports/first-paint/painted-answer";
import { apiUrl } from "./api-url";
import { prefetchGet } from "./boot-prefetch";
import { wireOrderToCrud, wireToCrudFilters } from "./crud-filters";
import { activeRoleHeaders, DATABASE_HEADER, listQueryString, withQuery } from "./data-provider";
import { defaultListState, parseListUrl } from "./list-url";
import { selectActiveRoleToken, selectHasSignedInState, useAuthSessionStore } from "./stores/auth-session";

/** The list's own addresses: "/" leads to it with the same (empty) query. */
export const LIST_LANDING_PATHS = ["/", "/label-reports"] as const;
export const isListLandingPath = (pathname: string) => (LIST_LANDING_PATHS as readonly string[]).includes(pathname);

/**
 * The API request the label report list (the page "/" leads to) will send for this address:
 * the same state the list reads from the URL (src/components/list/use-resource-list.ts) put
 * through the same query builder as the data provider's getList. Undefined elsewhere.
 */
export function landingListRequestUrl(location: { pathname: string; search: string }, base = apiUrl()) {
  const { pathname, search } = location;
  const onList = pathname === "/label-reports" || pathname.startsWith("/label-reports/");
  if (pathname !== "/" && !onList) return undefined;
  const resource = listResource("label-reports");
  const state = onList ? parseListUrl(search, resource) : defaultListState(resource);
  const query = listQueryString(
    wireToCrudFilters(resource, state.filters, state.search),
    wireOrderToCrud(state.order),
    { currentPage: state.pageNumber, pageSize: state.pageSize, mode: "server" },
  );
  return withQuery(`${base}/${resource.name}`, query);
}

/**
 * At boot, for a signed-in user opening the list: its first page's request starts now, in
 * parallel with the session check and the page's chunks (src/providers/boot-prefetch.ts).
 * When the server painted that page (server/first-paint), its answer is in the page: taken
 * from there, unless the server painted it for another role token than this session's.
 */
export function prefetchLandingList(location: { pathname: string; search: string }): void {
  const session = useAuthSessionStore.getState();
  if (!selectHasSignedInState(session)) return;
  const url = landingListRequestUrl(location);
  if (!url) return;
  const token = selectActiveRoleToken(session);
  const painted =
    token && cookieValue(LIST_PREVIEW_TOKEN_COOKIE) === encodePreviewToken(token) && readPaintedAnswer(url);
  const headers = { ...DATABASE_HEADER, ...activeRoleHeaders() };
  if (!painted) prefetchGet(url, headers);
  else
    prefetchGet(
      url,
      headers,
      async () => new Response(painted, { status: 200, headers: { "content-type": "application/json" } }),
    );
}

function cookieValue(name: string): string | undefined {
  const pair = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  return pair === undefined ? undefined : decodeURIComponent(pair.slice(name.length + 1));
}

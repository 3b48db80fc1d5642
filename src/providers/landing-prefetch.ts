import { wireOrderToCrud, wireToCrudFilters } from "@/domain/crud-list-query";
import { listResource } from "@/domain/resources";
import { apiUrl } from "./api-url";
import { prefetchGet } from "./boot-prefetch";
import { activeRoleHeaders, DATABASE_HEADER, listQueryString, withQuery } from "./data-provider";
import { defaultListState, parseListUrl } from "./list-url";
import { selectHasSignedInState, useAuthSessionStore } from "./stores/auth-session";

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
 */
export function prefetchLandingList(location: { pathname: string; search: string }): void {
  const session = useAuthSessionStore.getState();
  if (!selectHasSignedInState(session)) return;
  const url = landingListRequestUrl(location);
  if (!url) return;
  prefetchGet(url, { ...DATABASE_HEADER, ...activeRoleHeaders() });
}

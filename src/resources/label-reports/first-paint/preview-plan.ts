import type { CrudSort } from "@refinedev/core";
import { virtualRows } from "@/components/list/table-layout";
import { type ListResource, listResource } from "@/domain/resources";
import { prefetchedBody } from "@/providers/boot-prefetch";
import { wireOrderToCrud } from "@/providers/crud-filters";
import { isListLandingPath, LIST_LANDING_PATHS, landingListRequestUrl } from "@/providers/landing-prefetch";
import {
  defaultListState,
  hasListParams,
  type ListUrlState,
  parseListUrl,
  savedSelectionSearch,
} from "@/providers/list-url";
import {
  type AuthSessionData,
  selectHasSignedInState,
  selectIsImpersonating,
  useAuthSessionStore,
  userDisplayName,
} from "@/providers/stores/auth-session";
import { type PageFilter, usePageFilterStore } from "@/providers/stores/page-filters";

export interface PreviewPlan {
  /** The paths the preview stands for: "/" leads to the list with the same (empty) query. */
  paths: readonly string[];
  search: string;
  resource: ListResource;
  state: ListUrlState;
  sorters: CrudSort[];
  userName: string;
  /** The boot request's JSON answer (null when it failed). */
  body: Promise<unknown>;
}

/**
 * Whether the list preview can stand for the page the dashboard opens on, and what it
 * shows. Not when the list would first change its own address (a saved selection to
 * restore), for a virtualised page (over 100 rows), while impersonating (the banner needs
 * the dashboard), nor without a signed-in session and its boot request.
 */
export function planListPreview(
  location: { pathname: string; search: string },
  session: AuthSessionData = useAuthSessionStore.getState(),
  savedLists: Record<string, PageFilter> = usePageFilterStore.getState().pageFilters,
): PreviewPlan | null {
  const { pathname, search } = location;
  if (!isListLandingPath(pathname)) return null;
  if (!selectHasSignedInState(session) || selectIsImpersonating(session) || !session.user) return null;
  const resource = listResource("label-reports");
  const saved = savedLists[resource.name];
  if (saved && !hasListParams(search) && savedSelectionSearch(saved, resource)) return null;
  const state = pathname === "/" ? defaultListState(resource) : parseListUrl(search, resource);
  if (virtualRows(state.pageSize)) return null;
  const url = landingListRequestUrl(location);
  const body = url ? prefetchedBody(url) : undefined;
  if (!body) return null;
  return {
    paths: LIST_LANDING_PATHS,
    search,
    resource,
    state,
    sorters: wireOrderToCrud(state.order),
    userName: userDisplayName(session.user),
    body,
  };
}

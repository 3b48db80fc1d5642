import type { CrudSort } from "@refinedev/core";
import { virtualRows } from "@/components/list/table-layout";
import type { PagedList } from "@/domain/list-query";
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
  selectActiveCompany,
  selectHasSignedInState,
  selectIsImpersonating,
  useAuthSessionStore,
  userDisplayName,
} from "@/providers/stores/auth-session";
import { type PageFilter, usePageFilterStore } from "@/providers/stores/page-filters";
import type { LabelReport } from "../../types";

/** The page a preview stands for: the URL's rules, shared by the browser's preview and the server's. */
export interface PreviewPage {
  /** The paths the preview stands for: "/" leads to the list with the same (empty) query. */
  paths: readonly string[];
  search: string;
  resource: ListResource;
  state: ListUrlState;
  sorters: CrudSort[];
}

export interface PreviewPlan extends PreviewPage {
  userName: string;
  companyName: string;
  /** The boot request's JSON answer (null when it failed). */
  body: Promise<unknown>;
}

/**
 * Whether the list opens by restoring the user's saved selection (it changes its own
 * address first) when its address carries no list parameters.
 */
export function restoresSavedSelection(
  savedLists: Record<string, PageFilter> = usePageFilterStore.getState().pageFilters,
): boolean {
  const resource = listResource("label-reports");
  const saved = savedLists[resource.name];
  return Boolean(saved && savedSelectionSearch(saved, resource));
}

/**
 * The list page a preview can stand for at this address: not when the list would first
 * change its own address (a saved selection to restore), nor for a virtualised page (over
 * 100 rows, whose layout depends on the window).
 */
export function previewPage(
  location: { pathname: string; search: string },
  restoresSaved: boolean,
): PreviewPage | null {
  const { pathname, search } = location;
  if (!isListLandingPath(pathname)) return null;
  const resource = listResource("label-reports");
  if (restoresSaved && !hasListParams(search)) return null;
  const state = pathname === "/" ? defaultListState(resource) : parseListUrl(search, resource);
  if (virtualRows(state.pageSize)) return null;
  return { paths: LIST_LANDING_PATHS, search, resource, state, sorters: wireOrderToCrud(state.order) };
}

/**
 * Whether the browser's list preview can stand for the page the dashboard opens on, and
 * what it shows: the page's rules (previewPage), and not while impersonating (the banner
 * needs the dashboard), nor without a signed-in session and its boot request.
 */
export function planListPreview(
  location: { pathname: string; search: string },
  session: AuthSessionData = useAuthSessionStore.getState(),
  savedLists: Record<string, PageFilter> = usePageFilterStore.getState().pageFilters,
): PreviewPlan | null {
  if (!selectHasSignedInState(session) || selectIsImpersonating(session) || !session.user) return null;
  const page = previewPage(location, restoresSavedSelection(savedLists));
  if (!page) return null;
  const url = landingListRequestUrl(location);
  const body = url ? prefetchedBody(url) : undefined;
  if (!body) return null;
  return {
    ...page,
    userName: userDisplayName(session.user),
    companyName: selectActiveCompany(session)?.name ?? "",
    body,
  };
}

/** Whether an API answer is a page of the list (anything else: no preview). */
export function isListPage(value: unknown): value is PagedList<LabelReport> {
  return typeof value === "object" && value !== null && Array.isArray((value as { data?: unknown }).data);
}

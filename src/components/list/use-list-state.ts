import { type Filter, type Order, searchFilter } from "@core/domain/list-query";
import type { ListResource } from "@core/domain/resources";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import {
  applyFilters,
  applyOrder,
  applySearch,
  hasListParams,
  LIST_URL_KEYS,
  type ListState,
  listSearchString,
  openingListState,
  parseListUrl,
} from "@/providers/list-url";
import { useAuthSessionStore } from "@/providers/stores/auth-session";
import { selectPageFilter, sessionSelectionKey, usePageFilterStore } from "@/providers/stores/page-filters";

/** How a change reaches the browser's history: typing replaces the entry, every other change is a step Back returns through. */
type HistoryMode = "push" | "replace";

const SEARCH_HISTORY: HistoryMode = "replace";
const STEP_HISTORY: HistoryMode = "push";

/** The address's query with the list's parameters of `state` and every other parameter kept. */
function searchWithListState(search: string, state: ListState, resource: ListResource): string {
  const others = new URLSearchParams(search);
  for (const key of LIST_URL_KEYS) others.delete(key);
  const list = listSearchString(state, resource).slice(1);
  const rest = others.toString();
  const joined = [list, rest].filter(Boolean).join("&");
  return joined ? `?${joined}` : "";
}

/** The address a list opened on completes to: its saved selection, when the address has no list parameters. */
function openingSearch(
  search: string,
  resource: ListResource,
  saved: Parameters<typeof openingListState>[2],
): string | null {
  if (hasListParams(search) || !saved) return null;
  const opening = openingListState(search, resource, saved);
  const completed = searchWithListState(search, opening, resource);
  return completed === search ? null : completed;
}

export interface ListStateControls {
  state: ListState;
  /**
   * The address to complete the first one with (the saved selection), or null. Only on the
   * address the list opened on: later a bare address is the defaults, so Back reaches them.
   */
  openOn: string | null;
  setSearch(text: string): void;
  setListFilters(next: Filter[], cleared?: string[]): void;
  setOrder(order: Order[]): void;
  setPage(pageNumber: number, pageSize: number): void;
  /** Back to page 1 in place: the page asked for lies past the end (HTTP 416). */
  toFirstPage(): void;
  /** No search and the list's default filters, the order kept: one step Back returns from. */
  clearSelection(): void;
}

/**
 * The one owner of a list's state: the URL. Reads the state from the address and writes
 * every change back to it (typing in the search box replaces the entry; a page, an order
 * or filters are a new entry, so Back steps through them). The selection (filters, order,
 * search) is saved for the person and company once per change, and read once: when the
 * list opens on an address without list parameters.
 */
export function useListState(resource: ListResource): ListStateControls {
  const location = useLocation();
  const navigate = useNavigate();

  const [opened] = useState(() => {
    const key = sessionSelectionKey(resource.name, useAuthSessionStore.getState());
    const saved = key ? selectPageFilter(usePageFilterStore.getState(), key) : undefined;
    return { key: location.key, search: openingSearch(location.search, resource, saved) };
  });
  const openOn =
    opened.search !== null && location.key === opened.key
      ? `${location.pathname}${opened.search}${location.hash}`
      : null;

  const state = useMemo(() => parseListUrl(location.search, resource), [location.search, resource]);
  const current = useRef({ state, search: location.search, pathname: location.pathname });
  current.current = { state, search: location.search, pathname: location.pathname };

  const write = useCallback(
    (next: ListState, mode: HistoryMode) => {
      const { pathname, search } = current.current;
      const to = searchWithListState(search, next, resource);
      if (to === search) return;
      navigate({ pathname, search: to }, { replace: mode === "replace" });
      // Several changes in one event (a new order, then page 1) build on each other.
      current.current = { state: next, search: to, pathname };
    },
    [navigate, resource],
  );

  // Saved once per change of the selection, never while the opening address is completed
  // (its state is not the list's yet). The key is read when saving: a company switch under
  // a mounted list must not save the old company's selection as the new one's.
  const selection = openOn === null ? listSearchString({ ...state, pageNumber: 1 }, resource) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the selection's text stands for state's filters, order and search.
  useEffect(() => {
    if (selection === null) return;
    const key = sessionSelectionKey(resource.name, useAuthSessionStore.getState());
    if (!key) return;
    usePageFilterStore.getState().setPageFilter(key, {
      filters: state.filters,
      order: state.order,
      search: state.search ? searchFilter(resource.searchKey, state.search) : null,
    });
  }, [selection, resource]);

  const setSearch = useCallback(
    (text: string) => write(applySearch(current.current.state, text), SEARCH_HISTORY),
    [write],
  );
  const setListFilters = useCallback(
    (next: Filter[], cleared: string[] = []) => write(applyFilters(current.current.state, next, cleared), STEP_HISTORY),
    [write],
  );
  const setOrder = useCallback(
    (order: Order[]) => write(applyOrder(current.current.state, order), STEP_HISTORY),
    [write],
  );
  const setPage = useCallback(
    (pageNumber: number, pageSize: number) => write({ ...current.current.state, pageNumber, pageSize }, STEP_HISTORY),
    [write],
  );
  const toFirstPage = useCallback(() => write({ ...current.current.state, pageNumber: 1 }, "replace"), [write]);

  const clearSelection = useCallback(() => {
    const { state: now } = current.current;
    write({ ...now, search: "", filters: [...resource.defaultFilters], pageNumber: 1 }, STEP_HISTORY);
  }, [write, resource]);

  return { state, openOn, setSearch, setListFilters, setOrder, setPage, toFirstPage, clearSelection };
}

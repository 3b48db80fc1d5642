import type { Filter, Order, Search } from "@core/domain/list-query";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { type AuthSessionData, selectActiveCompany } from "./auth-session";

/**
 * The page filter store: the filters, order and search each list was last left with,
 * persisted in local storage. An entry belongs to one person in one company
 * (savedSelectionKey), so the next person in the same browser, or the same person in
 * another company, never opens a list on it. A list opened without query parameters starts
 * from its entry (src/components/list/use-list-state.ts).
 */

export interface PageFilter {
  filters: Filter[];
  order: Order[];
  search: Search | null;
}

export interface PageFilterData {
  pageFilters: Record<string, PageFilter>;
}

interface PageFilterActions {
  setPageFilter(key: string | null, filter: PageFilter): void;
}

export type PageFilterState = PageFilterData & PageFilterActions;

export const PAGE_FILTERS_STORAGE_KEY = "page-filters";

/** The key of a list's saved selection: the list, the signed-in person and the active company; none without both. */
export function savedSelectionKey(list: string, personId: string | undefined, companyId: string | undefined) {
  return personId && companyId ? `${list}:${personId}:${companyId}` : null;
}

/** The key for the person signed in and the company they act in (the impersonated one while impersonating). */
export function sessionSelectionKey(list: string, session: AuthSessionData): string | null {
  return savedSelectionKey(list, session.user?.id, selectActiveCompany(session)?.id);
}

function warnMissingKey(action: string): void {
  console.warn(`Page filter store: ${action} without a page filter key`);
}

export const usePageFilterStore = create<PageFilterState>()(
  persist(
    (set) => ({
      pageFilters: {},
      setPageFilter: (key, filter) => {
        if (!key) return warnMissingKey("setPageFilter");
        set((state) => ({ pageFilters: { ...state.pageFilters, [key]: filter } }));
      },
    }),
    {
      name: PAGE_FILTERS_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      // Version 0 kept one entry per list for whoever used the browser: whose it was is unknown.
      version: 1,
      migrate: () => ({ pageFilters: {} }),
    },
  ),
);

/** The saved entry under a key; warns when the key is missing. */
export function selectPageFilter(state: PageFilterData, key: string | null): PageFilter | undefined {
  if (!key) {
    warnMissingKey("reading a page filter");
    return undefined;
  }
  return state.pageFilters[key];
}

import type { Filter, Order, Search } from "@core/domain/list-query";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

/**
 * The page filter store: the filters, order and search each list
 * was last left with, keyed by page, persisted in local storage. A list opened
 * without query parameters starts from its saved entry.
 */

export interface PageFilter {
  filters: Filter[];
  order: Order[];
  search: Search | null;
}

export interface PageFilterData {
  pageFilters: Record<string, PageFilter>;
  currentPageFilterKey: string | null;
}

export interface PageFilterActions {
  setCurrentPageFilterKey(key: string | null): void;
  setPageFilter(key: string, filter: PageFilter): void;
  clearPageFilter(key: string): void;
}

export type PageFilterState = PageFilterData & PageFilterActions;

export const PAGE_FILTERS_STORAGE_KEY = "page-filters";

function warnMissingKey(action: string): void {
  console.warn(`Page filter store: ${action} without a page filter key`);
}

export const usePageFilterStore = create<PageFilterState>()(
  persist(
    (set) => ({
      pageFilters: {},
      currentPageFilterKey: null,
      setCurrentPageFilterKey: (currentPageFilterKey) => set({ currentPageFilterKey }),
      setPageFilter: (key, filter) => {
        if (!key) return warnMissingKey("setPageFilter");
        set((state) => ({ pageFilters: { ...state.pageFilters, [key]: filter } }));
      },
      clearPageFilter: (key) => {
        if (!key) return warnMissingKey("clearPageFilter");
        set((state) => {
          const { [key]: _removed, ...rest } = state.pageFilters;
          return { pageFilters: rest };
        });
      },
    }),
    { name: PAGE_FILTERS_STORAGE_KEY, storage: createJSONStorage(() => localStorage) },
  ),
);

/** The saved entry of one page; warns when the key is missing. */
export function selectPageFilter(state: PageFilterData, key: string | null | undefined): PageFilter | undefined {
  if (!key) {
    warnMissingKey("reading a page filter");
    return undefined;
  }
  return state.pageFilters[key];
}

/** The current filter: the entry of the current page filter key. */
export function selectCurrentPageFilter(state: PageFilterData): PageFilter | undefined {
  return selectPageFilter(state, state.currentPageFilterKey);
}

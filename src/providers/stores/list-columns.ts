import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

/**
 * The columns each person chose to hide in a list, per company (keys from
 * columnChoiceScope, src/resources/label-reports/column-choice.ts), persisted in local
 * storage like the interface preferences and page filters: a device keeps its own choice.
 */

export interface ListColumnsData {
  hiddenColumns: Record<string, string[]>;
}

interface ListColumnsActions {
  setHiddenColumns(scope: string, hidden: string[]): void;
}

export type ListColumnsState = ListColumnsData & ListColumnsActions;

export const LIST_COLUMNS_STORAGE_KEY = "list-columns";

/** One empty list, so a scope with no choice keeps its identity across renders. */
const NO_HIDDEN_COLUMNS: readonly string[] = Object.freeze([]);

export const useListColumnsStore = create<ListColumnsState>()(
  persist(
    (set) => ({
      hiddenColumns: {},
      setHiddenColumns: (scope, hidden) =>
        set((state) => {
          const { [scope]: _previous, ...rest } = state.hiddenColumns;
          // Nothing hidden is the default: no entry, so the store holds only real choices.
          return { hiddenColumns: hidden.length ? { ...rest, [scope]: hidden } : rest };
        }),
    }),
    { name: LIST_COLUMNS_STORAGE_KEY, storage: createJSONStorage(() => localStorage) },
  ),
);

export function selectHiddenColumns(state: ListColumnsData, scope: string | null): readonly string[] {
  return (scope && state.hiddenColumns[scope]) || NO_HIDDEN_COLUMNS;
}

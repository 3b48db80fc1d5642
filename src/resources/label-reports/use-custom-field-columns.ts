import type { VisibilityState } from "@tanstack/react-table";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { ColumnSpec } from "@/components/list/columns";
import { useAuthSessionStore } from "@/providers/stores/auth-session";
import { selectHiddenColumns, useListColumnsStore } from "@/providers/stores/list-columns";
import type { LabelReport } from "../types";
import { type ColumnChoiceItem, columnChoiceScope, withFieldShown } from "./column-choice";
import { useListCustomFieldDefinitions } from "./use-list-custom-field-definitions";

type ColumnsModule = typeof import("./custom-field-columns");

const NONE: ColumnSpec<LabelReport>[] = [];
const NO_CHOICES: ColumnChoiceItem[] = [];
const NO_HIDDEN: VisibilityState = {};

export interface CustomFieldColumns {
  /** A column per field. */
  columns: ColumnSpec<LabelReport>[];
  /** The columns of the fields the user hid (TanStack column visibility). */
  visibility: VisibilityState;
  /** Every field of the list, with whether its column shows (empty: no Columns control). */
  choices: ColumnChoiceItem[];
  setShown(key: string, shown: boolean): void;
}

/**
 * The list's custom-field columns, as the user chose them (Columns control; saved per
 * person and company in the list columns store). Their code loads only when the company
 * has custom fields (the list's first load stays as it was for everyone else); until
 * then, none.
 */
export function useCustomFieldColumns(): CustomFieldColumns {
  const { definitions, companyId } = useListCustomFieldDefinitions();
  const userId = useAuthSessionStore((s) => s.user?.id);
  const scope = columnChoiceScope("label-reports", userId, companyId);
  const hidden = useListColumnsStore((s) => selectHiddenColumns(s, scope));
  const setHiddenColumns = useListColumnsStore((s) => s.setHiddenColumns);
  const [module, setModule] = useState<ColumnsModule | null>(null);
  const wanted = definitions.length > 0;
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    import("./custom-field-columns").then(
      (loaded) => live && setModule(loaded),
      // A chunk that fails to load leaves the extra columns out; the list still works.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, module]);
  // Hiding a column changes its visibility, not the columns: the rest of the page keeps its cells.
  const columns = useMemo(
    () => (module && wanted ? module.customFieldColumns(definitions, companyId) : NONE),
    [module, wanted, definitions, companyId],
  );
  const visibility = useMemo(
    () => (module && wanted ? module.customFieldColumnVisibility(hidden) : NO_HIDDEN),
    [module, wanted, hidden],
  );
  const choices = useMemo(
    () => (module && wanted ? module.customFieldColumnChoices(definitions, companyId, hidden) : NO_CHOICES),
    [module, wanted, definitions, companyId, hidden],
  );
  const setShown = useCallback(
    (key: string, shown: boolean) => {
      // Without a person and company there is nowhere to keep the choice (never on the list's screen).
      if (scope) setHiddenColumns(scope, withFieldShown(choices, hidden, key, shown));
    },
    [scope, choices, hidden, setHiddenColumns],
  );
  return { columns, visibility, choices, setShown };
}

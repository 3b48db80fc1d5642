import { useEffect, useMemo, useState } from "react";
import type { ColumnSpec } from "@/components/list/columns";
import type { LabelReport } from "../types";
import { useListCustomFieldDefinitions } from "./use-list-custom-field-definitions";

type ColumnsModule = typeof import("./custom-field-columns");

const NONE: ColumnSpec<LabelReport>[] = [];

/**
 * The list's custom-field columns. Their code loads only when the company has custom
 * fields (the list's first load stays as it was for everyone else); until then, none.
 */
export function useCustomFieldColumns(): ColumnSpec<LabelReport>[] {
  const { definitions, companyId } = useListCustomFieldDefinitions();
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
  return useMemo(
    () => (module && wanted ? module.customFieldColumns(definitions, companyId) : NONE),
    [module, wanted, definitions, companyId],
  );
}

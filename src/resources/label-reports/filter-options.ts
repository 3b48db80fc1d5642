import { useList } from "@refinedev/core";
import { useAccess } from "@/hooks/use-access";
import { selectActiveCompany, useAuthSessionStore } from "@/providers/stores/auth-session";
import { RESOURCE as RESOURCE_NAME } from "@/resources/names";
import type { Company, LabelPreset } from "../types";

/** The choices of the label report filters that name records: shared by the panel and the chips (one cached query each). */

/** The presets to filter by; `wanted`: asked for only when a control or a chip shows them. */
export function usePresetOptions(wanted: boolean) {
  const can = useAccess();
  const { result, query } = useList<LabelPreset>({
    resource: RESOURCE_NAME.labelPresets,
    pagination: { currentPage: 1, pageSize: 200 },
    sorters: [{ field: "name", order: "asc" }],
    filters: [],
    queryOptions: { enabled: wanted && can({ action: "read", subject: "labelPreset" }) },
    errorNotification: false,
  });
  return { options: result.data.map((p) => ({ value: p.id, label: p.name })), loading: query.isLoading };
}

/** The companies a distributor's list spans: its own and its sub-companies. */
export function useCompanyOptions(enabled: boolean) {
  const own = useAuthSessionStore((s) => selectActiveCompany(s));
  const { result, query } = useList<Company>({
    resource: RESOURCE_NAME.subCompanies,
    pagination: { currentPage: 1, pageSize: 200 },
    sorters: [{ field: "name", order: "asc" }],
    filters: [],
    queryOptions: { enabled },
    errorNotification: false,
  });
  const options = result.data.map((c) => ({ value: c.id, label: c.name }));
  return { options: own ? [{ value: own.id, label: own.name }, ...options] : options, loading: query.isLoading };
}

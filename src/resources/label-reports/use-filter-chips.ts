import type { Filter } from "@core/domain/list-query";
import { listResource } from "@core/domain/resources";
import { useCallback, useMemo } from "react";
import { useLocation } from "react-router";
import { useInstantFormat } from "@/components/list/date-time-text";
import { parseListUrl } from "@/providers/list-url";
import { RESOURCE } from "@/resources/names";
import { labelReportFilterChips } from "./filter-chips";
import { useCompanyOptions, usePresetOptions } from "./filter-options";
import { useListCustomFieldDefinitions } from "./use-list-custom-field-definitions";

const LIST = listResource(RESOURCE.labelReports);

/** The label report list's filter chips, with the names of chosen presets and companies (asked for only when chosen). */
export function useLabelReportFilterChips() {
  const { timeZone } = useInstantFormat();
  const filters = parseListUrl(useLocation().search, LIST).filters;
  const presets = usePresetOptions(filters.some((f) => f.key === "presetId"));
  const companies = useCompanyOptions(filters.some((f) => f.key === "companyId"));
  const { definitions } = useListCustomFieldDefinitions();
  const names = useMemo(
    () => ({
      timeZone,
      presets: new Map(presets.options.map((o) => [o.value, o.label])),
      companies: new Map(companies.options.map((o) => [o.value, o.label])),
      customFields: new Map(definitions.map((d) => [d.key, d.name])),
    }),
    [timeZone, presets.options, companies.options, definitions],
  );
  return useCallback((listFilters: Filter[]) => labelReportFilterChips(listFilters, names), [names]);
}

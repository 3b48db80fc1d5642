import { DEVIATION_STATE_TEXT, DEVIATION_STATES } from "@core/domain/deviations";
import { useMemo } from "react";
import { DayRangeFilter } from "@/components/list/day-range-filter";
import { ChoiceFilter, IncludesFilter } from "@/components/list/filter-selects";
import { ResourceList } from "@/components/list/resource-list";
import { useSeesSeveralCompanies } from "@/hooks/use-access";
import { useCompanyOptions } from "@/resources/label-reports/filter-options";
import { RESOURCE } from "@/resources/names";
import type { Deviation } from "../types";
import { deviationColumnsFor } from "./columns";

const STATE_OPTIONS = DEVIATION_STATES.map((value) => ({ value, label: DEVIATION_STATE_TEXT[value] }));

/**
 * The deviations: newest first, searched by title, filtered by state, by the days they were
 * opened (how old they are) and, for a distributor, by company; all in the URL.
 */
export function DeviationList() {
  const severalCompanies = useSeesSeveralCompanies();
  const companies = useCompanyOptions(severalCompanies);
  const columns = useMemo(() => deviationColumnsFor(severalCompanies), [severalCompanies]);
  return (
    <ResourceList<Deviation>
      resource={RESOURCE.deviations}
      columns={columns}
      recordLink={(deviation) => `/deviations/${encodeURIComponent(deviation.id)}`}
      searchPlaceholder="Search by title"
      actions={
        <>
          <ChoiceFilter
            resource="deviations"
            filterKey="state"
            options={STATE_OPTIONS}
            label="Filter by state"
            placeholder="Any state"
          />
          <DayRangeFilter resource="deviations" filterKey="created" label="Opened between" />
          {severalCompanies ? (
            <IncludesFilter
              resource="deviations"
              filterKey="companyId"
              options={companies.options}
              label="Filter by company"
              placeholder="Any company"
            />
          ) : null}
        </>
      }
    />
  );
}

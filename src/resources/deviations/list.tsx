import { DEVIATION_STATE_TEXT, DEVIATION_STATES } from "@core/domain/deviations";
import { useMemo } from "react";
import { ChoiceFilter } from "@/components/list/filter-selects";
import { ResourceList } from "@/components/list/resource-list";
import { useSeesSeveralCompanies } from "@/hooks/use-access";
import { RESOURCE } from "@/resources/names";
import type { Deviation } from "../types";
import { deviationColumnsFor } from "./columns";

const STATE_OPTIONS = DEVIATION_STATES.map((value) => ({ value, label: DEVIATION_STATE_TEXT[value] }));

/** The deviations: newest first, searched by title and filtered by state, all in the URL. */
export function DeviationList() {
  const severalCompanies = useSeesSeveralCompanies();
  const columns = useMemo(() => deviationColumnsFor(severalCompanies), [severalCompanies]);
  return (
    <ResourceList<Deviation>
      resource={RESOURCE.deviations}
      columns={columns}
      recordLink={(deviation) => `/deviations/${encodeURIComponent(deviation.id)}`}
      searchPlaceholder="Search by title"
      actions={
        <ChoiceFilter
          resource="deviations"
          filterKey="state"
          options={STATE_OPTIONS}
          label="Filter by state"
          placeholder="Any state"
        />
      }
    />
  );
}

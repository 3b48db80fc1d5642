import { useMemo } from "react";
import { ResourceList } from "@/components/list/resource-list";
import { useSeesSeveralCompanies } from "@/hooks/use-access";
import { RESOURCE } from "@/resources/names";
import { AlarmFilters } from "./alarm-filters";
import { alarmColumnsFor } from "./columns";

/** The alarms inbox: open alarms first, newest first, filtered by state and severity in the URL. */
export function AlarmList() {
  const severalCompanies = useSeesSeveralCompanies();
  const columns = useMemo(() => alarmColumnsFor(severalCompanies), [severalCompanies]);
  return (
    <ResourceList
      resource={RESOURCE.alarms}
      columns={columns}
      searchPlaceholder="Search by label id"
      actions={<AlarmFilters />}
    />
  );
}

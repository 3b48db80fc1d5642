import { ResourceList } from "@/components/list/resource-list";
import { RESOURCE } from "@/resources/names";
import { AlarmFilters } from "./alarm-filters";
import { alarmColumns } from "./columns";

/** The alarms inbox: open alarms first, newest first, filtered by state and severity in the URL. */
export function AlarmList() {
  return (
    <ResourceList
      resource={RESOURCE.alarms}
      columns={alarmColumns}
      searchPlaceholder="Search by label id"
      actions={<AlarmFilters />}
    />
  );
}

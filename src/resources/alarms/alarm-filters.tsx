import { ALARM_SEVERITIES, ALARM_STATES } from "@core/domain/alarms";
import { ChoiceFilter } from "@/components/list/filter-selects";
import styles from "./alarms.module.css";
import { SEVERITY_TEXT, STATE_TEXT } from "./columns";

const STATE_OPTIONS = ALARM_STATES.map((value) => ({ value, label: STATE_TEXT[value].label }));
const SEVERITY_OPTIONS = ALARM_SEVERITIES.map((value) => ({ value, label: SEVERITY_TEXT[value].label }));

/** The inbox's filters beside the search box (label id): state and severity, written into the list's URL. */
export function AlarmFilters() {
  return (
    <>
      <ChoiceFilter
        resource="alarms"
        filterKey="state"
        options={STATE_OPTIONS}
        label="Filter by state"
        placeholder="Any state"
        className={styles.filter}
      />
      <ChoiceFilter
        resource="alarms"
        filterKey="severity"
        options={SEVERITY_OPTIONS}
        label="Filter by severity"
        placeholder="Any severity"
        className={styles.filter}
      />
    </>
  );
}

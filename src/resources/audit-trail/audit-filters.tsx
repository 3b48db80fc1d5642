import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS } from "@core/domain/audit-trail";
import { DayRangeFilter } from "@/components/list/day-range-filter";
import { ChoiceFilter, IncludesFilter } from "@/components/list/filter-selects";
import styles from "./audit-trail.module.css";

const labelled = (labels: Readonly<Record<string, string>>) =>
  Object.entries(labels)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
const ENTITY_OPTIONS = labelled(AUDIT_ENTITY_LABELS);
const ACTION_OPTIONS = labelled(AUDIT_ACTION_LABELS);

/**
 * The audit trail's filters beside the search box (which searches the actor): kind of
 * record (`entity[eq]`), actions (`action[includes]`) and the days (`at[gte]`, `at[lt]`).
 * They write the list's URL; the table follows it.
 */
export function AuditFilters() {
  return (
    <>
      <ChoiceFilter
        resource="audit"
        filterKey="entity"
        options={ENTITY_OPTIONS}
        label="Filter by record type"
        placeholder="Any record type"
        className={styles.filter}
      />
      <IncludesFilter
        resource="audit"
        filterKey="action"
        options={ACTION_OPTIONS}
        label="Filter by action"
        placeholder="Any action"
        className={styles.filter}
      />
      <DayRangeFilter resource="audit" filterKey="at" label="Changed between" />
    </>
  );
}

import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS } from "@core/domain/audit-trail";
import type { Filter } from "@core/domain/list-query";
import { listResource } from "@core/domain/resources";
import { useLocation, useNavigate } from "react-router";
import { DatePicker } from "@/components/controls/date-picker";
import { fromDay, toDay } from "@/components/controls/date-picker/date-picker-state";
import { useInstantFormat } from "@/components/list/date-time-text";
import { ChoiceFilter, IncludesFilter } from "@/components/list/filter-selects";
import { applyFilters, listSearchString, parseListUrl } from "@/providers/list-url";
import styles from "./audit-trail.module.css";
import { dayFilters, daysOf } from "./filter-values";

const RESOURCE = listResource("audit");

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
  const location = useLocation();
  const navigate = useNavigate();
  const { timeZone } = useInstantFormat();
  const state = parseListUrl(location.search, RESOURCE);
  const change = (next: Filter[], key: string) =>
    navigate({ pathname: location.pathname, search: listSearchString(applyFilters(state, next, [key]), RESOURCE) });
  const days = daysOf(state.filters, timeZone);
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
      <DatePicker
        mode="range"
        aria-label="Changed between"
        placeholder="Any day"
        value={days ? { start: fromDay(days.from), end: fromDay(days.to) } : null}
        onChange={(range) =>
          change(dayFilters(range ? { from: toDay(range.start), to: toDay(range.end) } : null, timeZone), "at")
        }
      />
    </>
  );
}

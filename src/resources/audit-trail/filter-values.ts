import type { Filter } from "@core/domain/list-query";
import { type Day, dayIn, startOfDayIn } from "@/resources/label-reports/filter-values";

/**
 * The audit trail's filter controls <-> the list's wire filters. Pure. The date range is
 * whole days in the user's time zone: `at[gte]` the first day's midnight, `at[lt]` the
 * midnight after the last day (a day's length varies across a DST change).
 */

export interface AuditDays {
  from: Day;
  to: Day;
}

const DAY_MS = 86_400_000;

export function dayFilters(days: AuditDays | null, timeZone: string): Filter[] {
  if (!days) return [];
  const next = new Date(Date.parse(`${days.to}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return [
    { key: "at", operator: "gte", value: startOfDayIn(days.from, timeZone).toISOString() },
    { key: "at", operator: "lt", value: startOfDayIn(next, timeZone).toISOString() },
  ];
}

export function daysOf(filters: readonly Filter[], timeZone: string): AuditDays | null {
  const from = filters.find((f) => f.key === "at" && f.operator === "gte");
  const before = filters.find((f) => f.key === "at" && f.operator === "lt");
  if (!from || !before) return null;
  return {
    from: dayIn(from.value, timeZone),
    to: dayIn(new Date(Date.parse(before.value) - 1).toISOString(), timeZone),
  };
}

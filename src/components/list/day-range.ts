import type { Filter } from "@core/domain/list-query";
import { type Day, dayIn, startOfDayIn } from "@/resources/label-reports/filter-values";

/**
 * A list's day-range filter <-> its wire filters. Pure. The range is whole days in the
 * user's time zone: `key[gte]` the first day's midnight, `key[lt]` the midnight after the
 * last day (a day's length varies across a DST change).
 */

export interface DayRange {
  from: Day;
  to: Day;
}

const DAY_MS = 86_400_000;

export function dayFilters(key: string, days: DayRange | null, timeZone: string): Filter[] {
  if (!days) return [];
  const next = new Date(Date.parse(`${days.to}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return [
    { key, operator: "gte", value: startOfDayIn(days.from, timeZone).toISOString() },
    { key, operator: "lt", value: startOfDayIn(next, timeZone).toISOString() },
  ];
}

export function daysOf(key: string, filters: readonly Filter[], timeZone: string): DayRange | null {
  const from = filters.find((f) => f.key === key && f.operator === "gte");
  const before = filters.find((f) => f.key === key && f.operator === "lt");
  if (!from || !before) return null;
  return {
    from: dayIn(from.value, timeZone),
    to: dayIn(new Date(Date.parse(before.value) - 1).toISOString(), timeZone),
  };
}

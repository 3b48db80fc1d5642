import type { PerformanceQuery } from "@core/api/performance";
import { PERFORMANCE_GROUPS, type PerformanceGroup } from "@core/domain/performance";

/**
 * The performance page's filters <-> its address (`from`, `to` as days, `groupBy`,
 * `companyId`). Pure. Days are UTC days, like the answer's months, so a period of whole
 * months is exactly those months' buckets for every viewer.
 */

export interface PerformanceFilters {
  /** YYYY-MM-DD, included. */
  from: string;
  /** YYYY-MM-DD, included. */
  to: string;
  groupBy: PerformanceGroup;
  /** One company (a distributor's sub-company); null: all the caller's. */
  companyId: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

const isDay = (value: string | null): value is string =>
  value !== null && DAY.test(value) && !Number.isNaN(Date.parse(value));

/** The default period: the current UTC month and the five before it, to today. */
function defaultPeriod(today: Date): { from: string; to: string } {
  const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 5, 1));
  return { from: from.toISOString().slice(0, 10), to: today.toISOString().slice(0, 10) };
}

/** The filters in the address; what is missing or malformed is the default. */
export function performanceFiltersOf(search: string, today: Date): PerformanceFilters {
  const params = new URLSearchParams(search);
  const from = params.get("from");
  const to = params.get("to");
  const groupBy = params.get("groupBy");
  const period = isDay(from) && isDay(to) && from <= to ? { from, to } : defaultPeriod(today);
  return {
    ...period,
    groupBy: (PERFORMANCE_GROUPS as readonly string[]).includes(groupBy ?? "") ? (groupBy as PerformanceGroup) : "lane",
    companyId: params.get("companyId") || null,
  };
}

/** The address's query for these filters. */
export function performanceSearch(filters: PerformanceFilters): string {
  const params = new URLSearchParams({ from: filters.from, to: filters.to, groupBy: filters.groupBy });
  if (filters.companyId) params.set("companyId", filters.companyId);
  return `?${params.toString()}`;
}

/** The API's query: the first day's start to the start of the day after the last (UTC). */
export function performanceQueryOf(filters: PerformanceFilters): PerformanceQuery {
  return {
    from: `${filters.from}T00:00:00.000Z`,
    to: new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS).toISOString(),
    groupBy: filters.groupBy,
    ...(filters.companyId ? { companyId: filters.companyId } : {}),
  };
}

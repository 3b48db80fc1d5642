import { type Filter, includesFilter, listItems } from "@core/domain/list-query";

/**
 * The label report filters form <-> the list's wire filters (`key[op]value`). Pure, so
 * the round trip is tested. The date range is whole days in the user's time zone, over
 * the report's start time (start on or after the first day's midnight, before the day
 * after the last).
 */

/** "Only reports with …": the alarm columns, and a label gone silent (core/domain/no-signal.ts). */
export const VIOLATIONS = [
  "temperatureViolation",
  "humidityViolation",
  "shockViolation",
  "batteryLow",
  "noSignal",
  "dataIncomplete",
] as const;
export type Violation = (typeof VIOLATIONS)[number];

export const VIOLATION_LABELS: Record<Violation, string> = {
  temperatureViolation: "Temperature violation",
  humidityViolation: "Humidity violation",
  shockViolation: "Shock violation",
  batteryLow: "Battery low",
  noSignal: "No signal",
  dataIncomplete: "Incomplete data or no data",
};

/** A calendar day, "YYYY-MM-DD". */
export type Day = string;

export interface FilterValues {
  status: string[];
  transportMode: string[];
  presetId: string[];
  /** Signed QA dispositions; one is sent as `disposition[eq]…`, the contract's form. */
  disposition: string[];
  /** The worst limit band severity reached (warning, alarm, critical). */
  severity: string[];
  violations: Violation[];
  /** Days the report started between, both included; null: any time. */
  started: { from: Day; to: Day } | null;
  showArchived: boolean;
  /** Companies (a list spanning sub-companies); none: every company the caller sees. */
  companyId: string[];
  /** Any temperature, humidity or shock violation (the needs-attention view's lists). */
  anyViolation: boolean;
  /** Only reports nobody has signed a disposition for yet. */
  awaitingDisposition: boolean;
}

export const FILTER_KEYS = [
  "status",
  "transportMode",
  "presetId",
  "disposition",
  "severity",
  "startTime",
  "isArchived",
  "companyId",
  "violation",
  "dispositioned",
  ...VIOLATIONS,
];

const DAY_MS = 86_400_000;

/** The zone's offset from UTC at an instant, in ms (positive east of Greenwich). */
function zoneOffsetMs(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant a day begins in a zone. */
export function startOfDayIn(day: Day, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  let instant = utcMidnight - zoneOffsetMs(utcMidnight, timeZone);
  // Across a DST change the offset at the guess differs from the offset at midnight.
  instant = utcMidnight - zoneOffsetMs(instant, timeZone);
  return new Date(instant);
}

/** The day an instant falls on in a zone. */
export function dayIn(instant: string | number | Date, timeZone: string): Day {
  const at = new Date(instant).getTime();
  return new Date(at + zoneOffsetMs(at, timeZone)).toISOString().slice(0, 10);
}

function itemsOf(filters: readonly Filter[], key: string): string[] {
  const filter = filters.find((f) => f.key === key);
  if (!filter) return [];
  return filter.operator === "includes" ? listItems(filter) : [filter.value];
}

export function toValues(filters: readonly Filter[], timeZone: string): FilterValues {
  const from = filters.find((f) => f.key === "startTime" && f.operator === "gte");
  const before = filters.find((f) => f.key === "startTime" && f.operator === "lt");
  return {
    status: itemsOf(filters, "status"),
    transportMode: itemsOf(filters, "transportMode"),
    presetId: itemsOf(filters, "presetId"),
    disposition: itemsOf(filters, "disposition"),
    severity: itemsOf(filters, "severity"),
    violations: VIOLATIONS.filter((key) => filters.some((f) => f.key === key && f.value === "true")),
    started:
      from && before
        ? { from: dayIn(from.value, timeZone), to: dayIn(Date.parse(before.value) - DAY_MS / 2, timeZone) }
        : null,
    showArchived: !filters.some((f) => f.key === "isArchived" && f.operator === "eq" && f.value === "false"),
    companyId: itemsOf(filters, "companyId"),
    anyViolation: filters.some((f) => f.key === "violation" && f.operator === "eq" && f.value === "true"),
    awaitingDisposition: filters.some((f) => f.key === "dispositioned" && f.operator === "eq" && f.value === "false"),
  };
}

export function toFilters(values: FilterValues, timeZone: string): Filter[] {
  const filters: Filter[] = [];
  if (values.status.length) filters.push(includesFilter("status", values.status));
  if (values.transportMode.length) filters.push(includesFilter("transportMode", values.transportMode));
  if (values.presetId.length) filters.push(includesFilter("presetId", values.presetId));
  const [onlyDisposition] = values.disposition;
  if (values.disposition.length === 1 && onlyDisposition)
    filters.push({ key: "disposition", operator: "eq", value: onlyDisposition });
  else if (values.disposition.length) filters.push(includesFilter("disposition", values.disposition));
  const [onlySeverity] = values.severity;
  if (values.severity.length === 1 && onlySeverity)
    filters.push({ key: "severity", operator: "eq", value: onlySeverity });
  else if (values.severity.length) filters.push(includesFilter("severity", values.severity));
  for (const key of values.violations) filters.push({ key, operator: "eq", value: "true" });
  if (values.started) {
    const start = startOfDayIn(values.started.from, timeZone);
    // The day after the last day, so the whole last day is included whatever its length.
    const next = new Date(Date.parse(`${values.started.to}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
    const end = startOfDayIn(next, timeZone);
    filters.push({ key: "startTime", operator: "gte", value: start.toISOString() });
    filters.push({ key: "startTime", operator: "lt", value: end.toISOString() });
  }
  if (!values.showArchived) filters.push({ key: "isArchived", operator: "eq", value: "false" });
  if (values.companyId.length) filters.push(includesFilter("companyId", values.companyId));
  if (values.anyViolation) filters.push({ key: "violation", operator: "eq", value: "true" });
  if (values.awaitingDisposition) filters.push({ key: "dispositioned", operator: "eq", value: "false" });
  return filters;
}

import { formatDecimal } from "./number-text";
import { roundTo } from "./units";

/**
 * Lane and carrier performance: the rules the server's aggregates and the
 * dashboard's page share. A shipment counts in the month of its planned departure (or of
 * its first label's start when it has none); months are calendar months in UTC, so every
 * caller sees the same buckets whatever their time zone.
 */

export const PERFORMANCE_GROUPS = ["lane", "carrier"] as const;
export type PerformanceGroup = (typeof PERFORMANCE_GROUPS)[number];

export const PERFORMANCE_GROUP_TEXT: Record<PerformanceGroup, string> = { lane: "Lane", carrier: "Carrier" };

/** The longest period one answer covers: three years of months keeps the chart readable and the query bounded. */
const MAX_PERIOD_MONTHS = 36;

/** The measures of a row and of each of its months, in the order the page shows them. */
export const PERFORMANCE_MEASURES = [
  "shipments",
  "alarmShare",
  "outOfRangePer100h",
  "incompleteShare",
  "medianTransitHours",
] as const;
export type PerformanceMeasure = (typeof PERFORMANCE_MEASURES)[number];

export const PERFORMANCE_MEASURE_TEXT: Record<PerformanceMeasure, string> = {
  shipments: "Shipments",
  alarmShare: "Shipments with an alarm",
  outOfRangePer100h: "Time out of range per 100 h",
  incompleteShare: "Shipments with incomplete data",
  medianTransitHours: "Median transit time",
};

/** The measures of one group, or of one group in one month. */
export interface PerformanceFigures {
  shipments: number;
  /** Fraction (0–1) of the shipments any of whose labels had an alarm or a violation; null without shipments. */
  alarmShare: number | null;
  /** Minutes out of the temperature range per 100 hours of logged time; null without logged time. */
  outOfRangePer100h: number | null;
  /** Fraction (0–1) of the shipments any of whose labels' data is incomplete; null without shipments. */
  incompleteShare: number | null;
  /** Hours; null when no shipment has both ends. */
  medianTransitHours: number | null;
}

/** What the database sums per group (and per month) before the rates are taken. */
interface PerformanceTotals {
  shipments: number;
  alarmed: number;
  incomplete: number;
  outOfRangeMinutes: number;
  loggedMinutes: number;
  medianTransitHours: number | null;
}

/** `part` of `total` as a fraction with 4 decimals (0.1234 = 12.34 %); null when there is no total. */
export function shareOf(part: number, total: number): number | null {
  return total > 0 ? roundTo(part / total, 4) : null;
}

/** Minutes out of range per 100 hours logged (6,000 minutes), to 2 decimals; null when nothing was logged. */
export function per100Hours(outOfRangeMinutes: number, loggedMinutes: number): number | null {
  return loggedMinutes > 0 ? roundTo((outOfRangeMinutes / loggedMinutes) * 6000, 2) : null;
}

/** The figures of summed totals. */
function figuresOf(totals: PerformanceTotals): PerformanceFigures {
  return {
    shipments: totals.shipments,
    alarmShare: shareOf(totals.alarmed, totals.shipments),
    outOfRangePer100h: per100Hours(totals.outOfRangeMinutes, totals.loggedMinutes),
    incompleteShare: shareOf(totals.incomplete, totals.shipments),
    medianTransitHours: totals.medianTransitHours === null ? null : roundTo(totals.medianTransitHours, 1),
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Every UTC month the period [from, to) touches, oldest first (`YYYY-MM`). */
export function monthsOf(from: Date | string, to: Date | string): string[] {
  const start = new Date(from);
  const end = new Date(new Date(to).getTime() - 1);
  const months: string[] = [];
  let year = start.getUTCFullYear();
  let month = start.getUTCMonth();
  while (year < end.getUTCFullYear() || (year === end.getUTCFullYear() && month <= end.getUTCMonth())) {
    months.push(`${year}-${pad(month + 1)}`);
    month++;
    if (month === 12) {
      month = 0;
      year++;
    }
  }
  return months;
}

/** `Mar 2026` for `2026-03`: the chart's and the CSV's month label. */
export function monthLabel(month: string): string {
  const [year, number] = month.split("-").map(Number);
  const name = new Date(Date.UTC(year ?? 1970, (number ?? 1) - 1, 1)).toLocaleString("en-US", {
    month: "short",
    timeZone: "UTC",
  });
  return `${name} ${year}`;
}

/** Why the period cannot be answered, or null: `to` after `from`, at most MAX_PERIOD_MONTHS months. */
export function periodError(from: string, to: string): string | null {
  const start = Date.parse(from);
  const end = Date.parse(to);
  if (!(end > start)) return "must be after from";
  if (monthsOf(from, to).length > MAX_PERIOD_MONTHS) return `may cover at most ${MAX_PERIOD_MONTHS} months`;
  return null;
}

/** What a shipment without an origin, destination or carrier is listed as. */
const UNNAMED = "(not set)";

/** A lane's name: `Basel → Rotterdam`. */
export function laneName(origin: string, destination: string): string {
  return `${origin || UNNAMED} → ${destination || UNNAMED}`;
}

/** The name of a row's group: its lane or its carrier. */
export function groupName(row: { origin: string; destination: string; carrier: string }, groupBy: PerformanceGroup) {
  return groupBy === "lane" ? laneName(row.origin, row.destination) : row.carrier || UNNAMED;
}

const SHARES: readonly PerformanceMeasure[] = ["alarmShare", "incompleteShare"];

/** The unit a measure is shown in, on the chart's axis and in the table. */
export const PERFORMANCE_MEASURE_UNIT: Record<PerformanceMeasure, string> = {
  shipments: "",
  alarmShare: "%",
  outOfRangePer100h: "min",
  incompleteShare: "%",
  medianTransitHours: "h",
};

/** A measure's value as drawn and shown: shares in percent, the rest as they are. */
export function shownValue(measure: PerformanceMeasure, value: number | null): number | null {
  if (value === null) return null;
  return SHARES.includes(measure) ? roundTo(value * 100, 1) : value;
}

/** A measure's value for people: `33.3 %`, `400 min`, `24 h`, `3`; `–` without a value. */
export function measureText(measure: PerformanceMeasure, value: number | null, locale?: string): string {
  const shown = shownValue(measure, value);
  if (shown === null) return "–";
  const unit = PERFORMANCE_MEASURE_UNIT[measure];
  const number = formatDecimal(measure === "shipments" ? shown : roundTo(shown, 1), { locale, grouping: true });
  return unit ? `${number} ${unit}` : number;
}

interface CsvSource {
  groupBy: PerformanceGroup;
  rows: ({
    origin: string;
    destination: string;
    carrier: string;
    months: ({ month: string } & PerformanceFigures)[];
  } & PerformanceFigures)[];
}

const CSV_MEASURE_COLUMNS = [
  "shipments",
  "alarm_share_percent",
  "out_of_range_minutes_per_100h",
  "incomplete_share_percent",
  "median_transit_hours",
];

const percentCell = (share: number | null) => (share === null ? null : roundTo(share * 100, 2));

const measureCells = (figures: PerformanceFigures) => [
  figures.shipments,
  percentCell(figures.alarmShare),
  figures.outOfRangePer100h,
  percentCell(figures.incompleteShare),
  figures.medianTransitHours,
];

/**
 * The CSV's cells: a header, then per group one `all` line with the period's figures and
 * one line per month. A lane's origin and destination are separate columns, so a
 * spreadsheet can filter them.
 */
export function performanceCsvRows(answer: CsvSource): (string | number | null)[][] {
  const keys = answer.groupBy === "lane" ? ["origin", "destination"] : ["carrier"];
  const keyCells = (row: CsvSource["rows"][number]) =>
    answer.groupBy === "lane" ? [row.origin, row.destination] : [row.carrier];
  const lines: (string | number | null)[][] = [[...keys, "month", ...CSV_MEASURE_COLUMNS]];
  for (const row of answer.rows) {
    lines.push([...keyCells(row), "all", ...measureCells(row)]);
    for (const month of row.months) lines.push([...keyCells(row), month.month, ...measureCells(month)]);
  }
  return lines;
}

/** One group's totals as summed: `month` null for the whole period. */
export interface GroupTotals extends PerformanceTotals {
  origin: string;
  destination: string;
  carrier: string;
  month: string | null;
}

const NO_SHIPMENTS: PerformanceTotals = {
  shipments: 0,
  alarmed: 0,
  incomplete: 0,
  outOfRangeMinutes: 0,
  loggedMinutes: 0,
  medianTransitHours: null,
};

/**
 * The answer's rows from the summed totals: one per group with its period figures and a
 * figure for every month of the period (a month without shipments has none: 0 shipments,
 * no rates), most shipments first, then by name.
 */
export function performanceRows(totals: readonly GroupTotals[], months: readonly string[]) {
  const groups = new Map<string, { whole: GroupTotals; byMonth: Map<string, GroupTotals> }>();
  const keyOf = (t: GroupTotals) => JSON.stringify([t.origin, t.destination, t.carrier]);
  for (const t of totals) {
    const group = groups.get(keyOf(t)) ?? { whole: { ...t, ...NO_SHIPMENTS, month: null }, byMonth: new Map() };
    if (t.month === null) group.whole = t;
    else group.byMonth.set(t.month, t);
    groups.set(keyOf(t), group);
  }
  return [...groups.values()]
    .map(({ whole, byMonth }) => ({
      origin: whole.origin,
      destination: whole.destination,
      carrier: whole.carrier,
      ...figuresOf(whole),
      months: months.map((month) => ({ month, ...figuresOf(byMonth.get(month) ?? NO_SHIPMENTS) })),
    }))
    .sort(
      (a, b) =>
        b.shipments - a.shipments ||
        a.origin.localeCompare(b.origin) ||
        a.destination.localeCompare(b.destination) ||
        a.carrier.localeCompare(b.carrier),
    );
}

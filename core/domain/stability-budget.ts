import { findExcursions, type Reading, type SeriesClock, type Side } from "./excursions";
import { clockOfReadings, type EvaluationWindow, type PresetThresholds, type SummaryReading } from "./report-summary";
import { roundTo, TEMPERATURE_SYMBOLS, type TemperatureUnit, toTemperatureUnit } from "./units";

/**
 * Stability budgets (docs/domain.md, Products and stability budgets): a product may spend
 * so long above its storage range and so long below it over its whole life. Every shipment
 * of a batch consumes the batch's budget with its time out of the product's range, counted
 * with the verdict's time rule (excursions.ts) at a delay of 0.
 */

export const BUDGET_SIDES = ["above", "below"] as const satisfies readonly Side[];

export interface StorageRange {
  storageMin: number;
  storageMax: number;
}

export interface StabilityBudget extends StorageRange {
  budgetAboveMinutes: number;
  budgetBelowMinutes: number;
}

/** Time out of the product's range, per side, in minutes. */
export interface OutsideMinutes {
  aboveMinutes: number;
  belowMinutes: number;
}

export interface SideUse {
  usedMinutes: number;
  budgetMinutes: number;
  /** Never below 0: an overspent budget has nothing left. */
  remainingMinutes: number;
}

export interface BatchBudgetUse {
  above: SideUse;
  below: SideUse;
  /** Some of a side's budget was spent and nothing of it is left. */
  exhausted: boolean;
}

/** The per-field message when a storage range is upside down, or null. */
export function storageRangeError(range: StorageRange): string | null {
  return range.storageMin < range.storageMax ? null : "The highest storage temperature must be above the lowest";
}

const round = (minutes: number) => Math.round(minutes * 100) / 100;

/**
 * One label's time above and below the product's range: its temperature series (sorted,
 * readings without a value are not part of it) on the report's own clock, as the verdict
 * counts it — an out-of-range reading counts until the next reading or for the label's
 * interval, and limits are in range.
 */
export function labelOutsideMinutes(
  readings: readonly Reading[],
  clock: SeriesClock,
  range: StorageRange,
): OutsideMinutes {
  const analysis = findExcursions(readings, {
    clock,
    lower: range.storageMin,
    upper: range.storageMax,
    alarmDelayMinutes: 0,
    alarmType: "single",
  });
  return { aboveMinutes: round(analysis.timeAboveMinutes), belowMinutes: round(analysis.timeBelowMinutes) };
}

/**
 * A label report's time out of the product's range: its readings inside its evaluation
 * (trim) window, on the clock its verdict uses (its rule's and its label's interval).
 */
export function reportOutsideMinutes(
  report: { preset: PresetThresholds; readings: readonly SummaryReading[]; window?: EvaluationWindow | null },
  range: StorageRange,
): OutsideMinutes {
  const { window } = report;
  const readings = report.readings.filter(
    (r) => (window?.start == null || r.t >= window.start) && (window?.end == null || r.t <= window.end),
  );
  const { clock } = clockOfReadings(readings, report.preset);
  return labelOutsideMinutes(
    readings.map((r) => ({ t: r.t, value: r.temperature })),
    clock,
    range,
  );
}

/**
 * A shipment's time out of range from its labels': the labels travel together, so the
 * product spent the longest any of them saw on each side, not their sum.
 */
export function shipmentOutsideMinutes(labels: readonly OutsideMinutes[]): OutsideMinutes {
  return {
    aboveMinutes: Math.max(0, ...labels.map((l) => l.aboveMinutes)),
    belowMinutes: Math.max(0, ...labels.map((l) => l.belowMinutes)),
  };
}

function sideUse(usedMinutes: number, budgetMinutes: number): SideUse {
  const used = round(usedMinutes);
  return { usedMinutes: used, budgetMinutes, remainingMinutes: round(Math.max(0, budgetMinutes - used)) };
}

/** Some of the side's budget was spent and nothing of it is left: the side is used up. */
export const sideExhausted = (side: SideUse): boolean => side.usedMinutes > 0 && side.usedMinutes >= side.budgetMinutes;

/** A batch's use of its product's budget: the time its shipments spent out of range, added up per side. */
export function batchBudgetUse(budget: StabilityBudget, shipments: readonly OutsideMinutes[]): BatchBudgetUse {
  const above = sideUse(
    shipments.reduce((sum, s) => sum + s.aboveMinutes, 0),
    budget.budgetAboveMinutes,
  );
  const below = sideUse(
    shipments.reduce((sum, s) => sum + s.belowMinutes, 0),
    budget.budgetBelowMinutes,
  );
  return { above, below, exhausted: sideExhausted(above) || sideExhausted(below) };
}

/** Hours as the budget texts write them: whole hours, one decimal below 10 h, minutes below 1 h ("5 min", "2.5 h", "41 h"). */
export function budgetHoursText(minutes: number): string {
  if (minutes > 0 && minutes < 60) return `${Math.round(minutes)} min`;
  const hours = minutes / 60;
  const tenths = Math.round(hours * 10) / 10;
  return hours < 10 && !Number.isInteger(tenths) ? `${tenths.toFixed(1)} h` : `${Math.round(hours)} h`;
}

/** A storage temperature (°C) as the budget texts write it, in the reader's unit: "8 °C", "46.4 °F". */
function limitText(celsius: number, unit: TemperatureUnit): string {
  return `${roundTo(toTemperatureUnit(celsius, unit), 1)} ${TEMPERATURE_SYMBOLS[unit]}`;
}

/** A product's storage range in the reader's unit: "2–8 °C", "35.6–46.4 °F". */
export function storageRangeText(range: StorageRange, unit: TemperatureUnit = "celsius"): string {
  return `${roundTo(toTemperatureUnit(range.storageMin, unit), 1)}–${limitText(range.storageMax, unit)}`;
}

/** The side's limit as people read it, in their unit: "above 8 °C", "below 35.6 °F". */
export function budgetSideLimitText(side: Side, range: StorageRange, unit: TemperatureUnit = "celsius"): string {
  return side === "above" ? `above ${limitText(range.storageMax, unit)}` : `below ${limitText(range.storageMin, unit)}`;
}

/** What is left of a side's budget: "41 h of 72 h left above 8 °C" ("… above 46.4 °F" in °F). */
export function budgetLeftText(
  side: Side,
  use: SideUse,
  range: StorageRange,
  unit: TemperatureUnit = "celsius",
): string {
  return `${budgetHoursText(use.remainingMinutes)} of ${budgetHoursText(use.budgetMinutes)} left ${budgetSideLimitText(side, range, unit)}`;
}

/** What was used of a side's budget, for audit entries (stored, so in °C): "10 h → 12 h above 8 °C". */
export function budgetUsedChangeText(side: Side, before: number, after: number, range: StorageRange): string {
  return `${budgetHoursText(before)} → ${budgetHoursText(after)} ${budgetSideLimitText(side, range)}`;
}

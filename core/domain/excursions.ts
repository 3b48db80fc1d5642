/**
 * Excursion detection for one unit (temperature or humidity) of a label report, on the
 * readings as real labels send them (docs/domain.md, "The verdict"):
 *
 * - One series per unit: a reading without this unit's value is not part of its series
 *   and never ends, splits or extends one of its excursions.
 * - Out of range means STRICTLY above the upper or STRICTLY below the lower limit: a
 *   reading exactly at a limit is in range ("2–8 °C" allows 8.0).
 * - An excursion is a maximal run of consecutive out-of-range readings of the unit on
 *   the same side, with no gap between them. Going from above straight to below starts
 *   a new excursion.
 * - Time comes from the readings' times (the series clock below): an out-of-range reading
 *   counts for the time until the unit's next reading; when that next reading is further
 *   than the gap threshold away, or there is none, it counts for the label's interval.
 *   So an excursion lasts from its first reading to the reading that ended it, or to its
 *   last reading plus the label's interval when a gap or the end of the data ended it.
 * - Alarm: 'single' when one excursion lasts at least the delay; 'cumulative' when the
 *   time above plus the time below (one shared budget) reaches the delay. A delay of 0
 *   makes any out-of-range reading a violation. The alarm is first triggered when the
 *   condition is met: single, that excursion's start + the delay; cumulative, the moment
 *   in it when the running total reaches the delay.
 */

export interface Reading {
  /** Epoch milliseconds. */
  t: number;
  value: number | null;
}

export type Side = "above" | "below";
/** single: one excursion longer than the alarm delay; cumulative: their durations added up. */
export const ALARM_TYPES = ["single", "cumulative"] as const;
type AlarmType = (typeof ALARM_TYPES)[number];

/**
 * How a report's readings are turned into time: the gap threshold (a longer silence
 * between two readings of a unit is offline time) and what the last reading before a gap,
 * or of the series, counts for (the label's own logging interval).
 */
export interface SeriesClock {
  gapMs: number;
  tailMs: number;
}

export interface ExcursionRule {
  clock: SeriesClock;
  /** null: no lower limit. */
  lower: number | null;
  /** null: no upper limit. */
  upper: number | null;
  alarmDelayMinutes: number;
  alarmType: AlarmType;
}

export interface Excursion {
  /** Epoch ms of the first out-of-range reading. */
  start: number;
  /** Epoch ms of the last out-of-range reading. */
  end: number;
  /**
   * Epoch ms of the unit's reading that ended the excursion (in range, or on the other
   * side) when it came within the gap threshold; null when a gap or the end of the data
   * ended it (its last reading then counts for the label's interval).
   */
  until: number | null;
  side: Side;
  readings: number;
  durationMinutes: number;
  /** The farthest value from the limit: the maximum above, the minimum below. */
  peak: number;
}

export interface ExcursionAnalysis {
  excursions: Excursion[];
  count: number;
  timeAboveMinutes: number;
  timeBelowMinutes: number;
  longestExcursionMinutes: number;
  /** Epoch ms at which the alarm condition was first met, else null. */
  firstTriggered: number | null;
  /** Epoch ms of the first reading of the excursion that met it, else null. */
  triggeringExcursionStart: number | null;
  violation: boolean;
}

export interface Gap {
  /** Epoch ms of the last reading before the gap. */
  start: number;
  /** Epoch ms of the first reading after it. */
  end: number;
}

const MINUTE_MS = 60_000;

/** A silence longer than this many of the label's (or the rule's, if larger) intervals is a gap. */
const GAP_INTERVALS = 2;

/**
 * The clock of a report: the gap threshold is GAP_INTERVALS × the larger of the rule's
 * interval and the label's real one; the tail is the label's real interval (the rule's
 * while the label has not logged two readings).
 */
export function seriesClock(ruleIntervalMinutes: number, labelIntervalMs: number | null): SeriesClock {
  const ruleMs = Math.max(1, ruleIntervalMinutes) * MINUTE_MS;
  const labelMs = labelIntervalMs !== null && labelIntervalMs > 0 ? labelIntervalMs : ruleMs;
  return { gapMs: GAP_INTERVALS * Math.max(ruleMs, labelMs), tailMs: labelMs };
}

/** Which side of the band a value falls on, or null when it is in range (limits included). */
export function outOfRangeSide(value: number, lower: number | null, upper: number | null): Side | null {
  if (upper !== null && value > upper) return "above";
  if (lower !== null && value < lower) return "below";
  return null;
}

export const usable = (value: number | null | undefined): value is number =>
  value !== null && value !== undefined && Number.isFinite(value);

/** The time a reading counts for, given the unit's next reading (null: none). */
export function readingSpan(t: number, next: number | null, clock: SeriesClock): number {
  return next !== null && next - t <= clock.gapMs ? next - t : clock.tailMs;
}

/** Sets an excursion's end reason and its duration from it (the one place durations are made). */
function closeExcursion(excursion: Excursion, until: number | null, clock: SeriesClock): void {
  excursion.until = until;
  excursion.durationMinutes = ((until ?? excursion.end + clock.tailMs) - excursion.start) / MINUTE_MS;
}

/**
 * The next step of a unit's excursions: `previousT` is the unit's previous reading (null:
 * none), `value` the new reading's. Extends the open excursion, closes it, or starts one.
 * Shared by the full pass below and the batch fold (summary-fold.ts), so both make the
 * same excursions reading by reading.
 */
export function stepExcursions(
  excursions: Excursion[],
  previousT: number | null,
  t: number,
  value: number,
  rule: ExcursionRule,
): void {
  const { clock } = rule;
  const side = outOfRangeSide(value, rule.lower, rule.upper);
  const last = excursions[excursions.length - 1];
  // The last excursion is open while it ended on the unit's previous reading.
  const open = last !== undefined && previousT !== null && last.end === previousT ? last : null;
  const gap = previousT !== null && t - previousT > clock.gapMs;
  if (open && !gap && side === open.side) {
    open.end = t;
    open.readings += 1;
    open.peak = side === "above" ? Math.max(open.peak, value) : Math.min(open.peak, value);
    closeExcursion(open, null, clock);
    return;
  }
  if (open && !gap) closeExcursion(open, t, clock);
  if (side === null) return;
  const excursion: Excursion = { start: t, end: t, until: null, side, readings: 1, durationMinutes: 0, peak: value };
  closeExcursion(excursion, null, clock);
  excursions.push(excursion);
}

/** Readings must be sorted by time; those without a value are not part of the series. */
export function findExcursions(readings: readonly Reading[], rule: ExcursionRule): ExcursionAnalysis {
  const excursions: Excursion[] = [];
  let previous: number | null = null;
  for (const { t, value } of readings) {
    if (!usable(value)) continue;
    stepExcursions(excursions, previous, t, value, rule);
    previous = t;
  }
  return analyseExcursions(excursions, rule);
}

/**
 * The totals and the alarm of a unit from its excursions (sorted by start): what
 * findExcursions answers, also for an excursion list kept up to date batch by batch
 * (summary-fold.ts).
 */
export function analyseExcursions(excursions: readonly Excursion[], rule: ExcursionRule): ExcursionAnalysis {
  let timeAboveMinutes = 0;
  let timeBelowMinutes = 0;
  let longestExcursionMinutes = 0;
  for (const e of excursions) {
    if (e.side === "above") timeAboveMinutes += e.durationMinutes;
    else timeBelowMinutes += e.durationMinutes;
    longestExcursionMinutes = Math.max(longestExcursionMinutes, e.durationMinutes);
  }

  const trigger = triggeringExcursion(excursions, rule);
  return {
    excursions: [...excursions],
    count: excursions.length,
    timeAboveMinutes,
    timeBelowMinutes,
    longestExcursionMinutes,
    firstTriggered: trigger ? trigger.at : null,
    triggeringExcursionStart: trigger ? trigger.excursion.start : null,
    violation: trigger !== null,
  };
}

/**
 * The excursion at which the alarm condition first holds, walking in time order, and the
 * moment it does (epoch ms): the time out of range grows continuously from an excursion's
 * start, on the readings' own clock.
 */
function triggeringExcursion(
  excursions: readonly Excursion[],
  rule: ExcursionRule,
): { excursion: Excursion; at: number } | null {
  const delay = Math.max(0, rule.alarmDelayMinutes);
  if (rule.alarmType === "single") {
    const excursion = excursions.find((e) => e.durationMinutes >= delay);
    return excursion ? { excursion, at: excursion.start + delay * MINUTE_MS } : null;
  }
  // Cumulative: above and below draw on one budget that never resets.
  let total = 0;
  for (const excursion of excursions) {
    if (total + excursion.durationMinutes >= delay)
      return { excursion, at: excursion.start + (delay - total) * MINUTE_MS };
    total += excursion.durationMinutes;
  }
  return null;
}

/**
 * Periods with no reading longer than the gap threshold: from the last reading before
 * the gap to the first one after it. Readings must be sorted by time; those without a
 * value are passed over.
 */
export function findGaps(readings: readonly Reading[], clock: SeriesClock): Gap[] {
  const gaps: Gap[] = [];
  let lastValid: number | null = null;
  for (const reading of readings) {
    if (!usable(reading.value)) continue;
    if (lastValid !== null && reading.t - lastValid > clock.gapMs) gaps.push({ start: lastValid, end: reading.t });
    lastValid = reading.t;
  }
  return gaps;
}

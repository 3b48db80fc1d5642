/**
 * Excursion detection for one channel (temperature or humidity) of a label report,
 * following the usual logger conventions (docs/domain.md section 1c):
 *
 * - Out of range means STRICTLY above the upper or STRICTLY below the lower limit:
 *   a reading exactly at a limit is in range. Limits are written as the allowed band
 *   ("2–8 °C"), so 8.0 is allowed; the choice is printed with the report.
 * - An excursion (an "event") is a maximal run of consecutive out-of-range readings on
 *   the same side. Going from above straight to below starts a new excursion.
 * - A gap ends a run: two consecutive readings more than two intervals apart, or a
 *   reading without a value. Offline time is never counted, in range or out of range.
 * - Duration = number of out-of-range readings × logging interval, because each
 *   reading stands for one interval (TempSen "violation duration", Controlant).
 * - Alarm: 'single' when one excursion lasts at least the delay; 'cumulative' when the
 *   time above plus the time below (one shared budget) reaches the delay. A delay of 0
 *   makes any out-of-range reading a violation.
 * - The alarm is first triggered when the condition is met, not when the excursion that
 *   met it began: single, that excursion's start + the delay; cumulative, the moment in
 *   it when the running total reaches the delay. Both times are kept.
 */

export interface Reading {
  /** Epoch milliseconds. */
  t: number;
  value: number | null;
}

export type Side = "above" | "below";
export type AlarmType = "single" | "cumulative";

export interface ExcursionRule {
  intervalMinutes: number;
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

/** How many intervals may separate two readings before the label counts as offline. */
export const GAP_INTERVALS = 2;

/** Which side of the band a value falls on, or null when it is in range (limits included). */
export function outOfRangeSide(value: number, lower: number | null, upper: number | null): Side | null {
  if (upper !== null && value > upper) return "above";
  if (lower !== null && value < lower) return "below";
  return null;
}

export function isGap(previous: Reading | undefined, current: Reading, intervalMinutes: number): boolean {
  return previous !== undefined && current.t - previous.t > GAP_INTERVALS * intervalMinutes * MINUTE_MS;
}

/** Readings must be sorted by time. */
export function findExcursions(readings: readonly Reading[], rule: ExcursionRule): ExcursionAnalysis {
  const { intervalMinutes, lower, upper } = rule;
  const excursions: Excursion[] = [];
  let run: Excursion | null = null;

  let previous: Reading | undefined;
  for (const reading of readings) {
    if (isGap(previous, reading, intervalMinutes)) run = closeRun(excursions, run);
    previous = reading;
    const value = reading.value;
    const side = value !== null && Number.isFinite(value) ? outOfRangeSide(value, lower, upper) : null;
    if (value === null || side === null) {
      // A missing value ends a run like an in-range reading does, but counts as neither.
      run = closeRun(excursions, run);
    } else if (run && run.side === side) {
      run.end = reading.t;
      run.readings += 1;
      run.durationMinutes += intervalMinutes;
      run.peak = side === "above" ? Math.max(run.peak, value) : Math.min(run.peak, value);
    } else {
      closeRun(excursions, run);
      run = { start: reading.t, end: reading.t, side, readings: 1, durationMinutes: intervalMinutes, peak: value };
    }
  }
  closeRun(excursions, run);
  return analyseExcursions(excursions, rule);
}

/**
 * The totals and the alarm of a channel from its excursions (sorted by start): what
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

function closeRun(excursions: Excursion[], run: Excursion | null): null {
  if (run) excursions.push(run);
  return null;
}

/**
 * The excursion at which the alarm condition first holds, walking in time order, and the
 * moment it does (epoch ms). Each reading stands for one interval, so the time out of
 * range grows continuously from an excursion's start.
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
 * Periods with no usable reading longer than two intervals: from the last reading with
 * a value before the gap to the first one after it. Readings must be sorted by time.
 */
export function findGaps(readings: readonly Reading[], intervalMinutes: number): Gap[] {
  const gaps: Gap[] = [];
  const limit = GAP_INTERVALS * intervalMinutes * MINUTE_MS;
  let lastValid: number | null = null;
  for (const reading of readings) {
    if (reading.value === null || !Number.isFinite(reading.value)) continue;
    if (lastValid !== null && reading.t - lastValid > limit) gaps.push({ start: lastValid, end: reading.t });
    lastValid = reading.t;
  }
  return gaps;
}

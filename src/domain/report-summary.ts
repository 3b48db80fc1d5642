import { type AlarmType, findExcursions, findGaps, outOfRangeSide, type Reading } from "./excursions";
import type { LabelStatus } from "./resources";
import { describeSeries, type Extreme, meanKineticTemperatureOf } from "./statistics";
import { roundTo } from "./units";

/**
 * The verdict and statistics of one label report, per unit (the summary cards of
 * spec section 3 and the report's status and statistics blocks). Stored as JSON on the
 * report, with the per-unit verdicts copied into columns for the list's filters.
 * Recomputed whenever the readings or the evaluation (trim) window change.
 */

/** The thresholds of a label preset; a label_presets row fits as is. */
export interface PresetThresholds {
  temperatureEnabled: boolean;
  temperatureMin: number | null;
  temperatureMax: number | null;
  humidityEnabled: boolean;
  humidityMin: number | null;
  humidityMax: number | null;
  shockEnabled: boolean;
  shockThresholdG: number | null;
  alarmDelayMinutes: number;
  alarmType: AlarmType;
  intervalMinutes: number;
  batteryWarningLevel: number;
}

export interface SummaryReading {
  /** Epoch ms. */
  t: number;
  temperature: number | null;
  humidity: number | null;
  /** Percent. */
  battery: number | null;
}

export interface SummaryShockEvent {
  /** Epoch ms. */
  t: number;
  magnitudeG: number;
}

export interface EvaluationWindow {
  /** Epoch ms; null or absent: from the first reading. */
  start?: number | null;
  /** Epoch ms; null or absent: to the last reading. */
  end?: number | null;
}

export interface ReportSummaryInput {
  preset: PresetThresholds;
  /** Sorted by time. */
  readings: readonly SummaryReading[];
  shockEvents?: readonly SummaryShockEvent[];
  status: LabelStatus;
  /** The trim window: only readings and events inside it (bounds included) count. */
  window?: EvaluationWindow | null;
}

export type SummaryState = "success" | "warning" | "error";

export interface SummaryExtreme {
  value: number;
  /** ISO 8601. */
  t: string;
}

export interface ChannelSummary {
  /** Whether the preset measures this unit; false shows 'N.a.'. */
  measured: boolean;
  violation: boolean;
  state: SummaryState;
  excursionCount: number;
  timeAboveMinutes: number;
  timeBelowMinutes: number;
  longestExcursionMinutes: number;
  /** ISO 8601 time the alarm condition was first met (its excursion's start + the delay). */
  firstTriggered: string | null;
  /**
   * ISO 8601 time of the first reading of the excursion that raised the alarm. Absent from
   * summaries stored before issue #17, whose firstTriggered was this time.
   */
  triggeringExcursionStart?: string | null;
  min: SummaryExtreme | null;
  max: SummaryExtreme | null;
  average: number | null;
  /** Mean kinetic temperature in °C; temperature only, null for humidity. */
  mkt: number | null;
}

export interface ShockSummary {
  measured: boolean;
  violation: boolean;
  state: SummaryState;
  /** Events strictly above the threshold. */
  eventCount: number;
  maxG: number | null;
}

export interface BatterySummary {
  measured: boolean;
  /** The last reading's level, in percent. */
  level: number | null;
  /** level <= the preset's warning level. */
  low: boolean;
  state: SummaryState;
}

export interface LabelSummary {
  status: LabelStatus;
  state: SummaryState;
}

export interface ReportSummary {
  temperature: ChannelSummary;
  humidity: ChannelSummary;
  shock: ShockSummary;
  battery: BatterySummary;
  label: LabelSummary;
  /** The worst state over all units: the report's OK/ALARM verdict. */
  overall: { violation: boolean; state: SummaryState };
  /** Offline periods (ISO 8601), never counted as in or out of range. */
  gaps: { start: string; end: string }[];
  /** Readings inside the window. */
  readingCount: number;
  /** The evaluation window (ISO 8601); null bounds when there is nothing to evaluate. */
  window: { start: string | null; end: string | null };
}

/** The denormalised verdict columns of label_reports. */
export interface ViolationColumns {
  temperatureViolation: boolean;
  humidityViolation: boolean;
  shockViolation: boolean;
  batteryLow: boolean;
}

/** Statistics are stored rounded: readings are float4 and the extra digits are noise. */
const DECIMALS = 2;

const iso = (t: number) => new Date(t).toISOString();

const STATE_RANK: Record<SummaryState, number> = { success: 0, warning: 1, error: 2 };

function worst(states: readonly SummaryState[]): SummaryState {
  return states.reduce<SummaryState>((a, b) => (STATE_RANK[b] > STATE_RANK[a] ? b : a), "success");
}

function stateOf(violation: boolean, hasOutOfRange: boolean): SummaryState {
  if (violation) return "error";
  return hasOutOfRange ? "warning" : "success";
}

function extreme(e: Extreme | null): SummaryExtreme | null {
  return e ? { value: roundTo(e.value, DECIMALS), t: iso(e.t) } : null;
}

function roundOrNull(value: number | null): number | null {
  return value === null ? null : roundTo(value, DECIMALS);
}

function inside(t: number, window: EvaluationWindow | null | undefined): boolean {
  if (!window) return true;
  if (window.start != null && t < window.start) return false;
  if (window.end != null && t > window.end) return false;
  return true;
}

const notMeasured = (): ChannelSummary => ({
  measured: false,
  violation: false,
  state: "success",
  excursionCount: 0,
  timeAboveMinutes: 0,
  timeBelowMinutes: 0,
  longestExcursionMinutes: 0,
  firstTriggered: null,
  triggeringExcursionStart: null,
  min: null,
  max: null,
  average: null,
  mkt: null,
});

function summariseChannel(
  readings: readonly Reading[],
  preset: PresetThresholds,
  lower: number | null,
  upper: number | null,
  withMkt: boolean,
): ChannelSummary {
  const analysis = findExcursions(readings, {
    intervalMinutes: preset.intervalMinutes,
    lower,
    upper,
    alarmDelayMinutes: preset.alarmDelayMinutes,
    alarmType: preset.alarmType,
  });
  const stats = describeSeries(readings);
  return {
    measured: true,
    violation: analysis.violation,
    state: stateOf(analysis.violation, analysis.count > 0),
    excursionCount: analysis.count,
    timeAboveMinutes: analysis.timeAboveMinutes,
    timeBelowMinutes: analysis.timeBelowMinutes,
    longestExcursionMinutes: analysis.longestExcursionMinutes,
    firstTriggered: analysis.firstTriggered === null ? null : iso(analysis.firstTriggered),
    triggeringExcursionStart:
      analysis.triggeringExcursionStart === null ? null : iso(analysis.triggeringExcursionStart),
    min: extreme(stats.min),
    max: extreme(stats.max),
    average: roundOrNull(stats.average),
    mkt: withMkt ? roundOrNull(meanKineticTemperatureOf(readings)) : null,
  };
}

/** A status that did not run its course is worth a look, never an alarm by itself. */
const LABEL_STATES: Record<LabelStatus, SummaryState> = {
  notStarted: "warning",
  recording: "success",
  stopped: "warning",
  ended: "success",
};

export function summariseReport(input: ReportSummaryInput): ReportSummary {
  const { preset, status, window } = input;
  const readings = input.readings.filter((r) => inside(r.t, window));
  const shockEvents = (input.shockEvents ?? []).filter((e) => inside(e.t, window));

  const temperature = preset.temperatureEnabled
    ? summariseChannel(
        readings.map((r) => ({ t: r.t, value: r.temperature })),
        preset,
        preset.temperatureMin,
        preset.temperatureMax,
        true,
      )
    : notMeasured();
  const humidity = preset.humidityEnabled
    ? summariseChannel(
        readings.map((r) => ({ t: r.t, value: r.humidity })),
        preset,
        preset.humidityMin,
        preset.humidityMax,
        false,
      )
    : notMeasured();

  // Shocks are events, not a series: every event above the threshold is a violation.
  const threshold = preset.shockThresholdG;
  const eventCount =
    preset.shockEnabled && threshold !== null
      ? shockEvents.filter((e) => outOfRangeSide(e.magnitudeG, null, threshold) === "above").length
      : 0;
  const maxG = shockEvents.reduce<number | null>((m, e) => (m === null || e.magnitudeG > m ? e.magnitudeG : m), null);
  const shock: ShockSummary = preset.shockEnabled
    ? {
        measured: true,
        violation: eventCount > 0,
        state: eventCount > 0 ? "error" : "success",
        eventCount,
        maxG: roundOrNull(maxG),
      }
    : { measured: false, violation: false, state: "success", eventCount: 0, maxG: null };

  let level: number | null = null;
  for (const r of readings) if (r.battery !== null && Number.isFinite(r.battery)) level = r.battery;
  const low = level !== null && level <= preset.batteryWarningLevel;
  const battery: BatterySummary = {
    measured: level !== null,
    level: roundOrNull(level),
    low,
    state: low ? "warning" : "success",
  };

  const label: LabelSummary = { status, state: LABEL_STATES[status] };

  // A row counts as present when it carries any value; a row of nulls is the label offline.
  const presence: Reading[] = readings.map((r) => ({ t: r.t, value: r.temperature ?? r.humidity ?? r.battery }));
  const gaps = findGaps(presence, preset.intervalMinutes).map((g) => ({ start: iso(g.start), end: iso(g.end) }));

  const first = readings[0];
  const last = readings[readings.length - 1];
  const start = window?.start ?? first?.t ?? null;
  const end = window?.end ?? last?.t ?? null;

  const violation = temperature.violation || humidity.violation || shock.violation;
  return {
    temperature,
    humidity,
    shock,
    battery,
    label,
    overall: {
      violation,
      state: worst([temperature.state, humidity.state, shock.state, battery.state, label.state]),
    },
    gaps,
    readingCount: readings.length,
    window: { start: start === null ? null : iso(start), end: end === null ? null : iso(end) },
  };
}

export function violationColumns(summary: ReportSummary): ViolationColumns {
  return {
    temperatureViolation: summary.temperature.violation,
    humidityViolation: summary.humidity.violation,
    shockViolation: summary.shock.violation,
    batteryLow: summary.battery.low,
  };
}

import {
  type AlarmType,
  type ExcursionAnalysis,
  type ExcursionRule,
  findExcursions,
  findGaps,
  type Gap,
  outOfRangeSide,
  type Reading,
} from "./excursions";
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

/** What a channel's verdict and statistics are made of, however they were computed. */
export interface ChannelFacts {
  analysis: Omit<ExcursionAnalysis, "excursions">;
  min: Extreme | null;
  max: Extreme | null;
  average: number | null;
  /** °C; only read for temperature. */
  mkt: number | null;
}

/**
 * Everything the summary is made of: computed from all readings by summariseReport, or
 * kept up to date batch by batch by summary-fold.ts. Both end in assembleSummary, so the
 * verdict rules live once.
 */
export interface SummaryFacts {
  temperature: ChannelFacts;
  humidity: ChannelFacts;
  /** Shock events in the window strictly above the threshold. */
  shocksAbove: number;
  shockMaxG: number | null;
  /** The last battery level in the window. */
  batteryLevel: number | null;
  gaps: readonly Gap[];
  /** Readings in the window, and the first and last one's time (epoch ms). */
  readingCount: number;
  first: number | null;
  last: number | null;
}

function channelSummary(facts: ChannelFacts, withMkt: boolean): ChannelSummary {
  const { analysis } = facts;
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
    min: extreme(facts.min),
    max: extreme(facts.max),
    average: roundOrNull(facts.average),
    mkt: withMkt ? roundOrNull(facts.mkt) : null,
  };
}

/** The excursion rule of one channel of a preset. */
export function channelRule(preset: PresetThresholds, channel: "temperature" | "humidity"): ExcursionRule {
  const enabled = channel === "temperature" ? preset.temperatureEnabled : preset.humidityEnabled;
  return {
    intervalMinutes: preset.intervalMinutes,
    lower: enabled ? (channel === "temperature" ? preset.temperatureMin : preset.humidityMin) : null,
    upper: enabled ? (channel === "temperature" ? preset.temperatureMax : preset.humidityMax) : null,
    alarmDelayMinutes: preset.alarmDelayMinutes,
    alarmType: preset.alarmType,
  };
}

function channelFacts(readings: readonly Reading[], rule: ExcursionRule, withMkt: boolean): ChannelFacts {
  const stats = describeSeries(readings);
  return {
    analysis: findExcursions(readings, rule),
    min: stats.min,
    max: stats.max,
    average: stats.average,
    mkt: withMkt ? meanKineticTemperatureOf(readings) : null,
  };
}

/** A status that did not run its course is worth a look, never an alarm by itself. */
const LABEL_STATES: Record<LabelStatus, SummaryState> = {
  notStarted: "warning",
  recording: "success",
  stopped: "warning",
  ended: "success",
};

/** Whether a time is inside the evaluation (trim) window, bounds included. */
export function inside(t: number, window: EvaluationWindow | null | undefined): boolean {
  if (!window) return true;
  if (window.start != null && t < window.start) return false;
  if (window.end != null && t > window.end) return false;
  return true;
}

export function summariseReport(input: ReportSummaryInput): ReportSummary {
  const { preset, window } = input;
  const readings = input.readings.filter((r) => inside(r.t, window));
  const shockEvents = (input.shockEvents ?? []).filter((e) => inside(e.t, window));

  const threshold = preset.shockThresholdG;
  const shocksAbove =
    threshold === null
      ? 0
      : shockEvents.filter((e) => outOfRangeSide(e.magnitudeG, null, threshold) === "above").length;
  const shockMaxG = shockEvents.reduce<number | null>(
    (m, e) => (m === null || e.magnitudeG > m ? e.magnitudeG : m),
    null,
  );
  let batteryLevel: number | null = null;
  for (const r of readings) if (r.battery !== null && Number.isFinite(r.battery)) batteryLevel = r.battery;

  // A row counts as present when it carries any value; a row of nulls is the label offline.
  const presence: Reading[] = readings.map((r) => ({ t: r.t, value: r.temperature ?? r.humidity ?? r.battery }));
  return assembleSummary(
    {
      temperature: channelFacts(
        readings.map((r) => ({ t: r.t, value: r.temperature })),
        channelRule(preset, "temperature"),
        true,
      ),
      humidity: channelFacts(
        readings.map((r) => ({ t: r.t, value: r.humidity })),
        channelRule(preset, "humidity"),
        false,
      ),
      shocksAbove,
      shockMaxG,
      batteryLevel,
      gaps: findGaps(presence, preset.intervalMinutes),
      readingCount: readings.length,
      first: readings[0]?.t ?? null,
      last: readings[readings.length - 1]?.t ?? null,
    },
    input,
  );
}

export function assembleSummary(
  facts: SummaryFacts,
  { preset, status, window }: Pick<ReportSummaryInput, "preset" | "status" | "window">,
): ReportSummary {
  const temperature = preset.temperatureEnabled ? channelSummary(facts.temperature, true) : notMeasured();
  const humidity = preset.humidityEnabled ? channelSummary(facts.humidity, false) : notMeasured();

  // Shocks are events, not a series: every event above the threshold is a violation.
  const eventCount = preset.shockEnabled && preset.shockThresholdG !== null ? facts.shocksAbove : 0;
  const shock: ShockSummary = preset.shockEnabled
    ? {
        measured: true,
        violation: eventCount > 0,
        state: eventCount > 0 ? "error" : "success",
        eventCount,
        maxG: roundOrNull(facts.shockMaxG),
      }
    : { measured: false, violation: false, state: "success", eventCount: 0, maxG: null };

  const level = facts.batteryLevel;
  const low = level !== null && level <= preset.batteryWarningLevel;
  const battery: BatterySummary = {
    measured: level !== null,
    level: roundOrNull(level),
    low,
    state: low ? "warning" : "success",
  };

  const label: LabelSummary = { status, state: LABEL_STATES[status] };
  const gaps = facts.gaps.map((g) => ({ start: iso(g.start), end: iso(g.end) }));
  const start = window?.start ?? facts.first;
  const end = window?.end ?? facts.last;

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
    readingCount: facts.readingCount,
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

import {
  type Excursion,
  type ExcursionAnalysis,
  type ExcursionRule,
  findExcursions,
  findGaps,
  type Gap,
  type Reading,
  readingSpan,
  type SeriesClock,
  seriesClock,
  usable,
} from "./excursions";
import type { PresetSettings } from "./label-preset";
import {
  type BandSeverity,
  type BandUnit,
  bandRule,
  explicitBands,
  isViolationSeverity,
  type LimitBand,
  sortBands,
  worstSeverity,
} from "./limit-bands";
import { countSpacings, intervalMismatch, medianSpacingMs, type SpacingHistogram } from "./logging-interval";
import type { LabelStatus } from "./resources";
import { describeSeries, type Extreme, meanKineticTemperatureOf } from "./statistics";
import { roundTo } from "./units";

/**
 * The verdict and statistics of one label report, per unit (the summary cards of
 * the report overlay, its status and statistics blocks), and the completeness
 * of its data. Stored as JSON on the report, with the per-unit verdicts copied into
 * columns for the list's filters. Recomputed whenever the readings or the evaluation
 * (trim) window change.
 */

/** How long a gap or a silence may last before a report's data is incomplete, unless its rule says. */
export const DEFAULT_MAX_GAP_MINUTES = 60;

/** The thresholds of a label preset; a label_presets row fits as is. */
/** The settings the verdict maths take: all but the start delay, which only the label uses. */
export type PresetThresholds = Omit<PresetSettings, "startDelayMinutes" | "temperatureBands" | "humidityBands"> & {
  /** A gap or silence longer than this makes the data incomplete (the company's setting, frozen with the rule). */
  maxGapMinutes?: number;
  /** A unit's own limit bands; absent: judged by its min and max alone, as before bands. */
  temperatureBands?: LimitBand[] | null;
  humidityBands?: LimitBand[] | null;
};

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
  /** Epoch ms; null or absent: to the last reading (or the end of a stopped or ended label). */
  end?: number | null;
}

/** What the summary needs to know of the report besides its readings. */
export interface SummaryContext {
  preset: PresetThresholds;
  status: LabelStatus;
  /** The trim window: only readings and events inside it (bounds included) count. */
  window?: EvaluationWindow | null;
  /** Epoch ms the label was stopped or ended (its silence at the end runs to it); null while it records. */
  endTime?: number | null;
}

export interface ReportSummaryInput extends SummaryContext {
  /** Sorted by time. */
  readings: readonly SummaryReading[];
  shockEvents?: readonly SummaryShockEvent[];
}

export type SummaryState = "success" | "warning" | "error";

/** One limit band of a unit, as the summary lists it. */
export interface BandSummary extends LimitBand {
  /** Whether the band's delay was met: its severity was reached. */
  reached: boolean;
  /** Time beyond the band's limit, in minutes. */
  timeBeyondMinutes: number;
  excursionCount: number;
  /** ISO 8601 time the band was first reached (its delay met), else null. */
  firstTriggered: string | null;
}

interface SummaryExtreme {
  value: number;
  /** ISO 8601. */
  t: string;
}

export interface ChannelSummary {
  /** Whether the preset measures this unit; false shows 'N.a.'. */
  measured: boolean;
  /** Readings of this unit in the window; none shows 'N.a.' (no data is never 'No violation'). */
  readingCount?: number;
  violation: boolean;
  state: SummaryState;
  excursionCount: number;
  timeAboveMinutes: number;
  timeBelowMinutes: number;
  longestExcursionMinutes: number;
  /** ISO 8601 time the alarm condition was first met (its excursion's start + the delay). */
  firstTriggered: string | null;
  /** ISO 8601 time of the first reading of the excursion that raised the alarm. */
  triggeringExcursionStart?: string | null;
  min: SummaryExtreme | null;
  max: SummaryExtreme | null;
  average: number | null;
  /** Mean kinetic temperature in °C; temperature only, null for humidity. */
  mkt: number | null;
  /**
   * The unit's own limit bands (limit-bands.ts), in the rule's order; absent when the rule
   * sets none and the unit is judged by its min and max alone, as before bands.
   */
  bands?: BandSummary[];
  /** The worst severity of the bands reached (null: none); absent without own bands. */
  severity?: BandSeverity | null;
}

interface ShockSummary {
  measured: boolean;
  violation: boolean;
  state: SummaryState;
  /** Events at or above the threshold. */
  eventCount: number;
  maxG: number | null;
}

interface BatterySummary {
  measured: boolean;
  /** The last reading's level, in percent. */
  level: number | null;
  /** level <= the preset's warning level. */
  low: boolean;
  state: SummaryState;
}

interface LabelSummary {
  status: LabelStatus;
  state: SummaryState;
}

/** A period without readings (ISO 8601) and its length. */
export interface SilentPeriod {
  start: string;
  end: string;
  minutes: number;
}

export type CompletenessState = "complete" | "incomplete" | "noData";

/** Whether the readings cover the evaluation window: part of the verdict. */
export interface Completeness {
  /** noData: no temperature or humidity reading; incomplete: a gap or silence longer than thresholdMinutes. */
  state: CompletenessState;
  thresholdMinutes: number;
  /** Percent of the evaluation window covered by readings, per measured unit (null: not measured). */
  coverage: { temperature: number | null; humidity: number | null };
  /** From the window's set start to the first reading, when longer than the gap threshold. */
  silenceStart: SilentPeriod | null;
  /** From the last reading to the label's end (or the window's set end), when longer than the gap threshold. */
  silenceEnd: SilentPeriod | null;
  /** The longest gap or silence, in minutes (0: none). */
  longestSilenceMinutes: number;
  /** The median spacing of the label's readings (null: fewer than two). */
  labelIntervalMinutes: number | null;
  ruleIntervalMinutes: number;
  /** The label's interval is more than 20 % away from the rule's. */
  intervalMismatch: boolean;
  /** Readings further apart than this are a gap. */
  gapThresholdMinutes: number;
}

/** The report's verdict in one word: a violation first, then missing data; "ok" may still carry warnings. */
export const OVERALL_VERDICTS = ["violation", "noData", "incomplete", "ok"] as const;
export type OverallVerdict = (typeof OVERALL_VERDICTS)[number];

export interface ReportSummary {
  temperature: ChannelSummary;
  humidity: ChannelSummary;
  shock: ShockSummary;
  battery: BatterySummary;
  label: LabelSummary;
  /** The worst state over all units and the data's completeness: the report's verdict. */
  overall: {
    violation: boolean;
    state: SummaryState;
    verdict?: OverallVerdict;
    /** The worst severity reached over the units (null: none); absent when no unit has bands of its own. */
    severity?: BandSeverity | null;
  };
  /** Offline periods inside the data (ISO 8601), never counted as in or out of range. */
  gaps: { start: string; end: string; minutes?: number }[];
  completeness?: Completeness;
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
  dataIncomplete: boolean;
  /** The worst band severity reached (null: none): the list's severity filter. */
  worstSeverity: BandSeverity | null;
}

/** Statistics are stored rounded: readings are float4 and the extra digits are noise. */
const DECIMALS = 2;
const MINUTE_MS = 60_000;

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
  readingCount: 0,
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

/** What a unit's verdict, statistics and coverage are made of, however they were computed. */
export interface ChannelFacts {
  analysis: Omit<ExcursionAnalysis, "excursions">;
  /** Readings of the unit. */
  count: number;
  /** The time its readings count for (each until the next, or the label's interval), in ms. */
  coveredMs: number;
  min: Extreme | null;
  max: Extreme | null;
  average: number | null;
  /** °C; only read for temperature. */
  mkt: number | null;
  /** Per band of the unit's own (unitBands' order), its excursions' totals and when it was reached. */
  bands?: Omit<ExcursionAnalysis, "excursions">[];
}

/**
 * Everything the summary is made of: computed from all readings by summariseReport, or
 * kept up to date batch by batch by summary-fold.ts. Both end in assembleSummary, so the
 * verdict rules live once.
 */
export interface SummaryFacts {
  temperature: ChannelFacts;
  humidity: ChannelFacts;
  /** Shock events in the window at or above the threshold. */
  shocksAbove: number;
  shockMaxG: number | null;
  /** The last battery level in the window. */
  batteryLevel: number | null;
  gaps: readonly Gap[];
  /** Readings in the window, and the first and last one's time (epoch ms). */
  readingCount: number;
  first: number | null;
  last: number | null;
  /** The first and last reading with a temperature or humidity (epoch ms). */
  firstPresent: number | null;
  lastPresent: number | null;
  /** The clock the excursions, gaps and coverage were computed with, and the label's interval. */
  clock: SeriesClock;
  labelIntervalMs: number | null;
}

/** A unit's own bands, in the order their analyses are kept (null: none, judged by its min and max). */
export function unitBands(preset: PresetThresholds, unit: BandUnit): LimitBand[] | null {
  const bands = explicitBands(preset, unit);
  return bands ? sortBands(bands) : null;
}

function bandSummaries(bands: readonly LimitBand[], facts: ChannelFacts): BandSummary[] {
  return bands.map((band, i) => {
    const analysis = facts.bands?.[i];
    return {
      ...band,
      reached: analysis?.violation ?? false,
      timeBeyondMinutes: roundTo((analysis?.timeAboveMinutes ?? 0) + (analysis?.timeBelowMinutes ?? 0), DECIMALS),
      excursionCount: analysis?.count ?? 0,
      firstTriggered: analysis?.firstTriggered == null ? null : iso(analysis.firstTriggered),
    };
  });
}

/**
 * A unit's verdict: by its min and max (the default single band per side), or, with bands
 * of its own, by the worst severity reached (alarm and critical are a violation, a warning
 * is worth a look); its alarm is then the first alarm or critical band reached.
 */
function channelVerdict(
  facts: ChannelFacts,
  bands: readonly LimitBand[] | null,
): Pick<ChannelSummary, "violation" | "state" | "firstTriggered" | "triggeringExcursionStart" | "bands" | "severity"> {
  const { analysis } = facts;
  const at = (t: number | null) => (t === null ? null : iso(t));
  if (!bands) {
    return {
      violation: analysis.violation,
      state: stateOf(analysis.violation, analysis.count > 0),
      firstTriggered: at(analysis.firstTriggered),
      triggeringExcursionStart: at(analysis.triggeringExcursionStart),
    };
  }
  const summaries = bandSummaries(bands, facts);
  const severity = worstSeverity(summaries.filter((b) => b.reached).map((b) => b.severity));
  const violation = isViolationSeverity(severity);
  let first: Omit<ExcursionAnalysis, "excursions"> | null = null;
  summaries.forEach((band, i) => {
    const a = facts.bands?.[i];
    if (!a || !band.reached || !isViolationSeverity(band.severity) || a.firstTriggered === null) return;
    if (first === null || (first.firstTriggered ?? 0) > a.firstTriggered) first = a;
  });
  const trigger = first as Omit<ExcursionAnalysis, "excursions"> | null;
  const outside = analysis.count > 0 || summaries.some((b) => b.excursionCount > 0);
  return {
    violation,
    state: violation ? "error" : severity !== null || outside ? "warning" : "success",
    firstTriggered: at(trigger?.firstTriggered ?? null),
    triggeringExcursionStart: at(trigger?.triggeringExcursionStart ?? null),
    bands: summaries,
    severity,
  };
}

function channelSummary(facts: ChannelFacts, withMkt: boolean, bands: readonly LimitBand[] | null): ChannelSummary {
  const { analysis } = facts;
  const { bands: bandList, severity, ...verdict } = channelVerdict(facts, bands);
  return {
    measured: true,
    readingCount: facts.count,
    ...verdict,
    excursionCount: analysis.count,
    timeAboveMinutes: roundTo(analysis.timeAboveMinutes, DECIMALS),
    timeBelowMinutes: roundTo(analysis.timeBelowMinutes, DECIMALS),
    longestExcursionMinutes: roundTo(analysis.longestExcursionMinutes, DECIMALS),
    min: extreme(facts.min),
    max: extreme(facts.max),
    average: roundOrNull(facts.average),
    mkt: withMkt ? roundOrNull(facts.mkt) : null,
    // Absent, not empty, without own bands: such a summary reads as it did before bands.
    ...(bandList ? { bands: bandList, severity: severity ?? null } : {}),
  };
}

/** The excursion rule of one unit of a preset, on a report's clock. */
export function channelRule(
  preset: PresetThresholds,
  channel: "temperature" | "humidity",
  clock: SeriesClock,
): ExcursionRule {
  const enabled = channel === "temperature" ? preset.temperatureEnabled : preset.humidityEnabled;
  return {
    clock,
    lower: enabled ? (channel === "temperature" ? preset.temperatureMin : preset.humidityMin) : null,
    upper: enabled ? (channel === "temperature" ? preset.temperatureMax : preset.humidityMax) : null,
    alarmDelayMinutes: preset.alarmDelayMinutes,
    alarmType: preset.alarmType,
  };
}

/** Whether a reading belongs to the label's logging series (the one its interval and gaps are read from). */
export const presentAt = (r: SummaryReading): boolean => usable(r.temperature) || usable(r.humidity);

/** The time a unit's readings (sorted, values only) count for: each until the next, or the label's interval. */
function coveredMs(times: readonly number[], clock: SeriesClock): number {
  let total = 0;
  for (let i = 0; i < times.length; i++)
    total += readingSpan(times[i] as number, i + 1 < times.length ? (times[i + 1] as number) : null, clock);
  return total;
}

/** The label's interval and the clock of a report, from all its readings (sorted). */
export function clockOfReadings(
  readings: readonly SummaryReading[],
  preset: PresetThresholds,
): { clock: SeriesClock; labelIntervalMs: number | null; spacings: SpacingHistogram } {
  const spacings: SpacingHistogram = {};
  countSpacings(
    spacings,
    readings.filter(presentAt).map((r) => r.t),
    1,
  );
  const labelIntervalMs = medianSpacingMs(spacings);
  return { clock: seriesClock(preset.intervalMinutes, labelIntervalMs), labelIntervalMs, spacings };
}

/** The excursions of one unit of a report's readings (sorted, inside the window), on the report's clock. */
export function excursionsOfReadings(
  readings: readonly SummaryReading[],
  preset: PresetThresholds,
  unit: "temperature" | "humidity",
): Excursion[] {
  const enabled = unit === "temperature" ? preset.temperatureEnabled : preset.humidityEnabled;
  if (!enabled) return [];
  const { clock } = clockOfReadings(readings, preset);
  return findExcursions(
    readings.map((r) => ({ t: r.t, value: r[unit] })),
    channelRule(preset, unit, clock),
  ).excursions;
}

function channelFacts(
  readings: readonly Reading[],
  rule: ExcursionRule,
  withMkt: boolean,
  bands: readonly LimitBand[] | null,
): ChannelFacts {
  const stats = describeSeries(readings);
  const times = readings.filter((r) => usable(r.value)).map((r) => r.t);
  return {
    analysis: findExcursions(readings, rule),
    ...(bands ? { bands: bands.map((band) => findExcursions(readings, bandRule(band, rule.clock))) } : {}),
    count: stats.count,
    coveredMs: coveredMs(times, rule.clock),
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
function inside(t: number, window: EvaluationWindow | null | undefined): boolean {
  if (!window) return true;
  if (window.start != null && t < window.start) return false;
  if (window.end != null && t > window.end) return false;
  return true;
}

/** Shock events at or above the threshold are events (a QA person reads a threshold as "from here on"). */
export function isShockEvent(magnitudeG: number, thresholdG: number | null): boolean {
  return thresholdG !== null && magnitudeG >= thresholdG;
}

export function summariseReport(input: ReportSummaryInput): ReportSummary {
  const { preset, window } = input;
  const readings = input.readings.filter((r) => inside(r.t, window));
  const shockEvents = (input.shockEvents ?? []).filter((e) => inside(e.t, window));

  const shocksAbove = shockEvents.filter((e) => isShockEvent(e.magnitudeG, preset.shockThresholdG)).length;
  const shockMaxG = shockEvents.reduce<number | null>(
    (m, e) => (m === null || e.magnitudeG > m ? e.magnitudeG : m),
    null,
  );
  let batteryLevel: number | null = null;
  for (const r of readings) if (usable(r.battery)) batteryLevel = r.battery;

  const { clock, labelIntervalMs } = clockOfReadings(readings, preset);
  const present = readings.filter(presentAt);
  return assembleSummary(
    {
      temperature: channelFacts(
        readings.map((r) => ({ t: r.t, value: r.temperature })),
        channelRule(preset, "temperature", clock),
        true,
        unitBands(preset, "temperature"),
      ),
      humidity: channelFacts(
        readings.map((r) => ({ t: r.t, value: r.humidity })),
        channelRule(preset, "humidity", clock),
        false,
        unitBands(preset, "humidity"),
      ),
      shocksAbove,
      shockMaxG,
      batteryLevel,
      gaps: findGaps(
        present.map((r) => ({ t: r.t, value: 0 })),
        clock,
      ),
      readingCount: readings.length,
      first: readings[0]?.t ?? null,
      last: readings[readings.length - 1]?.t ?? null,
      firstPresent: present[0]?.t ?? null,
      lastPresent: present[present.length - 1]?.t ?? null,
      clock,
      labelIntervalMs,
    },
    input,
  );
}

const period = (start: number, end: number): SilentPeriod => ({
  start: iso(start),
  end: iso(end),
  minutes: roundTo((end - start) / MINUTE_MS, DECIMALS),
});

/** Where the evaluation ends: the window's set end, else a finished label's end, else the last reading's span. */
function evaluationEnd(facts: SummaryFacts, context: SummaryContext): number | null {
  if (context.window?.end != null) return context.window.end;
  const finished = context.status === "stopped" || context.status === "ended";
  if (finished && context.endTime != null) return context.endTime;
  return facts.lastPresent === null ? null : facts.lastPresent + facts.clock.tailMs;
}

function completenessOf(
  facts: SummaryFacts,
  context: SummaryContext,
  measured: { temperature: boolean; humidity: boolean },
): Completeness {
  const { preset, window } = context;
  const { clock } = facts;
  const threshold = preset.maxGapMinutes ?? DEFAULT_MAX_GAP_MINUTES;
  const finished = context.status === "stopped" || context.status === "ended";
  const setEnd = window?.end ?? (finished ? (context.endTime ?? null) : null);
  const start = window?.start ?? facts.firstPresent;
  const end = evaluationEnd(facts, context);

  let silenceStart: SilentPeriod | null = null;
  let silenceEnd: SilentPeriod | null = null;
  if (facts.firstPresent === null) {
    // Nothing measured: the whole set window is silent.
    if (window?.start != null && setEnd !== null && setEnd > window.start) silenceEnd = period(window.start, setEnd);
  } else {
    if (window?.start != null && facts.firstPresent - window.start > clock.gapMs)
      silenceStart = period(window.start, facts.firstPresent);
    const last = facts.lastPresent ?? facts.firstPresent;
    if (setEnd !== null && setEnd - last > clock.gapMs) silenceEnd = period(last, setEnd);
  }
  const silences = [
    ...facts.gaps.map((g) => (g.end - g.start) / MINUTE_MS),
    silenceStart?.minutes ?? 0,
    silenceEnd?.minutes ?? 0,
  ];
  const longest = Math.max(0, ...silences);
  const span = start !== null && end !== null ? end - start : 0;
  const coverage = (channel: ChannelFacts, on: boolean): number | null => {
    if (!on) return null;
    if (channel.count === 0) return 0;
    return span <= 0 ? 100 : roundTo(Math.min(100, (channel.coveredMs / span) * 100), 1);
  };
  const labelIntervalMinutes = facts.labelIntervalMs === null ? null : roundTo(facts.labelIntervalMs / MINUTE_MS, 2);
  return {
    state: facts.firstPresent === null ? "noData" : longest > threshold ? "incomplete" : "complete",
    thresholdMinutes: threshold,
    coverage: {
      temperature: coverage(facts.temperature, measured.temperature),
      humidity: coverage(facts.humidity, measured.humidity),
    },
    silenceStart,
    silenceEnd,
    longestSilenceMinutes: roundTo(longest, DECIMALS),
    labelIntervalMinutes,
    ruleIntervalMinutes: preset.intervalMinutes,
    intervalMismatch: intervalMismatch(labelIntervalMinutes, preset.intervalMinutes),
    gapThresholdMinutes: roundTo(clock.gapMs / MINUTE_MS, DECIMALS),
  };
}

export function assembleSummary(facts: SummaryFacts, context: SummaryContext): ReportSummary {
  const { preset, status, window } = context;
  const temperature = preset.temperatureEnabled
    ? channelSummary(facts.temperature, true, unitBands(preset, "temperature"))
    : notMeasured();
  const humidity = preset.humidityEnabled
    ? channelSummary(facts.humidity, false, unitBands(preset, "humidity"))
    : notMeasured();

  // Shocks are events, not a series: every event at or above the threshold is a violation.
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
  const gaps = facts.gaps.map((g) => period(g.start, g.end));
  const completeness = completenessOf(facts, context, {
    temperature: preset.temperatureEnabled,
    humidity: preset.humidityEnabled,
  });
  const start = window?.start ?? facts.first;
  const end = window?.end ?? facts.last;

  const violation = temperature.violation || humidity.violation || shock.violation;
  // Missing data is never a plain OK: at least a warning.
  const dataState: SummaryState = completeness.state === "complete" ? "success" : "warning";
  const state = worst([temperature.state, humidity.state, shock.state, battery.state, label.state, dataState]);
  return {
    temperature,
    humidity,
    shock,
    battery,
    label,
    overall: {
      violation,
      state,
      verdict: overallVerdict(violation, completeness.state),
      ...(temperature.bands || humidity.bands
        ? { severity: worstSeverity([unitSeverity(temperature), unitSeverity(humidity)]) }
        : {}),
    },
    gaps,
    completeness,
    readingCount: facts.readingCount,
    window: { start: start === null ? null : iso(start), end: end === null ? null : iso(end) },
  };
}

/** A unit's worst severity reached: its bands', or "alarm" for a unit judged by its min and max alone. */
function unitSeverity(unit: Pick<ChannelSummary, "violation" | "severity">): BandSeverity | null {
  if (unit.severity !== undefined) return unit.severity;
  return unit.violation ? "alarm" : null;
}

/** The worst severity a report reached (null: none): what the list filters by. */
function reportSeverity(summary: Pick<ReportSummary, "temperature" | "humidity" | "overall">): BandSeverity | null {
  if (summary.overall.severity !== undefined) return summary.overall.severity;
  return worstSeverity([unitSeverity(summary.temperature), unitSeverity(summary.humidity)]);
}

function overallVerdict(violation: boolean, data: CompletenessState): OverallVerdict {
  if (violation) return "violation";
  if (data === "noData") return "noData";
  if (data === "incomplete") return "incomplete";
  return "ok";
}

/** The overall verdict of a summary, also of one stored before the verdict was kept. */
export function verdictOf(summary: Pick<ReportSummary, "overall" | "readingCount">): OverallVerdict {
  if (summary.overall.verdict) return summary.overall.verdict;
  if (summary.overall.violation) return "violation";
  return summary.readingCount === 0 ? "noData" : "ok";
}

/** How each overall verdict reads on the card, the list, the PDF and the share page. */
export const VERDICT_TEXT: Record<OverallVerdict, string> = {
  violation: "Violation",
  noData: "No data",
  incomplete: "Incomplete data",
  ok: "OK",
};

export function violationColumns(summary: ReportSummary): ViolationColumns {
  return {
    temperatureViolation: summary.temperature.violation,
    humidityViolation: summary.humidity.violation,
    shockViolation: summary.shock.violation,
    batteryLow: summary.battery.low,
    dataIncomplete: summary.completeness ? summary.completeness.state !== "complete" : false,
    worstSeverity: reportSeverity(summary),
  };
}

import {
  analyseExcursions,
  type Excursion,
  type ExcursionRule,
  findExcursions,
  findGaps,
  GAP_INTERVALS,
  type Gap,
  isGap,
  outOfRangeSide,
  type Reading,
} from "./excursions";
import {
  assembleSummary,
  type ChannelFacts,
  channelRule,
  type PresetThresholds,
  type ReportSummary,
  type SummaryReading,
  type SummaryShockEvent,
} from "./report-summary";
import type { LabelStatus } from "./resources";
import { type Extreme, MKT_ACTIVATION_OVER_R, mktFromScaledSum } from "./statistics";
import { celsiusToKelvin } from "./units";

/**
 * A report's summary kept up to date batch by batch (issue #18 section 4): the running
 * state below is stored with the report, and a batch of new readings is folded into it
 * at a cost proportional to the batch, not to the report's length. summariseReport
 * (all readings at once) stays the reference: the fold must give the same summary
 * (tests/unit/summary-fold.test.ts, tests/api/incremental-summary.test.ts).
 *
 * Order-free parts (count, sum, min, max, MKT, battery, shocks) fold any reading. The
 * time-ordered parts (excursions and gaps) fold readings after the last one directly;
 * readings in the middle ("late") change only the excursions and gaps between the
 * stored readings that cut them (an in-range or empty reading ends every run), so the
 * caller re-reads that stretch and `spliceLate` replaces what lies inside it.
 * The state holds readings of the evaluation window only and a rule's thresholds: a
 * trim or rule change rebuilds it from all readings (`foldAll`).
 */

export interface ChannelFoldState {
  /** Readings with a value. */
  count: number;
  sum: number;
  min: Extreme | null;
  max: Extreme | null;
  /**
   * MKT as a log-sum-exp: the largest exponent −ΔH/(R·T) seen and Σ exp(exponent − largest),
   * so the sum stays inside double precision (see meanKineticTemperature).
   */
  mktLargest: number | null;
  mktScaledSum: number;
  /** Sorted by start. */
  excursions: Excursion[];
}

export interface SummaryFoldState {
  /** Readings folded, and the first and last one's time (epoch ms). */
  count: number;
  first: number | null;
  last: number | null;
  /** Time of the last reading carrying any value: where the next gap would start. */
  lastPresent: number | null;
  battery: { t: number; value: number } | null;
  /** Sorted by start. */
  gaps: Gap[];
  temperature: ChannelFoldState;
  humidity: ChannelFoldState;
  shocks: { above: number; maxG: number | null };
}

export type Channel = "temperature" | "humidity";
export const CHANNELS: readonly Channel[] = ["temperature", "humidity"];

const emptyChannel = (): ChannelFoldState => ({
  count: 0,
  sum: 0,
  min: null,
  max: null,
  mktLargest: null,
  mktScaledSum: 0,
  excursions: [],
});

export function emptyFoldState(): SummaryFoldState {
  return {
    count: 0,
    first: null,
    last: null,
    lastPresent: null,
    battery: null,
    gaps: [],
    temperature: emptyChannel(),
    humidity: emptyChannel(),
    shocks: { above: 0, maxG: null },
  };
}

const usable = (value: number | null): value is number => value !== null && Number.isFinite(value);
const presenceOf = (r: SummaryReading): number | null => r.temperature ?? r.humidity ?? r.battery;

function foldStatistics(channel: ChannelFoldState, t: number, value: number, withMkt: boolean): void {
  channel.count += 1;
  channel.sum += value;
  // Ties keep the earliest time, as describeSeries does in time order.
  if (channel.min === null || value < channel.min.value || (value === channel.min.value && t < channel.min.t))
    channel.min = { value, t };
  if (channel.max === null || value > channel.max.value || (value === channel.max.value && t < channel.max.t))
    channel.max = { value, t };
  if (!withMkt) return;
  const exponent = -MKT_ACTIVATION_OVER_R / celsiusToKelvin(value);
  if (channel.mktLargest === null) {
    channel.mktLargest = exponent;
    channel.mktScaledSum = 1;
  } else if (exponent > channel.mktLargest) {
    channel.mktScaledSum = channel.mktScaledSum * Math.exp(channel.mktLargest - exponent) + 1;
    channel.mktLargest = exponent;
  } else {
    channel.mktScaledSum += Math.exp(exponent - channel.mktLargest);
  }
}

/** Extends the channel's excursions by one reading after all folded ones (findExcursions' step). */
function appendToRuns(
  channel: ChannelFoldState,
  previousT: number | null,
  reading: Reading,
  rule: ExcursionRule,
): void {
  const { value } = reading;
  const side = usable(value) ? outOfRangeSide(value, rule.lower, rule.upper) : null;
  if (!usable(value) || side === null) return;
  const open = channel.excursions[channel.excursions.length - 1];
  // The last excursion is still running only if it ended on the previous reading, with no gap since.
  const running =
    open !== undefined &&
    previousT !== null &&
    open.end === previousT &&
    open.side === side &&
    !isGap({ t: previousT, value: null }, reading, rule.intervalMinutes);
  if (running) {
    open.end = reading.t;
    open.readings += 1;
    open.durationMinutes += rule.intervalMinutes;
    open.peak = side === "above" ? Math.max(open.peak, value) : Math.min(open.peak, value);
  } else {
    channel.excursions.push({
      start: reading.t,
      end: reading.t,
      side,
      readings: 1,
      durationMinutes: rule.intervalMinutes,
      peak: value,
    });
  }
}

function copyState(state: SummaryFoldState): SummaryFoldState {
  const channel = (c: ChannelFoldState): ChannelFoldState => ({
    ...c,
    excursions: c.excursions.map((e) => ({ ...e })),
  });
  return {
    ...state,
    gaps: [...state.gaps],
    temperature: channel(state.temperature),
    humidity: channel(state.humidity),
    shocks: { ...state.shocks },
  };
}

/** New readings split by where they fall: before the last folded one (late) or after it. */
export function splitBatch(
  state: SummaryFoldState,
  readings: readonly SummaryReading[],
): { late: SummaryReading[]; appended: SummaryReading[] } {
  const last = state.last;
  const late = last === null ? [] : readings.filter((r) => r.t < last);
  const appended = last === null ? [...readings] : readings.filter((r) => r.t > last);
  late.sort((a, b) => a.t - b.t);
  appended.sort((a, b) => a.t - b.t);
  return { late, appended };
}

/**
 * Folds new readings (none already folded; any order) and new shock events into the
 * order-free parts, and appends the readings after the last folded one to the excursions
 * and gaps. Late readings need `spliceLate` for their excursions and gaps first: an
 * appended reading may extend an excursion the late ones changed.
 */
export function foldBatch(
  before: SummaryFoldState,
  readings: readonly SummaryReading[],
  shockEvents: readonly SummaryShockEvent[],
  preset: PresetThresholds,
): SummaryFoldState {
  const state = copyState(before);
  const { appended } = splitBatch(before, readings);
  for (const r of readings) {
    state.count += 1;
    if (state.first === null || r.t < state.first) state.first = r.t;
    if (usable(r.temperature)) foldStatistics(state.temperature, r.t, r.temperature, true);
    if (usable(r.humidity)) foldStatistics(state.humidity, r.t, r.humidity, false);
    if (usable(r.battery) && (state.battery === null || r.t > state.battery.t))
      state.battery = { t: r.t, value: r.battery };
    if (usable(presenceOf(r)) && r.t < (before.last ?? Number.NEGATIVE_INFINITY))
      state.lastPresent = Math.max(state.lastPresent ?? r.t, r.t);
  }
  const threshold = preset.shockThresholdG;
  for (const e of shockEvents) {
    if (threshold !== null && outOfRangeSide(e.magnitudeG, null, threshold) === "above") state.shocks.above += 1;
    if (state.shocks.maxG === null || e.magnitudeG > state.shocks.maxG) state.shocks.maxG = e.magnitudeG;
  }

  const gapLimit = GAP_INTERVALS * preset.intervalMinutes * 60_000;
  const rules = { temperature: channelRule(preset, "temperature"), humidity: channelRule(preset, "humidity") };
  let previous = before.last;
  for (const r of appended) {
    for (const channel of CHANNELS)
      appendToRuns(state[channel], previous, { t: r.t, value: r[channel] }, rules[channel]);
    if (usable(presenceOf(r))) {
      if (state.lastPresent !== null && r.t - state.lastPresent > gapLimit)
        state.gaps.push({ start: state.lastPresent, end: r.t });
      state.lastPresent = r.t;
    }
    previous = r.t;
  }
  if (previous !== null) state.last = previous;
  return state;
}

/**
 * The stored readings that bound what late readings can change, each an epoch ms or null
 * for "from the first reading" (start) / "up to the last folded reading" (end):
 * - per channel, the last reading before the earliest late one whose value is missing or
 *   in range, and the first such after the latest late one (a run never crosses them);
 * - for gaps, the last reading with any value before, and the first after.
 */
export interface LateBounds {
  temperature: { start: number | null; end: number | null };
  humidity: { start: number | null; end: number | null };
  presence: { start: number | null; end: number | null };
}

export type BoundKind = keyof LateBounds;
const BOUND_KINDS: readonly BoundKind[] = ["temperature", "humidity", "presence"];

/**
 * The first reading of each kind of bound among stored readings walked away from the late
 * ones (newest first before them, oldest first after them); a kind not found needs more
 * readings, or is null once there are none.
 */
export function findCuts(
  walked: readonly SummaryReading[],
  preset: PresetThresholds,
): Partial<Record<BoundKind, number>> {
  const found: Partial<Record<BoundKind, number>> = {};
  const rules = { temperature: channelRule(preset, "temperature"), humidity: channelRule(preset, "humidity") };
  for (const r of walked) {
    for (const channel of CHANNELS) {
      if (found[channel] !== undefined) continue;
      const value = r[channel];
      if (!usable(value) || outOfRangeSide(value, rules[channel].lower, rules[channel].upper) === null)
        found[channel] = r.t;
    }
    if (found.presence === undefined && usable(presenceOf(r))) found.presence = r.t;
    if (BOUND_KINDS.every((kind) => found[kind] !== undefined)) break;
  }
  return found;
}

/** The stretch of stored readings (late ones included) that `spliceLate` needs, bounds included. */
export function lateStretch(bounds: LateBounds): { from: number | null; to: number | null } {
  const all = BOUND_KINDS.map((kind) => bounds[kind]);
  const starts = all.map((b) => b.start);
  const ends = all.map((b) => b.end);
  return {
    from: starts.includes(null) ? null : Math.min(...(starts as number[])),
    to: ends.includes(null) ? null : Math.max(...(ends as number[])),
  };
}

/**
 * Re-evaluates the excursions and gaps around late readings: `stretch` is every reading
 * (late ones included, sorted) from lateStretch's `from` to its `to` (or to the last
 * folded reading). What lies between each set of bounds is replaced by what the
 * stretch now gives; the rest of the report cannot have changed.
 */
export function spliceLate(
  state: SummaryFoldState,
  bounds: LateBounds,
  stretch: readonly SummaryReading[],
  preset: PresetThresholds,
): SummaryFoldState {
  const next = copyState(state);
  const after = (t: number, start: number | null) => start === null || t > start;
  const upTo = (t: number, end: number | null) => end === null || t <= end;
  for (const channel of CHANNELS) {
    const { start, end } = bounds[channel];
    const within = (e: Excursion) => after(e.start, start) && upTo(e.start, end);
    const fresh = findExcursions(
      stretch.map((r) => ({ t: r.t, value: r[channel] })),
      channelRule(preset, channel),
    ).excursions.filter(within);
    next[channel].excursions = [...next[channel].excursions.filter((e) => !within(e)), ...fresh].sort(
      (a, b) => a.start - b.start,
    );
  }
  const { start, end } = bounds.presence;
  const withinGaps = (g: Gap) => (start === null || g.start >= start) && upTo(g.end, end);
  const fresh = findGaps(
    stretch.map((r) => ({ t: r.t, value: presenceOf(r) })),
    preset.intervalMinutes,
  ).filter(withinGaps);
  next.gaps = [...next.gaps.filter((g) => !withinGaps(g)), ...fresh].sort((a, b) => a.start - b.start);
  return next;
}

/** The state of all of a report's readings (sorted by time) at once, as a full recompute keeps it. */
export function foldAll(
  readings: readonly SummaryReading[],
  shockEvents: readonly SummaryShockEvent[],
  preset: PresetThresholds,
): SummaryFoldState {
  return foldBatch(emptyFoldState(), readings, shockEvents, preset);
}

function channelFacts(channel: ChannelFoldState, rule: ExcursionRule): ChannelFacts {
  return {
    analysis: analyseExcursions(channel.excursions, rule),
    min: channel.min,
    max: channel.max,
    average: channel.count > 0 ? channel.sum / channel.count : null,
    mkt: channel.mktLargest === null ? null : mktFromScaledSum(channel.mktLargest, channel.mktScaledSum, channel.count),
  };
}

/** The report's summary from its fold state: what summariseReport gives from all its readings. */
export function summaryOfFoldState(
  state: SummaryFoldState,
  preset: PresetThresholds,
  status: LabelStatus,
): ReportSummary {
  return assembleSummary(
    {
      temperature: channelFacts(state.temperature, channelRule(preset, "temperature")),
      humidity: channelFacts(state.humidity, channelRule(preset, "humidity")),
      shocksAbove: state.shocks.above,
      shockMaxG: state.shocks.maxG,
      batteryLevel: state.battery?.value ?? null,
      gaps: state.gaps,
      readingCount: state.count,
      first: state.first,
      last: state.last,
    },
    { preset, status, window: null },
  );
}

/** Read access to a report's stored readings (those of this batch included), for late readings. */
export interface StoredReadings {
  /** Readings before `t`, newest first, at most `limit`. */
  before(t: number, limit: number): Promise<SummaryReading[]>;
  /** Readings after `t` up to `until` (included), oldest first, at most `limit`. */
  after(t: number, until: number, limit: number): Promise<SummaryReading[]>;
  /** Readings from `from` (null: the first) to `to`, both included, oldest first. */
  between(from: number | null, to: number): Promise<SummaryReading[]>;
}

/** The first page of a walk; each next one is twice as long. */
const WALK_PAGE = 16;

async function walkForCuts(
  page: (from: number, limit: number) => Promise<SummaryReading[]>,
  start: number,
  preset: PresetThresholds,
): Promise<Record<BoundKind, number | null>> {
  const found: Partial<Record<BoundKind, number>> = {};
  let from = start;
  for (let limit = WALK_PAGE; ; limit *= 2) {
    const rows = await page(from, limit);
    const cuts = findCuts(rows, preset);
    for (const kind of BOUND_KINDS) if (found[kind] === undefined && cuts[kind] !== undefined) found[kind] = cuts[kind];
    const last = rows[rows.length - 1];
    if (BOUND_KINDS.every((kind) => found[kind] !== undefined) || rows.length < limit || !last) break;
    from = last.t;
  }
  return {
    temperature: found.temperature ?? null,
    humidity: found.humidity ?? null,
    presence: found.presence ?? null,
  };
}

/**
 * Folds a batch of newly stored readings (and shock events) into a report's state: late
 * readings re-read only the stretch between the readings that bound them (walked away
 * from them page by page), readings after the last one need no read at all.
 */
export async function foldNewReadings(
  before: SummaryFoldState,
  readings: readonly SummaryReading[],
  shockEvents: readonly SummaryShockEvent[],
  preset: PresetThresholds,
  stored: StoredReadings,
): Promise<SummaryFoldState> {
  let state = before;
  const { late } = splitBatch(before, readings);
  const first = late[0];
  const lastLate = late[late.length - 1];
  const last = before.last;
  if (first && lastLate && last !== null) {
    const starts = await walkForCuts((t, limit) => stored.before(t, limit), first.t, preset);
    const ends = await walkForCuts((t, limit) => stored.after(t, last, limit), lastLate.t, preset);
    const bounds: LateBounds = {
      temperature: { start: starts.temperature, end: ends.temperature },
      humidity: { start: starts.humidity, end: ends.humidity },
      presence: { start: starts.presence, end: ends.presence },
    };
    const { from, to } = lateStretch(bounds);
    state = spliceLate(state, bounds, await stored.between(from, to ?? last), preset);
  }
  return foldBatch(state, readings, shockEvents, preset);
}

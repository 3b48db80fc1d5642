import {
  analyseExcursions,
  type Excursion,
  findExcursions,
  findGaps,
  type Gap,
  outOfRangeSide,
  readingSpan,
  type SeriesClock,
  seriesClock,
  stepExcursions,
  usable,
} from "./excursions";
import { bandRule, type LimitBand } from "./limit-bands";
import { addSpacing, countSpacings, medianSpacingMs, type SpacingHistogram } from "./logging-interval";
import {
  assembleSummary,
  type ChannelFacts,
  channelRule,
  clockOfReadings,
  isShockEvent,
  type PresetThresholds,
  presentAt,
  type ReportSummary,
  type SummaryContext,
  type SummaryReading,
  type SummaryShockEvent,
  unitBands,
} from "./report-summary";
import { type Extreme, MKT_ACTIVATION_OVER_R, mktFromScaledSum } from "./statistics";
import { celsiusToKelvin } from "./units";

/**
 * A report's summary kept up to date batch by batch: the running state below is stored
 * with the report, and a batch of new readings is folded into it at a cost proportional
 * to the batch, not to the report's length. summariseReport (all readings at once) stays
 * the reference: the fold must give the same summary (tests/unit/summary-fold.test.ts,
 * tests/api/incremental-summary.test.ts).
 *
 * Order-free parts (count, sum, min, max, MKT, battery, shocks) fold any reading. The
 * time-ordered parts (excursions, gaps, covered time, the spacings the label's interval
 * is read from) fold readings after the last one directly; readings in the middle
 * ("late") change only what lies between the stored readings around them (a unit's
 * in-range reading ends its runs), so the caller re-reads that stretch and `spliceLate`
 * replaces what lies inside it.
 *
 * Everything time-ordered is computed on one clock, made from the label's interval when
 * the state was built. When a batch moves that interval, the fold answers null and the
 * caller recomputes from all readings (rare: a label keeps its pace).
 * The state holds readings of the evaluation window only and a rule's thresholds: a
 * trim or rule change rebuilds it from all readings (`foldAll`).
 */

interface ChannelFoldState {
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
  /** Per band of the unit's own (unitBands' order), its excursions sorted by start; absent without own bands. */
  bands?: Excursion[][];
  /** The time of the unit's last reading. */
  lastT: number | null;
  /** The time each reading but the last counts for (until the next, or the label's interval). */
  pairedMs: number;
}

export interface SummaryFoldState {
  /** Readings folded, and the first and last one's time (epoch ms). */
  count: number;
  first: number | null;
  last: number | null;
  /** The first and last reading with a temperature or humidity: where gaps and silences are measured from. */
  firstPresent: number | null;
  lastPresent: number | null;
  battery: { t: number; value: number } | null;
  /** Sorted by start. */
  gaps: Gap[];
  temperature: ChannelFoldState;
  humidity: ChannelFoldState;
  shocks: { above: number; maxG: number | null };
  /** Spacings between consecutive readings with a temperature or humidity. */
  spacings: SpacingHistogram;
  /** The label's interval the clock was made from (the spacings' median when the state was built). */
  labelIntervalMs: number | null;
}

type Channel = "temperature" | "humidity";
const CHANNELS: readonly Channel[] = ["temperature", "humidity"];

const emptyChannel = (): ChannelFoldState => ({
  count: 0,
  sum: 0,
  min: null,
  max: null,
  mktLargest: null,
  mktScaledSum: 0,
  excursions: [],
  lastT: null,
  pairedMs: 0,
});

export function emptyFoldState(labelIntervalMs: number | null = null): SummaryFoldState {
  return {
    count: 0,
    first: null,
    last: null,
    firstPresent: null,
    lastPresent: null,
    battery: null,
    gaps: [],
    temperature: emptyChannel(),
    humidity: emptyChannel(),
    shocks: { above: 0, maxG: null },
    spacings: {},
    labelIntervalMs,
  };
}

/** The clock a state's time-ordered parts were folded on. */
const clockOfState = (state: SummaryFoldState, preset: PresetThresholds): SeriesClock =>
  seriesClock(preset.intervalMinutes, state.labelIntervalMs);

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

function copyState(state: SummaryFoldState): SummaryFoldState {
  const channel = (c: ChannelFoldState): ChannelFoldState => ({
    ...c,
    excursions: c.excursions.map((e) => ({ ...e })),
    ...(c.bands ? { bands: c.bands.map((list) => list.map((e) => ({ ...e }))) } : {}),
  });
  return {
    ...state,
    gaps: [...state.gaps],
    temperature: channel(state.temperature),
    humidity: channel(state.humidity),
    shocks: { ...state.shocks },
    spacings: { ...state.spacings },
  };
}

/** New readings split by where they fall: before the last folded one (late) or after it. */
function splitBatch(
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

const maxOf = (a: number | null, b: number) => (a === null ? b : Math.max(a, b));
const minOf = (a: number | null, b: number) => (a === null ? b : Math.min(a, b));

/**
 * Folds new readings (none already folded; any order) and new shock events into the
 * order-free parts, and appends the readings after the last folded one to the
 * time-ordered parts. Late readings need `spliceLate` for those first: an appended
 * reading may extend an excursion the late ones changed.
 */
function foldBatch(
  before: SummaryFoldState,
  readings: readonly SummaryReading[],
  shockEvents: readonly SummaryShockEvent[],
  preset: PresetThresholds,
): SummaryFoldState {
  const state = copyState(before);
  const { appended } = splitBatch(before, readings);
  const lastBefore = before.last ?? Number.NEGATIVE_INFINITY;
  for (const r of readings) {
    state.count += 1;
    state.first = minOf(state.first, r.t);
    if (usable(r.temperature)) foldStatistics(state.temperature, r.t, r.temperature, true);
    if (usable(r.humidity)) foldStatistics(state.humidity, r.t, r.humidity, false);
    if (usable(r.battery) && (state.battery === null || r.t > state.battery.t))
      state.battery = { t: r.t, value: r.battery };
    if (presentAt(r)) state.firstPresent = minOf(state.firstPresent, r.t);
    // Late readings: spliceLate made their time-ordered parts; the appended ones go on from them.
    if (r.t < lastBefore) {
      if (presentAt(r)) state.lastPresent = maxOf(state.lastPresent, r.t);
      for (const channel of CHANNELS) if (usable(r[channel])) state[channel].lastT = maxOf(state[channel].lastT, r.t);
    }
  }
  for (const e of shockEvents) {
    if (isShockEvent(e.magnitudeG, preset.shockThresholdG)) state.shocks.above += 1;
    if (state.shocks.maxG === null || e.magnitudeG > state.shocks.maxG) state.shocks.maxG = e.magnitudeG;
  }

  const clock = clockOfState(state, preset);
  const rules = {
    temperature: channelRule(preset, "temperature", clock),
    humidity: channelRule(preset, "humidity", clock),
  };
  const bandRules = {
    temperature: (unitBands(preset, "temperature") ?? []).map((band) => bandRule(band, clock)),
    humidity: (unitBands(preset, "humidity") ?? []).map((band) => bandRule(band, clock)),
  };
  for (const channel of CHANNELS) {
    const c = state[channel];
    if (bandRules[channel].length > 0) c.bands ??= bandRules[channel].map(() => []);
  }
  for (const r of appended) {
    for (const channel of CHANNELS) {
      const value = r[channel];
      if (!usable(value)) continue;
      const c = state[channel];
      if (c.lastT !== null) c.pairedMs += readingSpan(c.lastT, r.t, clock);
      stepExcursions(c.excursions, c.lastT, r.t, value, rules[channel]);
      bandRules[channel].forEach((rule, i) => {
        const list = c.bands?.[i];
        if (list) stepExcursions(list, c.lastT, r.t, value, rule);
      });
      c.lastT = r.t;
    }
    if (presentAt(r)) {
      if (state.lastPresent !== null) {
        if (r.t - state.lastPresent > clock.gapMs) state.gaps.push({ start: state.lastPresent, end: r.t });
        addSpacing(state.spacings, r.t - state.lastPresent, 1);
      }
      state.lastPresent = r.t;
    }
    state.last = r.t;
  }
  return state;
}

/**
 * The stored readings that bound what late readings can change, each an epoch ms or null
 * for "from the first reading" (start) / "up to the last folded reading" (end):
 * - per unit, the last of its readings before the earliest late one that is in range,
 *   and the first such after the latest late one (an excursion never crosses them);
 * - for gaps and spacings, the last reading with a temperature or humidity before, and
 *   the first after.
 */
interface LateBounds {
  temperature: { start: number | null; end: number | null };
  humidity: { start: number | null; end: number | null };
  presence: { start: number | null; end: number | null };
}

type BoundKind = keyof LateBounds;
const BOUND_KINDS: readonly BoundKind[] = ["temperature", "humidity", "presence"];

/**
 * The first reading of each kind of bound among stored readings walked away from the late
 * ones (newest first before them, oldest first after them); a kind not found needs more
 * readings, or is null once there are none.
 */
function findCuts(walked: readonly SummaryReading[], preset: PresetThresholds): Partial<Record<BoundKind, number>> {
  const found: Partial<Record<BoundKind, number>> = {};
  const limits = {
    temperature: channelLimits(preset, "temperature"),
    humidity: channelLimits(preset, "humidity"),
  };
  for (const r of walked) {
    for (const channel of CHANNELS) {
      if (found[channel] !== undefined) continue;
      const value = r[channel];
      if (usable(value) && outOfRangeSide(value, limits[channel].lower, limits[channel].upper) === null)
        found[channel] = r.t;
    }
    if (found.presence === undefined && presentAt(r)) found.presence = r.t;
    if (BOUND_KINDS.every((kind) => found[kind] !== undefined)) break;
  }
  return found;
}

/**
 * The range a unit's reading must be in to bound late readings: inside its min and max and
 * inside every band of its own, so no excursion of any of them crosses it (the clock plays
 * no part in whether a value is in range).
 */
function channelLimits(preset: PresetThresholds, channel: Channel): { lower: number | null; upper: number | null } {
  const { lower, upper } = channelRule(preset, channel, { gapMs: 0, tailMs: 0 });
  const bands: readonly LimitBand[] = unitBands(preset, channel) ?? [];
  const tightest = (start: number | null, limits: number[], pick: (a: number, b: number) => number) =>
    limits.reduce<number | null>((a, b) => (a === null ? b : pick(a, b)), start);
  return {
    lower: tightest(
      lower,
      bands.filter((b) => b.side === "below").map((b) => b.limit),
      Math.max,
    ),
    upper: tightest(
      upper,
      bands.filter((b) => b.side === "above").map((b) => b.limit),
      Math.min,
    ),
  };
}

/** The stretch of stored readings (late ones included) that `spliceLate` needs, bounds included. */
function lateStretch(bounds: LateBounds): { from: number | null; to: number | null } {
  const all = BOUND_KINDS.map((kind) => bounds[kind]);
  const starts = all.map((b) => b.start);
  const ends = all.map((b) => b.end);
  return {
    from: starts.includes(null) ? null : Math.min(...(starts as number[])),
    to: ends.includes(null) ? null : Math.max(...(ends as number[])),
  };
}

/** The time consecutive readings count for, each until the next (the last one's own span left out). */
function pairedSpan(times: readonly number[], clock: SeriesClock): number {
  let total = 0;
  for (let i = 1; i < times.length; i++) total += readingSpan(times[i - 1] as number, times[i] as number, clock);
  return total;
}

/**
 * Re-evaluates the time-ordered parts around late readings: `stretch` is every reading
 * (late ones included, sorted) from lateStretch's `from` to its `to` (or to the last
 * folded reading), and `late` the batch's late readings. What lies between each set of
 * bounds is replaced by what the stretch now gives; the covered time and the spacings
 * change by the difference between the stretch with and without the late readings; the
 * rest of the report cannot have changed.
 */
function spliceLate(
  state: SummaryFoldState,
  bounds: LateBounds,
  stretch: readonly SummaryReading[],
  late: readonly SummaryReading[],
  preset: PresetThresholds,
): SummaryFoldState {
  const next = copyState(state);
  const clock = clockOfState(state, preset);
  const lateTimes = new Set(late.map((r) => r.t));
  const old = stretch.filter((r) => !lateTimes.has(r.t));
  const after = (t: number, start: number | null) => start === null || t > start;
  const upTo = (t: number, end: number | null) => end === null || t <= end;
  for (const channel of CHANNELS) {
    const { start, end } = bounds[channel];
    const within = (e: Excursion) => after(e.start, start) && upTo(e.start, end);
    const fresh = findExcursions(
      stretch.map((r) => ({ t: r.t, value: r[channel] })),
      channelRule(preset, channel, clock),
    ).excursions.filter(within);
    next[channel].excursions = [...next[channel].excursions.filter((e) => !within(e)), ...fresh].sort(
      (a, b) => a.start - b.start,
    );
    const bands = unitBands(preset, channel) ?? [];
    const stored = next[channel].bands;
    if (stored) {
      next[channel].bands = bands.map((band, i) => {
        const freshBand = findExcursions(
          stretch.map((r) => ({ t: r.t, value: r[channel] })),
          bandRule(band, clock),
        ).excursions.filter(within);
        return [...(stored[i] ?? []).filter((e) => !within(e)), ...freshBand].sort((a, b) => a.start - b.start);
      });
    }
    const timesOf = (rows: readonly SummaryReading[]) => rows.filter((r) => usable(r[channel])).map((r) => r.t);
    next[channel].pairedMs += pairedSpan(timesOf(stretch), clock) - pairedSpan(timesOf(old), clock);
  }
  const { start, end } = bounds.presence;
  const withinGaps = (g: Gap) => (start === null || g.start >= start) && upTo(g.end, end);
  const presentTimes = stretch.filter(presentAt).map((r) => r.t);
  const fresh = findGaps(
    presentTimes.map((t) => ({ t, value: 0 })),
    clock,
  ).filter(withinGaps);
  next.gaps = [...next.gaps.filter((g) => !withinGaps(g)), ...fresh].sort((a, b) => a.start - b.start);
  countSpacings(next.spacings, presentTimes, 1);
  countSpacings(
    next.spacings,
    old.filter(presentAt).map((r) => r.t),
    -1,
  );
  return next;
}

/** The state of all of a report's readings (sorted by time) at once, as a full recompute keeps it. */
export function foldAll(
  readings: readonly SummaryReading[],
  shockEvents: readonly SummaryShockEvent[],
  preset: PresetThresholds,
): SummaryFoldState {
  const { labelIntervalMs } = clockOfReadings(readings, preset);
  return foldBatch(emptyFoldState(labelIntervalMs), readings, shockEvents, preset);
}

/** Whether the state's clock is still the label's: false when its readings moved the label's interval. */
function clockHolds(state: SummaryFoldState): boolean {
  return medianSpacingMs(state.spacings) === state.labelIntervalMs;
}

function channelFacts(
  channel: ChannelFoldState,
  preset: PresetThresholds,
  name: Channel,
  clock: SeriesClock,
): ChannelFacts {
  const bands = unitBands(preset, name);
  return {
    analysis: analyseExcursions(channel.excursions, channelRule(preset, name, clock)),
    ...(bands
      ? { bands: bands.map((band, i) => analyseExcursions(channel.bands?.[i] ?? [], bandRule(band, clock))) }
      : {}),
    count: channel.count,
    coveredMs: channel.pairedMs + (channel.count > 0 ? clock.tailMs : 0),
    min: channel.min,
    max: channel.max,
    average: channel.count > 0 ? channel.sum / channel.count : null,
    mkt: channel.mktLargest === null ? null : mktFromScaledSum(channel.mktLargest, channel.mktScaledSum, channel.count),
  };
}

/** The report's summary from its fold state: what summariseReport gives from all its readings. */
export function summaryOfFoldState(state: SummaryFoldState, context: SummaryContext): ReportSummary {
  const { preset } = context;
  const clock = clockOfState(state, preset);
  return assembleSummary(
    {
      temperature: channelFacts(state.temperature, preset, "temperature", clock),
      humidity: channelFacts(state.humidity, preset, "humidity", clock),
      shocksAbove: state.shocks.above,
      shockMaxG: state.shocks.maxG,
      batteryLevel: state.battery?.value ?? null,
      gaps: state.gaps,
      readingCount: state.count,
      first: state.first,
      last: state.last,
      firstPresent: state.firstPresent,
      lastPresent: state.lastPresent,
      clock,
      labelIntervalMs: state.labelIntervalMs,
    },
    { ...context, window: null },
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
 * from them page by page), readings after the last one need no read at all. Null when
 * the batch moved the label's interval: the caller then recomputes from all readings.
 */
export async function foldNewReadings(
  before: SummaryFoldState,
  readings: readonly SummaryReading[],
  shockEvents: readonly SummaryShockEvent[],
  preset: PresetThresholds,
  stored: StoredReadings,
): Promise<SummaryFoldState | null> {
  // A state kept without its bands' excursions (none can be, its basis holds the bands) is of no use.
  for (const channel of CHANNELS) {
    const bands = unitBands(preset, channel);
    if (bands && before[channel].count > 0 && before[channel].bands?.length !== bands.length) return null;
  }
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
    state = spliceLate(state, bounds, await stored.between(from, to ?? last), late, preset);
  }
  const folded = foldBatch(state, readings, shockEvents, preset);
  return clockHolds(folded) ? folded : null;
}

import { ALARM_SEVERITIES, type AlarmSeverity } from "./alarms";
import { ALARM_TYPES, type ExcursionRule, type SeriesClock, type Side } from "./excursions";

/**
 * Limit bands: per unit, up to three bands on each side, each with its own
 * limit, delay, delay type and severity, e.g. warning above 8 °C after 30 min, alarm
 * above 8 °C after 60 min cumulative, critical above 15 °C at once. A preset without
 * bands has one "alarm" band per side: its min/max with its alarm delay and type.
 */

export const BAND_SEVERITIES = ALARM_SEVERITIES;
export type BandSeverity = AlarmSeverity;
export const BAND_SIDES = ["above", "below"] as const;
export const BAND_DELAY_TYPES = ALARM_TYPES;
type BandDelayType = (typeof BAND_DELAY_TYPES)[number];

export interface LimitBand {
  side: Side;
  /** °C or %RH: out of the band means strictly beyond it. */
  limit: number;
  delayMinutes: number;
  delayType: BandDelayType;
  severity: BandSeverity;
}

export const MAX_BANDS_PER_SIDE = 3;
export type BandUnit = "temperature" | "humidity";
export const BAND_UNITS: readonly BandUnit[] = ["temperature", "humidity"];

/** The setting that holds a unit's bands. */
const BANDS_SETTING = { temperature: "temperatureBands", humidity: "humidityBands" } as const;

/** What bandsOf reads of a preset or a rule: the bands are optional (absent or null: the default). */
export interface BandSource {
  temperatureEnabled: boolean;
  temperatureMin: number | null;
  temperatureMax: number | null;
  humidityEnabled: boolean;
  humidityMin: number | null;
  humidityMax: number | null;
  alarmDelayMinutes: number;
  alarmType: BandDelayType;
  temperatureBands?: readonly LimitBand[] | null;
  humidityBands?: readonly LimitBand[] | null;
}

/** The bands a preset or rule sets itself for a unit, or null when it keeps the default (none or an empty list). */
export function explicitBands(settings: BandSource, unit: BandUnit): readonly LimitBand[] | null {
  const enabled = unit === "temperature" ? settings.temperatureEnabled : settings.humidityEnabled;
  const bands = settings[BANDS_SETTING[unit]];
  return enabled && bands && bands.length > 0 ? bands : null;
}

/**
 * The bands a unit is judged by: its own when set, else the default one "alarm" band per
 * side from the unit's min and max, the alarm delay and its type. None when the unit is
 * not measured. Ordered as sortBands orders them.
 */
export function bandsOf(settings: BandSource, unit: BandUnit): LimitBand[] {
  const enabled = unit === "temperature" ? settings.temperatureEnabled : settings.humidityEnabled;
  if (!enabled) return [];
  const explicit = explicitBands(settings, unit);
  if (explicit) return sortBands(explicit);
  const lower = unit === "temperature" ? settings.temperatureMin : settings.humidityMin;
  const upper = unit === "temperature" ? settings.temperatureMax : settings.humidityMax;
  const band = (side: Side, limit: number): LimitBand => ({
    side,
    limit,
    delayMinutes: settings.alarmDelayMinutes,
    delayType: settings.alarmType,
    severity: "alarm",
  });
  return [...(upper !== null ? [band("above", upper)] : []), ...(lower !== null ? [band("below", lower)] : [])];
}

/**
 * Above bands first, nearest limit first (ascending); then below bands, nearest first
 * (descending); bands of one limit mildest first (warning after 30 min, alarm after 60).
 */
export function sortBands(bands: readonly LimitBand[]): LimitBand[] {
  const rank = (a: LimitBand, b: LimitBand) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity];
  const above = bands.filter((b) => b.side === "above").sort((a, b) => a.limit - b.limit || rank(a, b));
  const below = bands.filter((b) => b.side === "below").sort((a, b) => b.limit - a.limit || rank(a, b));
  return [...above, ...below];
}

/** The excursion rule of one band: one-sided, with the band's own delay. */
export function bandRule(band: LimitBand, clock: SeriesClock): ExcursionRule {
  return {
    clock,
    lower: band.side === "below" ? band.limit : null,
    upper: band.side === "above" ? band.limit : null,
    alarmDelayMinutes: band.delayMinutes,
    alarmType: band.delayType,
  };
}

const SEVERITY_RANK: Record<BandSeverity, number> = { warning: 1, alarm: 2, critical: 3 };

/** The worse of severities (null: none reached). */
export function worstSeverity(severities: readonly (BandSeverity | null | undefined)[]): BandSeverity | null {
  let worst: BandSeverity | null = null;
  for (const s of severities) if (s && (worst === null || SEVERITY_RANK[s] > SEVERITY_RANK[worst])) worst = s;
  return worst;
}

/** Alarm and critical bands make a violation; a warning band only asks for a look. */
export const isViolationSeverity = (severity: BandSeverity | null): boolean =>
  severity !== null && SEVERITY_RANK[severity] >= SEVERITY_RANK.alarm;

export const SEVERITY_TEXT: Record<BandSeverity, string> = { warning: "Warning", alarm: "Alarm", critical: "Critical" };

/** Where a unit's band settings are checked against what a label can measure. */
export interface BandBounds {
  min: number;
  max: number;
  maxDelayMinutes: number;
}

export interface BandFieldError {
  /** `temperatureBands.2.limit`: the setting, the band's index in the list as sent, its field. */
  id: string;
  error: string;
}

/**
 * Every problem with a unit's bands, one message per band field, indexed as the list was
 * sent: limits inside the unit's bounds and ordered per side as sortBands orders them
 * (above bands ascending, below bands descending, one limit only with rising severities),
 * every above limit over every below limit, whole delays ≥ 0, at most three bands per side.
 */
export function bandErrors(
  setting: string,
  bands: readonly LimitBand[] | null | undefined,
  bounds: BandBounds,
  show: (value: number) => string = String,
): BandFieldError[] {
  if (!bands) return [];
  const errors: BandFieldError[] = [];
  const add = (i: number, field: keyof LimitBand, error: string) => {
    const id = `${setting}.${i}.${field}`;
    if (!errors.some((e) => e.id === id)) errors.push({ id, error });
  };
  const counts = { above: 0, below: 0 };
  const last: { above: LimitBand | null; below: LimitBand | null } = { above: null, below: null };
  bands.forEach((band, i) => {
    if (!(BAND_SIDES as readonly string[]).includes(band.side)) add(i, "side", "Choose above or below");
    if (!(BAND_SEVERITIES as readonly string[]).includes(band.severity)) add(i, "severity", "Choose a severity");
    if (!(BAND_DELAY_TYPES as readonly string[]).includes(band.delayType))
      add(i, "delayType", "Choose single or cumulative");
    if (!Number.isFinite(band.delayMinutes)) add(i, "delayMinutes", "Enter a value");
    else if (band.delayMinutes < 0) add(i, "delayMinutes", "Must be 0 or more minutes");
    else if (!Number.isInteger(band.delayMinutes)) add(i, "delayMinutes", "Must be a whole number of minutes");
    else if (band.delayMinutes > bounds.maxDelayMinutes)
      add(i, "delayMinutes", `Must be at most ${bounds.maxDelayMinutes} minutes`);
    const side = band.side === "below" ? "below" : "above";
    counts[side] += 1;
    if (counts[side] > MAX_BANDS_PER_SIDE) add(i, "side", `At most ${MAX_BANDS_PER_SIDE} bands ${side}`);
    if (!Number.isFinite(band.limit)) {
      add(i, "limit", "Enter a value");
      return;
    }
    if (band.limit < bounds.min || band.limit > bounds.max) {
      add(i, "limit", `Must be between ${show(bounds.min)} and ${show(bounds.max)}`);
      return;
    }
    const previous = last[side];
    // One limit may carry several severities (warning after 30 min, alarm after 60): mildest first.
    const sameLimitMilder =
      previous !== null &&
      band.limit === previous.limit &&
      SEVERITY_RANK[band.severity] <= SEVERITY_RANK[previous.severity];
    if (previous !== null && side === "above" && (band.limit < previous.limit || sameLimitMilder))
      add(i, "limit", "Must be above the previous band's limit, or the same limit with a higher severity");
    if (previous !== null && side === "below" && (band.limit > previous.limit || sameLimitMilder))
      add(i, "limit", "Must be below the previous band's limit, or the same limit with a higher severity");
    last[side] = band;
  });
  const aboveLimits = bands.filter((b) => b.side === "above" && Number.isFinite(b.limit)).map((b) => b.limit);
  const lowestAbove = aboveLimits.length ? Math.min(...aboveLimits) : null;
  bands.forEach((band, i) => {
    if (band.side === "below" && lowestAbove !== null && Number.isFinite(band.limit) && band.limit >= lowestAbove)
      add(i, "limit", "Must be under every limit above");
  });
  return errors;
}

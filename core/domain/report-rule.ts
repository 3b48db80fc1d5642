import { PRESET_SETTING_NAMES, type PresetSettings } from "./label-preset";
import { explicitBands, type LimitBand } from "./limit-bands";
import { DEFAULT_MAX_GAP_MINUTES, type PresetThresholds } from "./report-summary";

/**
 * The rule a label report is judged by: a copy of its preset's verdict settings taken
 * when the report was registered, with the preset's name and version at that moment.
 * A preset edit makes a new preset version and never reaches an existing report, so
 * its verdict, PDF and content hash stay what they were.
 */

type BandSetting = "temperatureBands" | "humidityBands";
const BAND_SETTINGS: readonly BandSetting[] = ["temperatureBands", "humidityBands"];

/**
 * The preset settings a rule keeps: every one (they change a verdict, a chart limit or what
 * the label records). A unit's bands only when the preset sets some: a rule without bands
 * is written exactly as rules were before bands, so its record's hash stays what it was.
 */
type RuleSettings = Omit<PresetSettings, BandSetting> & Partial<Record<BandSetting, LimitBand[] | null>>;

/** A preset's settings as stored: bands null or empty keep the default. */
type PresetLike = RuleSettings;

/** The bands settings that hold bands, the others left out. */
function bandSettingsOf(
  settings: Partial<Record<BandSetting, LimitBand[] | null>>,
): Partial<Record<BandSetting, LimitBand[]>> {
  const out: Partial<Record<BandSetting, LimitBand[]>> = {};
  for (const key of BAND_SETTINGS) {
    const bands = settings[key];
    if (bands && bands.length > 0) out[key] = bands;
  }
  return out;
}

export interface ReportRule extends RuleSettings {
  presetName: string;
  presetVersion: number;
  /**
   * The company's completeness threshold when the report was registered: a gap or silence
   * longer than this makes its data incomplete. Absent from rules kept before it was
   * (DEFAULT_MAX_GAP_MINUTES then).
   */
  maxGapMinutes?: number;
}

/** The rule a report registered now with this preset (at this version) under this company's threshold keeps. */
export function ruleOfPreset(
  preset: PresetLike & { name: string },
  version: number,
  maxGapMinutes: number = DEFAULT_MAX_GAP_MINUTES,
): ReportRule {
  const settings = Object.fromEntries(
    PRESET_SETTING_NAMES.filter((key) => !(BAND_SETTINGS as readonly string[]).includes(key)).map((key) => [
      key,
      preset[key as keyof PresetLike],
    ]),
  ) as Omit<RuleSettings, BandSetting>;
  return { ...settings, ...bandSettingsOf(preset), presetName: preset.name, presetVersion: version, maxGapMinutes };
}

/**
 * The thresholds the verdict maths take. The interval is the report's own (what the
 * label recorded with). A report without a rule (its preset was gone before rules were
 * kept) is evaluated against no thresholds: nothing is measured.
 */
export function thresholdsOfRule(rule: ReportRule | null, intervalMinutes: number): PresetThresholds {
  return {
    temperatureEnabled: rule ? Boolean(rule.temperatureEnabled) : false,
    temperatureMin: rule?.temperatureMin ?? null,
    temperatureMax: rule?.temperatureMax ?? null,
    humidityEnabled: rule ? Boolean(rule.humidityEnabled) : false,
    humidityMin: rule?.humidityMin ?? null,
    humidityMax: rule?.humidityMax ?? null,
    shockEnabled: rule ? Boolean(rule.shockEnabled) : false,
    shockThresholdG: rule?.shockThresholdG ?? null,
    alarmDelayMinutes: rule?.alarmDelayMinutes ?? 0,
    alarmType: rule?.alarmType ?? "single",
    intervalMinutes,
    batteryWarningLevel: rule?.batteryWarningLevel ?? 20,
    maxGapMinutes: rule?.maxGapMinutes ?? DEFAULT_MAX_GAP_MINUTES,
    // Only when set: the thresholds are hashed with the record and keyed into the fold's basis.
    ...(rule ? bandSettingsOf(rule) : {}),
  };
}

export interface RuleLimits {
  /** °C or %RH; null when the rule sets none (or the unit is not measured). */
  lower: number | null;
  upper: number | null;
  /** The rule's own limit bands of the unit (each drawn at its limit in its severity); absent: the limits are the lines. */
  bands?: readonly LimitBand[];
}

/**
 * The chart's limit lines of one unit, from the report's rule: every role that reads the
 * report sees them, and so does its share page (both draw them with ReportChartView).
 */
export function ruleLimits(rule: ReportRule | null | undefined, unit: "temperature" | "humidity"): RuleLimits {
  if (!rule) return { lower: null, upper: null };
  const bands = explicitBands(rule, unit) ?? undefined;
  if (unit === "temperature") {
    return rule.temperatureEnabled
      ? { lower: rule.temperatureMin, upper: rule.temperatureMax, bands }
      : { lower: null, upper: null };
  }
  return rule.humidityEnabled
    ? { lower: rule.humidityMin, upper: rule.humidityMax, bands }
    : { lower: null, upper: null };
}

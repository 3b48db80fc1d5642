import { PRESET_SETTING_NAMES, type PresetSettings } from "./label-preset";
import { DEFAULT_MAX_GAP_MINUTES, type PresetThresholds } from "./report-summary";

/**
 * The rule a label report is judged by: a copy of its preset's verdict settings taken
 * when the report was registered, with the preset's name and version at that moment.
 * A preset edit makes a new preset version and never reaches an existing report, so
 * its verdict, PDF and content hash stay what they were.
 */

/** The preset settings a rule keeps: every one (they change a verdict, a chart limit or what the label records). */
export type RuleSettings = PresetSettings;

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
  preset: RuleSettings & { name: string },
  version: number,
  maxGapMinutes: number = DEFAULT_MAX_GAP_MINUTES,
): ReportRule {
  const settings = Object.fromEntries(PRESET_SETTING_NAMES.map((key) => [key, preset[key]])) as RuleSettings;
  return { ...settings, presetName: preset.name, presetVersion: version, maxGapMinutes };
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
  };
}

export interface RuleLimits {
  /** °C or %RH; null when the rule sets none (or the unit is not measured). */
  lower: number | null;
  upper: number | null;
}

/** The chart's limit lines of one unit, from the report's rule: every role that reads the report sees them. */
export function ruleLimits(rule: ReportRule | null | undefined, unit: "temperature" | "humidity"): RuleLimits {
  if (!rule) return { lower: null, upper: null };
  if (unit === "temperature") {
    return rule.temperatureEnabled
      ? { lower: rule.temperatureMin, upper: rule.temperatureMax }
      : { lower: null, upper: null };
  }
  return rule.humidityEnabled ? { lower: rule.humidityMin, upper: rule.humidityMax } : { lower: null, upper: null };
}

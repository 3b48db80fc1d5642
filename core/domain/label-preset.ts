import { ALARM_TYPES } from "./excursions";
import { bandErrors, type LimitBand } from "./limit-bands";
import { roundTo, TEMPERATURE_SYMBOLS, type TemperatureUnit, toTemperatureUnit } from "./units";

/**
 * A label preset: the settings a label is started with (which units it measures,
 * the thresholds that count as a violation, how it records). The rules here are
 * the server's validation; the dashboard shows the same limits in its inputs.
 */

/**
 * The preset's settings, declared once: what a label is started with, and what a report's
 * rule keeps of its preset. Each says the kind of its value, the step of the wizard that
 * edits it, and how the version history names it. The API's schemas (core/api/label-preset.ts),
 * the database columns, the rule and the form's values are all derived from it.
 */
export const PRESET_SETTINGS = {
  temperatureEnabled: { kind: "boolean", step: "temperature", label: "temperature on/off" },
  /** °C */
  temperatureMin: { kind: "nullableNumber", step: "temperature", label: "lowest temperature" },
  temperatureMax: { kind: "nullableNumber", step: "temperature", label: "highest temperature" },
  /** Limit bands with severities (limit-bands.ts); null: one alarm band per side from the min and max. */
  temperatureBands: { kind: "bands", step: "temperature", label: "temperature bands" },
  humidityEnabled: { kind: "boolean", step: "humidity", label: "humidity on/off" },
  /** %RH */
  humidityMin: { kind: "nullableNumber", step: "humidity", label: "lowest humidity" },
  humidityMax: { kind: "nullableNumber", step: "humidity", label: "highest humidity" },
  humidityBands: { kind: "bands", step: "humidity", label: "humidity bands" },
  shockEnabled: { kind: "boolean", step: "shockAndBattery", label: "shock on/off" },
  /** g */
  shockThresholdG: { kind: "nullableNumber", step: "shockAndBattery", label: "shock threshold" },
  /** How long readings must be out of range before it counts as a violation. */
  alarmDelayMinutes: { kind: "integer", step: "general", label: "alarm delay" },
  alarmType: { kind: ALARM_TYPES, step: "general", label: "alarm type" },
  intervalMinutes: { kind: "integer", step: "general", label: "logging interval" },
  startDelayMinutes: { kind: "integer", step: "general", label: "start delay" },
  /** % at or below which the battery is reported low. */
  batteryWarningLevel: { kind: "integer", step: "shockAndBattery", label: "battery warning level" },
} as const satisfies Record<string, { kind: SettingKind; step: PresetStep; label: string }>;

/** What a setting's value is: an enum is the list of its values. */
export type SettingKind = "boolean" | "nullableNumber" | "integer" | "bands" | readonly string[];

/** The value a setting of this kind holds. */
export type SettingValue<K extends SettingKind> = K extends "boolean"
  ? boolean
  : K extends "nullableNumber"
    ? number | null
    : K extends "integer"
      ? number
      : K extends "bands"
        ? LimitBand[] | null
        : K extends readonly string[]
          ? K[number]
          : never;

export type PresetSetting = keyof typeof PRESET_SETTINGS;
export type PresetSettings = { -readonly [K in PresetSetting]: SettingValue<(typeof PRESET_SETTINGS)[K]["kind"]> };

/** The setting names, in their declared order. */
export const PRESET_SETTING_NAMES = Object.keys(PRESET_SETTINGS) as PresetSetting[];

/** A preset as a person writes it: its name and description, and its settings. */
export type LabelPresetInput = { name: string; description: string } & PresetSettings;

/** What a label can physically measure, and the other bounds of a preset. */
export const PRESET_LIMITS = {
  name: { max: 100 },
  description: { max: 1000 },
  temperature: { min: -40, max: 85 },
  humidity: { min: 0, max: 100 },
  shockThresholdG: { min: 0.5, max: 100 },
  alarmDelayMinutes: { min: 0, max: 7 * 24 * 60 },
  intervalMinutes: { min: 1, max: 120 },
  startDelayMinutes: { min: 0, max: 7 * 24 * 60 },
  batteryWarningLevel: { min: 1, max: 90 },
} as const;

export const PRESET_DEFAULTS: LabelPresetInput = {
  name: "",
  description: "",
  temperatureEnabled: true,
  temperatureMin: 2,
  temperatureMax: 8,
  temperatureBands: null,
  humidityEnabled: false,
  humidityMin: null,
  humidityMax: null,
  humidityBands: null,
  shockEnabled: false,
  shockThresholdG: null,
  alarmDelayMinutes: 30,
  alarmType: "single",
  intervalMinutes: 5,
  startDelayMinutes: 0,
  batteryWarningLevel: 20,
};

export type PresetField = keyof LabelPresetInput;

/** Every field a person writes, in the form's order. */
export const PRESET_FIELDS: readonly PresetField[] = ["name", "description", ...PRESET_SETTING_NAMES];

/** The fields of a preset (a database row, an answer), without the rest of the record. */
export function presetInputOf(preset: LabelPresetInput): LabelPresetInput {
  return Object.fromEntries(PRESET_FIELDS.map((key) => [key, preset[key]])) as LabelPresetInput;
}

export interface PresetFieldError {
  /** A field, or one field of a band: `temperatureBands.2.limit`. */
  id: PresetField | `${"temperatureBands" | "humidityBands"}.${number}.${string}`;
  error: string;
}

/** The unit temperature limits are written in; the server speaks °C, the dashboard the user's unit. */
export interface PresetMessageOptions {
  temperatureUnit?: TemperatureUnit;
}

const REQUIRED = "Enter a value";
export const NO_UNIT = "Enable at least one of temperature, humidity and shock";

function between(
  errors: PresetFieldError[],
  id: PresetField,
  value: number | null,
  limits: { min: number; max: number },
  unit: string,
  show: (value: number) => number = (v) => v,
) {
  if (value === null || !Number.isFinite(value)) {
    errors.push({ id, error: REQUIRED });
  } else if (value < limits.min || value > limits.max) {
    errors.push({ id, error: `Must be between ${show(limits.min)} and ${show(limits.max)}${unit}` });
  }
}

function wholeNumber(errors: PresetFieldError[], id: PresetField, value: number, what: string) {
  if (Number.isFinite(value) && !Number.isInteger(value) && !errors.some((e) => e.id === id)) {
    errors.push({ id, error: `Must be a whole number of ${what}` });
  }
}

/**
 * Every problem with a preset at once, one message per field (temperatures in °C).
 * The server answers these as its 400; the wizard shows the same messages before
 * sending, with the temperature limits written in the user's unit.
 */
export function presetErrors(p: LabelPresetInput, options: PresetMessageOptions = {}): PresetFieldError[] {
  const errors: PresetFieldError[] = [];
  const temperatureUnit = options.temperatureUnit ?? "celsius";
  const name = p.name.trim();
  if (!name) errors.push({ id: "name", error: REQUIRED });
  else if (name.length > PRESET_LIMITS.name.max)
    errors.push({ id: "name", error: `At most ${PRESET_LIMITS.name.max} characters` });
  if (p.description.length > PRESET_LIMITS.description.max) {
    errors.push({ id: "description", error: `At most ${PRESET_LIMITS.description.max} characters` });
  }
  if (!p.temperatureEnabled && !p.humidityEnabled && !p.shockEnabled) {
    errors.push({ id: "temperatureEnabled", error: NO_UNIT });
  }
  if (p.temperatureEnabled) {
    const symbol = ` ${TEMPERATURE_SYMBOLS[temperatureUnit]}`;
    const show = (c: number) => roundTo(toTemperatureUnit(c, temperatureUnit), 1);
    between(errors, "temperatureMin", p.temperatureMin, PRESET_LIMITS.temperature, symbol, show);
    between(errors, "temperatureMax", p.temperatureMax, PRESET_LIMITS.temperature, symbol, show);
    if (p.temperatureMin !== null && p.temperatureMax !== null && p.temperatureMin >= p.temperatureMax) {
      errors.push({ id: "temperatureMax", error: "Must be above the minimum temperature" });
    }
    const bounds = { ...PRESET_LIMITS.temperature, maxDelayMinutes: PRESET_LIMITS.alarmDelayMinutes.max };
    errors.push(...bandErrorsOf("temperatureBands", p.temperatureBands, bounds, (c) => `${show(c)}${symbol}`));
  }
  if (p.humidityEnabled) {
    between(errors, "humidityMin", p.humidityMin, PRESET_LIMITS.humidity, " %RH");
    between(errors, "humidityMax", p.humidityMax, PRESET_LIMITS.humidity, " %RH");
    if (p.humidityMin !== null && p.humidityMax !== null && p.humidityMin >= p.humidityMax) {
      errors.push({ id: "humidityMax", error: "Must be above the minimum humidity" });
    }
    const bounds = { ...PRESET_LIMITS.humidity, maxDelayMinutes: PRESET_LIMITS.alarmDelayMinutes.max };
    errors.push(...bandErrorsOf("humidityBands", p.humidityBands, bounds, (v) => `${v} %RH`));
  }
  if (p.shockEnabled) between(errors, "shockThresholdG", p.shockThresholdG, PRESET_LIMITS.shockThresholdG, " g");
  between(errors, "alarmDelayMinutes", p.alarmDelayMinutes, PRESET_LIMITS.alarmDelayMinutes, " minutes");
  between(errors, "intervalMinutes", p.intervalMinutes, PRESET_LIMITS.intervalMinutes, " minutes");
  between(errors, "startDelayMinutes", p.startDelayMinutes, PRESET_LIMITS.startDelayMinutes, " minutes");
  between(errors, "batteryWarningLevel", p.batteryWarningLevel, PRESET_LIMITS.batteryWarningLevel, " %");
  wholeNumber(errors, "alarmDelayMinutes", p.alarmDelayMinutes, "minutes");
  wholeNumber(errors, "intervalMinutes", p.intervalMinutes, "minutes");
  wholeNumber(errors, "startDelayMinutes", p.startDelayMinutes, "minutes");
  wholeNumber(errors, "batteryWarningLevel", p.batteryWarningLevel, "percent");
  return errors;
}

function bandErrorsOf(
  setting: "temperatureBands" | "humidityBands",
  bands: readonly LimitBand[] | null,
  bounds: { min: number; max: number; maxDelayMinutes: number },
  show: (value: number) => string,
): PresetFieldError[] {
  return bandErrors(setting, bands, bounds, show) as PresetFieldError[];
}

/** The steps of the create wizard; the edit form shows the same steps as sections. */
export const PRESET_STEPS = ["general", "temperature", "humidity", "shockAndBattery", "review"] as const;
export type PresetStep = (typeof PRESET_STEPS)[number];

export const PRESET_STEP_LABELS: Record<PresetStep, string> = {
  general: "General",
  temperature: "Temperature",
  humidity: "Humidity",
  shockAndBattery: "Shock and battery",
  review: "Review",
};

/** Which step owns each field: a server field error sends the wizard back there. */
const PRESET_FIELD_STEP: Record<PresetField, PresetStep> = {
  name: "general",
  description: "general",
  ...(Object.fromEntries(PRESET_SETTING_NAMES.map((key) => [key, PRESET_SETTINGS[key].step])) as Record<
    PresetSetting,
    PresetStep
  >),
};

/**
 * The step of a field id from a server answer (a band's field, `temperatureBands.2.limit`,
 * is its setting's); an id that is no field (a typo, an unknown key) is nobody's.
 */
export function stepOfField(id: string): PresetStep | undefined {
  const field = id.split(".")[0] ?? id;
  return Object.hasOwn(PRESET_FIELD_STEP, field) ? PRESET_FIELD_STEP[field as PresetField] : undefined;
}

/** The earliest step that owns one of these errors (where the wizard goes back to). */
export function firstStepWithError(ids: readonly string[]): PresetStep | undefined {
  const steps = new Set(ids.map(stepOfField));
  return PRESET_STEPS.find((step) => steps.has(step));
}

/**
 * The errors that keep the wizard on a step. "At least one unit" spans the three
 * unit steps, so it is checked on the last of them (shock and battery) and shown
 * there, under the shock switch: one may switch temperature off before reaching
 * the humidity step that turns humidity on.
 */
export function stepErrors(
  p: LabelPresetInput,
  step: PresetStep,
  options: PresetMessageOptions = {},
): PresetFieldError[] {
  const all = presetErrors(p, options);
  if (step === "review") return all;
  const own = all.filter((e) => stepOfField(e.id) === step && e.error !== NO_UNIT);
  if (step === "shockAndBattery" && all.some((e) => e.error === NO_UNIT)) {
    own.unshift({ id: "shockEnabled", error: NO_UNIT });
  }
  return own;
}

/** Path segments of the presets pages that a slug must never take. */
const RESERVED_SLUGS: ReadonlySet<string> = new Set(["create"]);

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A URL-safe slug from a name: "Pharma 2–8 °C" -> "pharma-2-8-c". */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "preset";
}

/**
 * The first of slug, slug-2, slug-3… that is not taken nor reserved. A slug shaped
 * like an id gets a prefix, since /label-presets/{idOrSlug} tells them apart by shape.
 */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  const root = UUID_SHAPE.test(base) ? `preset-${base}` : base;
  let slug = root;
  for (let n = 2; taken.has(slug) || RESERVED_SLUGS.has(slug); n++) slug = `${root}-${n}`;
  return slug;
}

/**
 * A label preset: the settings a label is started with (which units it measures,
 * the thresholds that count as a violation, how it records). The rules here are
 * the server's validation; the dashboard shows the same limits in its inputs.
 */

export interface LabelPresetInput {
  name: string;
  description: string;
  temperatureEnabled: boolean;
  /** °C */
  temperatureMin: number | null;
  temperatureMax: number | null;
  humidityEnabled: boolean;
  /** %RH */
  humidityMin: number | null;
  humidityMax: number | null;
  shockEnabled: boolean;
  /** g */
  shockThresholdG: number | null;
  /** How long readings must be out of range before it counts as a violation. */
  alarmDelayMinutes: number;
  alarmType: "single" | "cumulative";
  intervalMinutes: number;
  startDelayMinutes: number;
  /** % at or below which the battery is reported low. */
  batteryWarningLevel: number;
}

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
  humidityEnabled: false,
  humidityMin: null,
  humidityMax: null,
  shockEnabled: false,
  shockThresholdG: null,
  alarmDelayMinutes: 30,
  alarmType: "single",
  intervalMinutes: 5,
  startDelayMinutes: 0,
  batteryWarningLevel: 20,
};

export interface PresetFieldError {
  id: keyof LabelPresetInput;
  error: string;
}

function between(
  errors: PresetFieldError[],
  id: keyof LabelPresetInput,
  value: number | null,
  limits: { min: number; max: number },
  unit: string,
) {
  if (value === null || !Number.isFinite(value)) {
    errors.push({ id, error: "Field is not optional" });
  } else if (value < limits.min || value > limits.max) {
    errors.push({ id, error: `Must be between ${limits.min} and ${limits.max}${unit}` });
  }
}

/** Every problem with a preset at once, one message per field. */
export function presetErrors(p: LabelPresetInput): PresetFieldError[] {
  const errors: PresetFieldError[] = [];
  const name = p.name.trim();
  if (!name) errors.push({ id: "name", error: "Field is not optional" });
  else if (name.length > PRESET_LIMITS.name.max)
    errors.push({ id: "name", error: `At most ${PRESET_LIMITS.name.max} characters` });
  if (p.description.length > PRESET_LIMITS.description.max) {
    errors.push({ id: "description", error: `At most ${PRESET_LIMITS.description.max} characters` });
  }
  if (!p.temperatureEnabled && !p.humidityEnabled && !p.shockEnabled) {
    errors.push({ id: "temperatureEnabled", error: "Enable at least one of temperature, humidity and shock" });
  }
  if (p.temperatureEnabled) {
    between(errors, "temperatureMin", p.temperatureMin, PRESET_LIMITS.temperature, " °C");
    between(errors, "temperatureMax", p.temperatureMax, PRESET_LIMITS.temperature, " °C");
    if (p.temperatureMin !== null && p.temperatureMax !== null && p.temperatureMin >= p.temperatureMax) {
      errors.push({ id: "temperatureMax", error: "Must be above the minimum temperature" });
    }
  }
  if (p.humidityEnabled) {
    between(errors, "humidityMin", p.humidityMin, PRESET_LIMITS.humidity, " %RH");
    between(errors, "humidityMax", p.humidityMax, PRESET_LIMITS.humidity, " %RH");
    if (p.humidityMin !== null && p.humidityMax !== null && p.humidityMin >= p.humidityMax) {
      errors.push({ id: "humidityMax", error: "Must be above the minimum humidity" });
    }
  }
  if (p.shockEnabled) between(errors, "shockThresholdG", p.shockThresholdG, PRESET_LIMITS.shockThresholdG, " g");
  between(errors, "alarmDelayMinutes", p.alarmDelayMinutes, PRESET_LIMITS.alarmDelayMinutes, " minutes");
  between(errors, "intervalMinutes", p.intervalMinutes, PRESET_LIMITS.intervalMinutes, " minutes");
  between(errors, "startDelayMinutes", p.startDelayMinutes, PRESET_LIMITS.startDelayMinutes, " minutes");
  between(errors, "batteryWarningLevel", p.batteryWarningLevel, PRESET_LIMITS.batteryWarningLevel, " %");
  if (!Number.isInteger(p.intervalMinutes))
    errors.push({ id: "intervalMinutes", error: "Must be a whole number of minutes" });
  return errors;
}

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

/** The first of slug, slug-2, slug-3… that is not taken. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

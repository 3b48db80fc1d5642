import {
  type LabelPresetInput,
  PRESET_DEFAULTS,
  PRESET_FIELDS,
  PRESET_LIMITS,
  type PresetField,
  type PresetFieldError,
  presetInputOf,
} from "@core/domain/label-preset";
import type { LimitBand } from "@core/domain/limit-bands";
import { fromTemperatureUnit, roundTo, type TemperatureUnit, toTemperatureUnit } from "@core/domain/units";
import type { LabelPreset } from "../types";

/**
 * The preset form's values: the preset's settings with temperatures in the user's
 * unit (what they type and read). Stored and sent in °C.
 */
export type PresetFormValues = LabelPresetInput;

/** One message per field; a band's field by its id (`temperatureBands.2.limit`). */
export type FieldMessages = Partial<Record<PresetField | `${PresetField}.${number}.${string}`, string>>;

/** °F shown with one decimal (35.6 °F is 2 °C); °C kept as stored. */
const shown = (celsius: number | null, unit: TemperatureUnit) =>
  celsius === null ? null : unit === "celsius" ? celsius : roundTo(toTemperatureUnit(celsius, unit), 1);

/** °C to two decimals, so 36 °F is stored as 2.22 °C, not 2.2222…. */
const stored = (value: number | null, unit: TemperatureUnit) =>
  value === null ? null : unit === "celsius" ? value : roundTo(fromTemperatureUnit(value, unit), 2);

/** The preset fields a (partial) record holds, leaving out the missing ones. */
function definedFields(preset: Partial<LabelPreset>): Partial<LabelPresetInput> {
  return Object.fromEntries(PRESET_FIELDS.filter((key) => preset[key] !== undefined).map((key) => [key, preset[key]]));
}

/** The settings of a preset (or the defaults of a new one) as form values in `unit`. */
export function toFormValues(preset: Partial<LabelPreset> | null, unit: TemperatureUnit): PresetFormValues {
  const base = presetInputOf({ ...PRESET_DEFAULTS, ...(preset ? definedFields(preset) : {}) });
  return {
    ...base,
    temperatureMin: shown(base.temperatureMin, unit),
    temperatureMax: shown(base.temperatureMax, unit),
    temperatureBands: bandsIn(base.temperatureBands, (c) => shown(c, unit) ?? c),
  };
}

/** A unit's bands with their limits converted (temperatures between °C and the user's unit). */
function bandsIn(bands: LimitBand[] | null, convert: (value: number) => number): LimitBand[] | null {
  return bands && bands.length > 0 ? bands.map((band) => ({ ...band, limit: convert(band.limit) })) : null;
}

/** Form values back to the API's settings (temperatures in °C, the name trimmed). */
export function toPresetInput(values: PresetFormValues, unit: TemperatureUnit): LabelPresetInput {
  return {
    ...values,
    name: values.name.trim(),
    temperatureMin: stored(values.temperatureMin, unit),
    temperatureMax: stored(values.temperatureMax, unit),
    temperatureBands: bandsIn(values.temperatureBands, (v) => stored(v, unit) ?? v),
  };
}

/**
 * The settings an edit changed, to send as the PATCH body: only what the user
 * touched, so a temperature shown rounded in °F is never written back rounded.
 */
export function changedSettings(
  before: PresetFormValues,
  after: PresetFormValues,
  unit: TemperatureUnit,
): Partial<LabelPresetInput> {
  const input = toPresetInput(after, unit);
  const changes: Partial<LabelPresetInput> = {};
  for (const key of PRESET_FIELDS) {
    const was = key === "name" ? before.name.trim() : before[key];
    const now = key === "name" ? after.name.trim() : after[key];
    // Bands are lists: a new list (an edit) compares by its content.
    if (JSON.stringify(was) !== JSON.stringify(now)) (changes as Record<string, unknown>)[key] = input[key];
  }
  return changes;
}

/** Field errors as one message per field (the first, when the server sends several). */
export function messagesById(errors: readonly { id: string; error: string }[]): FieldMessages {
  const messages: FieldMessages = {};
  for (const { id, error } of errors) {
    if (!(id in messages)) (messages as Record<string, string>)[id] = error;
  }
  return messages;
}

/** The server's `errors` map (from the data provider) as field errors. */
export function serverFieldErrors(errors: Record<string, unknown> | undefined): PresetFieldError[] {
  if (!errors) return [];
  return Object.entries(errors)
    .filter((entry): entry is [string, string] => typeof entry[1] === "string")
    .map(([id, error]) => ({ id: id as PresetField, error }));
}

/** Input bounds in the user's unit, for the number fields (what a label can measure). */
export function temperatureBounds(unit: TemperatureUnit) {
  const { min, max } = PRESET_LIMITS.temperature;
  return { min: roundTo(toTemperatureUnit(min, unit), 1), max: roundTo(toTemperatureUnit(max, unit), 1) };
}

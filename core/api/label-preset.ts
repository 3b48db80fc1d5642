import { type Static, type TOptional, type TUnsafe, Type } from "typebox";
import {
  PRESET_SETTING_NAMES,
  PRESET_SETTINGS,
  type PresetSetting,
  type PresetSettings,
  type SettingKind,
  type SettingValue,
} from "../domain/label-preset";
import { BAND_DELAY_TYPES, BAND_SEVERITIES, BAND_SIDES, MAX_BANDS_PER_SIDE } from "../domain/limit-bands";
import { dateTime, Nullable, NullableObject, PlainText, StringEnum } from "./schema-types";

/**
 * One limit band of a unit. Limits and delays are plain numbers here: their order, range
 * and wholeness are the domain's rules (core/domain/limit-bands.ts), named per band field.
 */
const limitBand = Type.Object(
  {
    side: StringEnum(BAND_SIDES),
    limit: Type.Number({ description: "°C or %RH; out of the band means strictly beyond it" }),
    delayMinutes: Type.Number({ description: "Minutes beyond the limit before the band is reached (0: at once)" }),
    delayType: StringEnum(BAND_DELAY_TYPES),
    severity: StringEnum(BAND_SEVERITIES),
  },
  { additionalProperties: false },
);

/** A unit's bands: null (or an empty list) keeps the default, one alarm band per side from the min and max. */
const limitBands = Type.Unsafe<Static<typeof limitBand>[] | null>({
  ...Type.Array(limitBand, { maxItems: 2 * MAX_BANDS_PER_SIDE }),
  type: ["array", "null"],
});

/** The schema of one setting's value, by its kind (core/domain/label-preset.ts declares the settings). */
function settingSchema<K extends SettingKind>(kind: K): TUnsafe<SettingValue<K>> {
  if (kind === "boolean") return Type.Unsafe<SettingValue<K>>(Type.Boolean());
  if (kind === "nullableNumber") return Type.Unsafe<SettingValue<K>>(Nullable(Type.Number()));
  if (kind === "integer") return Type.Unsafe<SettingValue<K>>(Type.Integer());
  if (kind === "bands") return Type.Unsafe<SettingValue<K>>(limitBands);
  return Type.Unsafe<SettingValue<K>>(StringEnum(kind as readonly string[]));
}

/** A preset's settings: what a label is started with, and what a report's frozen rule copies. */
export const presetSettingsProperties = Object.fromEntries(
  PRESET_SETTING_NAMES.map((key) => [key, settingSchema(PRESET_SETTINGS[key].kind)]),
) as { [K in PresetSetting]: TUnsafe<PresetSettings[K]> };

/** The settings, each optional: a preset's changes, and a new preset's (the rest are the defaults). */
const optionalSettings = Object.fromEntries(
  PRESET_SETTING_NAMES.map((key) => [key, Type.Optional(presetSettingsProperties[key])]),
) as { [K in PresetSetting]: TOptional<TUnsafe<PresetSettings[K]>> };

/**
 * POST /label-presets: types are checked here, the rules between fields in
 * core/domain/label-preset.ts, so every problem is named at once.
 */
export const labelPresetInput = Type.Object(
  {
    name: PlainText({ maxLength: 200 }),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    ...optionalSettings,
  },
  { additionalProperties: false },
);

/** PATCH /label-presets/{idOrSlug}: any setting, the name, the description, or archiving. */
export const labelPresetChanges = Type.Object(
  {
    ...labelPresetInput.properties,
    name: Type.Optional(labelPresetInput.properties.name),
    isArchived: Type.Optional(Type.Boolean()),
  },
  { minProperties: 1, additionalProperties: false },
);

/** A label preset as every preset route answers with it. */
export const labelPresetRecord = Type.Object({
  id: Type.String(),
  companyId: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  ...presetSettingsProperties,
  isArchived: Type.Boolean(),
  version: Type.Integer({ description: "Raised by every change of a setting, the name or the description" }),
  reportCount: Type.Integer(),
  created: dateTime,
  updated: dateTime,
});

/** A preset by its id or its slug: /label-presets/{idOrSlug}. */
export const labelPresetParams = Type.Object({ idOrSlug: Type.String({ pattern: "^[a-z0-9-]{1,120}$" }) });

export type LabelPresetRecord = Static<typeof labelPresetRecord>;

/** One entry of GET /label-presets/{idOrSlug}/versions. */
export const labelPresetVersionRecord = Type.Object({
  version: Type.Integer(),
  changedAt: dateTime,
  changedBy: NullableObject(Type.Object({ name: Type.String(), email: Type.String() })),
  changes: Type.Array(Type.String(), { description: "Names of the settings this version changed" }),
  reportCount: Type.Integer({ description: "Reports judged by this version's rule" }),
});

export type LabelPresetVersionRecord = Static<typeof labelPresetVersionRecord>;

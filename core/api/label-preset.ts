import { type Static, Type } from "typebox";
import { dateTime, Nullable, StringEnum } from "./schema-types";

/** A preset's settings: what a label is started with, and what a report's frozen rule copies. */
export const presetSettingsProperties = {
  temperatureEnabled: Type.Boolean(),
  temperatureMin: Nullable(Type.Number()),
  temperatureMax: Nullable(Type.Number()),
  humidityEnabled: Type.Boolean(),
  humidityMin: Nullable(Type.Number()),
  humidityMax: Nullable(Type.Number()),
  shockEnabled: Type.Boolean(),
  shockThresholdG: Nullable(Type.Number()),
  alarmDelayMinutes: Type.Integer(),
  alarmType: StringEnum(["single", "cumulative"]),
  intervalMinutes: Type.Integer(),
  startDelayMinutes: Type.Integer(),
  batteryWarningLevel: Type.Integer(),
};

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

export type LabelPresetRecord = Static<typeof labelPresetRecord>;

import { booleanColumn, type ColumnSpec, dateColumn, textColumn } from "@/components/list/columns";
import type { LabelPreset } from "../types";

const enabled = { trueLabel: "On", falseLabel: "Off" } as const;

export const labelPresetColumns: ColumnSpec<LabelPreset>[] = [
  textColumn("name", "Name"),
  textColumn("slug", "Slug"),
  booleanColumn("temperatureEnabled", "Temperature", enabled),
  booleanColumn("humidityEnabled", "Humidity", enabled),
  booleanColumn("shockEnabled", "Shock", enabled),
  dateColumn("created", "Created"),
];

export const labelPresetFields: ColumnSpec<LabelPreset>[] = [
  ...labelPresetColumns,
  textColumn("description", "Description"),
  textColumn("temperatureMin", "Temperature min (°C)"),
  textColumn("temperatureMax", "Temperature max (°C)"),
  textColumn("humidityMin", "Humidity min (%)"),
  textColumn("humidityMax", "Humidity max (%)"),
  textColumn("shockThresholdG", "Shock threshold (g)"),
  textColumn("alarmType", "Alarm type"),
  textColumn("alarmDelayMinutes", "Alarm delay (minutes)"),
  textColumn("intervalMinutes", "Interval (minutes)"),
  textColumn("startDelayMinutes", "Start delay (minutes)"),
  textColumn("batteryWarningLevel", "Battery warning level (%)"),
  textColumn("reportCount", "Reports"),
  booleanColumn("isArchived", "Archived"),
  dateColumn("updated", "Updated"),
];

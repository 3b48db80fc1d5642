import {
  type EvaluationWindow,
  type PresetThresholds,
  summariseReport,
  violationColumns,
} from "../../src/domain/report-summary";
import type { LabelStatus } from "../../src/domain/resources";
import type { Db } from "../db/index";

/** The preset columns `presetThresholdsOf` reads, selected from a report joined to its preset as `p`. */
export const PRESET_THRESHOLD_COLUMNS = [
  "p.id as presetId",
  "p.temperatureEnabled",
  "p.temperatureMin",
  "p.temperatureMax",
  "p.humidityEnabled",
  "p.humidityMin",
  "p.humidityMax",
  "p.shockEnabled",
  "p.shockThresholdG",
  "p.alarmDelayMinutes",
  "p.alarmType",
  "p.batteryWarningLevel",
] as const;

const toMs = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

/**
 * Recomputes a report's summary and verdict columns from all its readings, over its
 * evaluation (trim) window, with the domain maths the screen and the PDF also use.
 * Readings are never changed or deleted here.
 */
export async function recomputeSummary(db: Db, reportId: string): Promise<void> {
  const report = await db
    .selectFrom("labelReports as r")
    .leftJoin("labelPresets as p", "p.id", "r.presetId")
    .select(["r.status", "r.trimStart", "r.trimEnd", "r.intervalMinutes", ...PRESET_THRESHOLD_COLUMNS])
    .where("r.id", "=", reportId)
    .executeTakeFirstOrThrow();
  const readings = await db
    .selectFrom("measurements")
    .select(["t", "temperature", "humidity", "battery"])
    .where("reportId", "=", reportId)
    .orderBy("t")
    .execute();
  const shocks = await db
    .selectFrom("shockEvents")
    .select(["t", "magnitudeG"])
    .where("reportId", "=", reportId)
    .orderBy("t")
    .execute();
  const window: EvaluationWindow = { start: toMs(report.trimStart), end: toMs(report.trimEnd) };
  const preset = presetThresholdsOf(report);
  const summary = summariseReport({
    preset,
    readings: readings.map((r) => ({
      t: new Date(r.t).getTime(),
      temperature: r.temperature,
      humidity: r.humidity,
      battery: r.battery,
    })),
    shockEvents: shocks.map((s) => ({ t: new Date(s.t).getTime(), magnitudeG: s.magnitudeG })),
    status: report.status as LabelStatus,
    window,
  });
  await db
    .updateTable("labelReports")
    .set({
      summary: JSON.stringify(summary),
      ...violationColumns(summary),
      readingCount: readings.length,
      updated: new Date(),
    })
    .where("id", "=", reportId)
    .execute();
}

/** The preset columns of a report joined with its (left-joined) preset. */
export interface PresetColumns {
  intervalMinutes: number;
  presetId: string | null;
  temperatureEnabled: boolean | null;
  temperatureMin: number | null;
  temperatureMax: number | null;
  humidityEnabled: boolean | null;
  humidityMin: number | null;
  humidityMax: number | null;
  shockEnabled: boolean | null;
  shockThresholdG: number | null;
  alarmDelayMinutes: number | null;
  alarmType: "single" | "cumulative" | null;
  batteryWarningLevel: number | null;
}

/**
 * The thresholds a report is evaluated against. The interval is the report's own (the
 * label recorded with it). A report whose preset was deleted is evaluated against no
 * thresholds: nothing is measured.
 */
export function presetThresholdsOf(report: PresetColumns): PresetThresholds {
  return {
    temperatureEnabled: report.presetId ? Boolean(report.temperatureEnabled) : false,
    temperatureMin: report.temperatureMin,
    temperatureMax: report.temperatureMax,
    humidityEnabled: report.presetId ? Boolean(report.humidityEnabled) : false,
    humidityMin: report.humidityMin,
    humidityMax: report.humidityMax,
    shockEnabled: report.presetId ? Boolean(report.shockEnabled) : false,
    shockThresholdG: report.shockThresholdG,
    alarmDelayMinutes: report.alarmDelayMinutes ?? 0,
    alarmType: report.alarmType ?? "single",
    intervalMinutes: report.intervalMinutes,
    batteryWarningLevel: report.batteryWarningLevel ?? 20,
  };
}

import { thresholdsOfRule } from "../../src/domain/report-rule";
import { type EvaluationWindow, summariseReport, violationColumns } from "../../src/domain/report-summary";
import type { LabelStatus } from "../../src/domain/resources";
import type { Db } from "../db/index";

const toMs = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

/**
 * Recomputes a report's summary and verdict columns from all its readings, over its
 * evaluation (trim) window, against its own frozen rule (never the preset as it is now),
 * with the domain maths the screen and the PDF also use.
 * Readings are never changed or deleted here.
 */
export async function recomputeSummary(db: Db, reportId: string): Promise<void> {
  const report = await db
    .selectFrom("labelReports as r")
    .select(["r.status", "r.trimStart", "r.trimEnd", "r.intervalMinutes", "r.rule"])
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
  const preset = thresholdsOfRule(report.rule, report.intervalMinutes);
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

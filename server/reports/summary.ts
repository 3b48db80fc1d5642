import { thresholdsOfRule } from "../../src/domain/report-rule";
import {
  type EvaluationWindow,
  type ReportSummaryInput,
  summariseReport,
  violationColumns,
} from "../../src/domain/report-summary";
import type { LabelStatus } from "../../src/domain/resources";
import type { Db } from "../db/index";

export const toMs = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

/**
 * Recomputes a report's summary and verdict columns from all its readings, over its
 * evaluation (trim) window, against its own frozen rule (never the preset as it is now),
 * with the domain maths the screen and the PDF also use.
 * Readings are never changed or deleted here.
 */
export async function recomputeSummary(db: Db, reportId: string): Promise<void> {
  const input = await summaryInput(db, reportId);
  const summary = summariseReport(input);
  await db
    .updateTable("labelReports")
    .set({
      summary: JSON.stringify(summary),
      ...violationColumns(summary),
      // All readings, trimmed-away ones included: the window never deletes any.
      readingCount: input.readings.length,
      updated: new Date(),
    })
    .where("id", "=", reportId)
    .execute();
}

/** Everything the verdict maths take for one report, over its current evaluation window. */
export async function summaryInput(db: Db, reportId: string): Promise<ReportSummaryInput> {
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
  return {
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
  };
}

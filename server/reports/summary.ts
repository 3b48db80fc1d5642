import { thresholdsOfRule } from "../../core/domain/report-rule";
import {
  type EvaluationWindow,
  type PresetThresholds,
  type ReportSummary,
  type ReportSummaryInput,
  type SummaryReading,
  type SummaryShockEvent,
  summariseReport,
  violationColumns,
} from "../../core/domain/report-summary";
import type { LabelStatus } from "../../core/domain/resources";
import {
  foldAll,
  foldNewReadings,
  type StoredReadings,
  type SummaryFoldState,
  summaryOfFoldState,
} from "../../core/domain/summary-fold";
import type { Db } from "../db/index";

export const toMs = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

/**
 * Recomputes a report's summary and verdict columns from all its readings, over its
 * evaluation (trim) window, against its own frozen rule (never the preset as it is now),
 * with the domain maths the screen and the PDF also use, and rebuilds the state later
 * batches are folded into (updateSummary). Cost proportional to the report's length:
 * what a trim, a rule change, a stop or a report without a usable state takes.
 * Readings are never changed or deleted here.
 */
export async function recomputeSummary(db: Db, reportId: string): Promise<void> {
  const input = await summaryInput(db, reportId);
  const summary = summariseReport(input);
  await writeSummary(db, reportId, summary, input.readings.length);
  await saveState(
    db,
    reportId,
    basisOf(input.preset, input.window ?? null),
    input.readings.length,
    // A trimmed report keeps no state: its batches are recomputed (see updateSummary).
    trimmed(input.window) ? null : foldAll(input.readings, input.shockEvents ?? [], input.preset),
  );
}

/**
 * Folds a batch of just-stored readings (and their shock events), as the database
 * answered them, into the report's summary: cost proportional to the batch, plus, for
 * readings in the middle of the report, the stretch between the stored readings around
 * them (core/domain/summary-fold.ts). Falls back to recomputeSummary when the report
 * has no state built against its current rule and window, or is trimmed (rare while
 * readings still arrive; a trim already recomputes everything).
 */
export async function updateSummary(
  db: Db,
  reportId: string,
  readings: readonly SummaryReading[],
  shockEvents: readonly SummaryShockEvent[],
): Promise<void> {
  const report = await db
    .selectFrom("labelReports as r")
    .leftJoin("reportSummaryStates as s", "s.reportId", "r.id")
    .select([
      "r.status",
      "r.endTime",
      "r.trimStart",
      "r.trimEnd",
      "r.intervalMinutes",
      "r.rule",
      "r.readingCount",
      "s.basis",
      "s.readingCount as stateReadingCount",
      "s.state",
    ])
    .where("r.id", "=", reportId)
    .executeTakeFirstOrThrow();
  const window: EvaluationWindow = { start: toMs(report.trimStart), end: toMs(report.trimEnd) };
  const preset = thresholdsOfRule(report.rule, report.intervalMinutes);
  const basis = basisOf(preset, window);
  const readingCount = report.readingCount + readings.length;
  if (
    trimmed(window) ||
    report.state === null ||
    report.basis !== basis ||
    report.stateReadingCount !== report.readingCount
  ) {
    await recomputeSummary(db, reportId);
    return;
  }
  const before = (typeof report.state === "string" ? JSON.parse(report.state) : report.state) as SummaryFoldState;
  const state = await foldNewReadings(before, readings, shockEvents, preset, storedReadings(db, reportId));
  if (state === null) {
    // The batch moved the label's interval, so the clock of every excursion and gap moved.
    await recomputeSummary(db, reportId);
    return;
  }
  const context = { preset, status: report.status as LabelStatus, endTime: toMs(report.endTime) };
  await writeSummary(db, reportId, summaryOfFoldState(state, context), readingCount);
  await saveState(db, reportId, basis, readingCount, state);
}

/** Everything the verdict maths take for one report, over its current evaluation window. */
export async function summaryInput(db: Db, reportId: string): Promise<ReportSummaryInput> {
  const report = await db
    .selectFrom("labelReports as r")
    .select(["r.status", "r.endTime", "r.trimStart", "r.trimEnd", "r.intervalMinutes", "r.rule"])
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
    readings: readings.map(summaryReading),
    shockEvents: shocks.map((s) => ({ t: new Date(s.t).getTime(), magnitudeG: s.magnitudeG })),
    status: report.status as LabelStatus,
    window,
    endTime: toMs(report.endTime),
  };
}

export function summaryReading(row: {
  t: Date | string;
  temperature: number | null;
  humidity: number | null;
  battery: number | null;
}): SummaryReading {
  return { t: new Date(row.t).getTime(), temperature: row.temperature, humidity: row.humidity, battery: row.battery };
}

export const trimmed = (window: EvaluationWindow | null | undefined) => window?.start != null || window?.end != null;

/**
 * What a state was built against: a state of other thresholds, another window or another
 * shape of state (`maths`, raised whenever the verdict maths change) is no use.
 */
export const SUMMARY_MATHS_VERSION = 2;
export const basisOf = (preset: PresetThresholds, window: EvaluationWindow | null) =>
  JSON.stringify({
    maths: SUMMARY_MATHS_VERSION,
    preset,
    window: { start: window?.start ?? null, end: window?.end ?? null },
  });

async function writeSummary(db: Db, reportId: string, summary: ReportSummary, readingCount: number) {
  await db
    .updateTable("labelReports")
    .set({
      summary: JSON.stringify(summary),
      ...violationColumns(summary),
      summaryMaths: SUMMARY_MATHS_VERSION,
      // All readings, trimmed-away ones included: the window never deletes any.
      readingCount,
      updated: new Date(),
    })
    .where("id", "=", reportId)
    .execute();
}

async function saveState(
  db: Db,
  reportId: string,
  basis: string,
  readingCount: number,
  state: SummaryFoldState | null,
) {
  if (state === null) {
    await db.deleteFrom("reportSummaryStates").where("reportId", "=", reportId).execute();
    return;
  }
  const row = { reportId, basis, readingCount, state: JSON.stringify(state) };
  await db
    .insertInto("reportSummaryStates")
    .values(row)
    .onConflict((oc) => oc.column("reportId").doUpdateSet({ basis, readingCount, state: row.state }))
    .execute();
}

/** The report's stored readings, read only around late readings. */
function storedReadings(db: Db, reportId: string): StoredReadings {
  const columns = ["t", "temperature", "humidity", "battery"] as const;
  const base = () => db.selectFrom("measurements").select(columns).where("reportId", "=", reportId);
  return {
    before: async (t, limit) =>
      (await base().where("t", "<", new Date(t)).orderBy("t", "desc").limit(limit).execute()).map(summaryReading),
    after: async (t, until, limit) =>
      (
        await base().where("t", ">", new Date(t)).where("t", "<=", new Date(until)).orderBy("t").limit(limit).execute()
      ).map(summaryReading),
    between: async (from, to) => {
      let query = base().where("t", "<=", new Date(to));
      if (from !== null) query = query.where("t", ">=", new Date(from));
      return (await query.orderBy("t").execute()).map(summaryReading);
    },
  };
}

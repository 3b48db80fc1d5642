import { sql } from "kysely";
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
import { toMs } from "../db/time-values";

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
  const [report] = await reportsWithFoldState(db, [reportId]);
  if (!report) throw new Error(`label report ${reportId} not found`);
  const readingCount = report.readingCount + readings.length;
  if (report.state === null) {
    await recomputeSummary(db, reportId);
    return;
  }
  const { preset } = report;
  const state = await foldNewReadings(report.state, readings, shockEvents, preset, storedReadings(db, reportId));
  if (state === null) {
    // The batch moved the label's interval, so the clock of every excursion and gap moved.
    await recomputeSummary(db, reportId);
    return;
  }
  const context = { preset, status: report.status, endTime: report.endTime };
  await writeSummary(db, reportId, summaryOfFoldState(state, context), readingCount);
  await saveState(db, reportId, report.basis, readingCount, state);
}

/** A report as its summary is folded: its rule's thresholds, its status and end, and its stored fold state. */
export interface ReportWithFoldState {
  id: string;
  status: LabelStatus;
  endTime: number | null;
  readingCount: number;
  preset: PresetThresholds;
  /** What a state built now is built against (basisOf). */
  basis: string;
  /**
   * The stored state, or null when it is of no use: none yet, built against another rule,
   * window or maths, behind the report's readings, or the report is trimmed (a trimmed
   * report keeps no state). A null state means the summary is recomputed from the readings.
   */
  state: SummaryFoldState | null;
}

/** The reports `ids` with their fold state, in one query: what updateSummary and a batch of status changes start from. */
export async function reportsWithFoldState(db: Db, ids: readonly string[]): Promise<ReportWithFoldState[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("labelReports as r")
    .leftJoin("reportSummaryStates as s", "s.reportId", "r.id")
    .select([
      "r.id",
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
    .where("r.id", "in", ids)
    .execute();
  return rows.map((row) => {
    const window: EvaluationWindow = { start: toMs(row.trimStart), end: toMs(row.trimEnd) };
    const preset = thresholdsOfRule(row.rule, row.intervalMinutes);
    const basis = basisOf(preset, window);
    const usable =
      !trimmed(window) && row.state !== null && row.basis === basis && row.stateReadingCount === row.readingCount;
    return {
      id: row.id,
      status: row.status as LabelStatus,
      endTime: toMs(row.endTime),
      readingCount: row.readingCount,
      preset,
      basis,
      state: usable ? ((typeof row.state === "string" ? JSON.parse(row.state) : row.state) as SummaryFoldState) : null,
    };
  });
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

function summaryReading(row: {
  t: Date | string;
  temperature: number | null;
  humidity: number | null;
  battery: number | null;
}): SummaryReading {
  return { t: new Date(row.t).getTime(), temperature: row.temperature, humidity: row.humidity, battery: row.battery };
}

const trimmed = (window: EvaluationWindow | null | undefined) => window?.start != null || window?.end != null;

/**
 * What a state was built against: a state of other thresholds, another window or another
 * shape of state (`maths`, raised whenever the verdict maths change) is no use.
 */
export const SUMMARY_MATHS_VERSION = 2;
const basisOf = (preset: PresetThresholds, window: EvaluationWindow | null) =>
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

/** The overall verdict a report's stored summary holds (null before any reading), as a column to select. */
export const storedVerdict = () => sql<string | null>`summary -> 'overall' ->> 'verdict'`;

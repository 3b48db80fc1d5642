import { sql } from "kysely";
import type { ReadingBatchAnswer } from "../../core/api/reading-batch";
import type { Reading } from "../../core/domain/readings";
import type { SummaryReading, SummaryShockEvent } from "../../core/domain/report-summary";
import type { Principal } from "../auth/principal";
import type { Db } from "../db/index";
import { badRequest, notFound } from "../errors";
import {
  ALERT_STATE_COLUMNS,
  type AlertState,
  type AlertStateRow,
  alertStateOf,
  readAlertState,
} from "../notifications/alert-state";
import { type AlertLinks, enqueueAlerts, LINKS_FROM_ENV } from "../notifications/enqueue-alerts";
import { recordBudgetChange, reportBatchBudget } from "../products/budget-trail";
import { updateSummary } from "../reports/summary";
import { raiseReportBudgetAlarms } from "../shipments/budget-alarms";
import { RECORD_STATE_COLUMNS, type RecordState, recordLateReadings } from "./late-readings";

/** Shock rows per INSERT statement: 3 parameters a row keeps it far under PostgreSQL's 65,535. */
const INSERT_CHUNK_ROWS = 2000;

/** One of a label id's reports with what decides which readings it owns, and what a late reading changes. */
interface OwnerCandidate extends AlertStateRow, RecordState {
  id: string;
}

/**
 * Which of a label id's reports (oldest first) owns a reading's time: the reports of one
 * label id split its timeline, each owning the time after the previous one's end up to
 * its own end, the last one open-ended while it has no end. So a label's memory of
 * shipment A uploaded after the label was registered again for shipment B lands in A.
 * Null: the time is after the last report's end.
 */
function ownerOf<R extends Pick<OwnerCandidate, "endTime">>(reports: readonly R[], t: number): R | null {
  for (const report of reports) if (report.endTime !== null && t <= new Date(report.endTime).getTime()) return report;
  const last = reports[reports.length - 1];
  return last && last.endTime === null ? last : null;
}

/**
 * Writes a batch of a label's readings into its reports, all or nothing:
 * - each reading goes to the report of the label id that owns its time (ownerOf; a label
 *   of another company is unknown here: 404); a reading after the last report's end is a
 *   400 naming it, and nothing of the batch is written;
 * - a reading whose (report, time) is already stored is a duplicate and changes nothing,
 *   so a gateway may re-send a batch; order and lateness do not matter;
 * - the first reading starts a report (notStarted -> recording, start = its time); a
 *   later-arriving earlier reading moves the start back;
 * - the summary and verdict columns are updated from the batch alone (updateSummary: cost
 *   proportional to the batch, readings in the middle re-read only their neighbourhood),
 *   the chart rollups follow through the measurements triggers (migration 0005).
 */
export async function ingestReadings(
  db: Db,
  principal: Principal,
  labelId: string,
  readings: readonly Reading[],
  links: AlertLinks = LINKS_FROM_ENV,
): Promise<ReadingBatchAnswer> {
  return db.transaction().execute(async (trx) => {
    // Locked, oldest first (one order for every writer): two batches of one label at once
    // must not both see a report notStarted.
    const reports = await trx
      .selectFrom("labelReports")
      // The alert state before the batch comes with the rows: one round trip less a request.
      .select(["id", ...ALERT_STATE_COLUMNS, ...RECORD_STATE_COLUMNS])
      .where("companyId", "=", principal.companyId)
      .where("labelId", "=", labelId)
      .orderBy("created")
      .orderBy("id")
      .forUpdate()
      .execute();
    if (reports.length === 0)
      throw notFound("No label with this id in your company; register it first (POST /api/label-reports)");

    const byReport = new Map<OwnerCandidate, Reading[]>();
    const late: { id: string; error: string }[] = [];
    readings.forEach((r, index) => {
      const owner = ownerOf(reports, r.t);
      if (!owner) {
        const last = reports[reports.length - 1] as OwnerCandidate;
        const finished = last.status === "stopped" || last.status === "ended";
        late.push({
          id: `readings.${index}.time`,
          error: finished ? `is after the label was ${last.status}` : "is after the label's planned end",
        });
        return;
      }
      const list = byReport.get(owner);
      if (list) list.push(r);
      else byReport.set(owner, [r]);
    });
    if (late.length) throw badRequest("Some readings are after the label's end; nothing was written", late);

    const results: ReadingBatchAnswer["reports"] = [];
    let newest: { reportId: string; t: number } | null = null;
    for (const report of reports) {
      const own = byReport.get(report);
      if (!own) continue;
      // A product's budget is computed from the readings: its use before the batch, to trail a change.
      const budgetBefore = await reportBatchBudget(trx, report.id);
      const { stored, ...result } = await ingestIntoReport(trx, report.id, own, alertStateOf(report), links);
      results.push(result);
      if (budgetBefore && stored.length > 0) {
        // A use that grew may have used the batch's budget up: a critical alarm of its own.
        const changed = await recordBudgetChange(trx, principal, report.id, budgetBefore);
        await raiseReportBudgetAlarms(trx, report.id, changed, links);
      }
      if (stored.length > 0) await recordLateReadings(trx, principal, report, stored, links);
      for (const r of own) if (newest === null || r.t > newest.t) newest = { reportId: report.id, t: r.t };
    }
    const accepted = results.reduce((sum, r) => sum + r.accepted, 0);
    return {
      reportId: newest?.reportId ?? (reports[reports.length - 1] as OwnerCandidate).id,
      accepted,
      duplicates: readings.length - accepted,
      reports: results,
    };
  });
}

/** Stores one report's share of a batch, folds it into the summary and raises its alerts. */
async function ingestIntoReport(
  trx: Db,
  reportId: string,
  readings: readonly Reading[],
  before: AlertState,
  links: AlertLinks,
): Promise<{ reportId: string; accepted: number; duplicates: number; stored: SummaryReading[] }> {
  // A time twice in one batch is a duplicate like a time already stored: the first one counts.
  const byTime = new Map<number, Reading>();
  for (const reading of readings) if (!byTime.has(reading.t)) byTime.set(reading.t, reading);
  const unique = [...byTime.values()];

  const stored = await insertMeasurements(trx, reportId, unique);
  const inserted = stored.map((row) => byTime.get(row.t) as Reading);

  // A shock is stored with its reading only, so a re-sent shock is never stored twice.
  const shocks = inserted.filter((r) => r.shock !== null && r.shock > 0);
  const storedShocks: SummaryShockEvent[] = [];
  for (let i = 0; i < shocks.length; i += INSERT_CHUNK_ROWS) {
    const rows = await trx
      .insertInto("shockEvents")
      .values(
        shocks
          .slice(i, i + INSERT_CHUNK_ROWS)
          .map((r) => ({ reportId, t: new Date(r.t), magnitudeG: r.shock as number })),
      )
      .returning(["t", "magnitudeG"])
      .execute();
    for (const row of rows) storedShocks.push({ t: new Date(row.t).getTime(), magnitudeG: row.magnitudeG });
  }

  if (inserted.length > 0) {
    await updateSummary(trx, reportId, stored, storedShocks);
    await enqueueAlerts(trx, reportId, before, await readAlertState(trx, reportId), links);
  }
  return { reportId, accepted: inserted.length, duplicates: readings.length - inserted.length, stored };
}

/**
 * A PostgreSQL array literal of numbers (NULL for null), sent as one text parameter: the
 * driver would otherwise turn each element into a string and escape it on its own, which
 * was a fifth of the client's time in a 10,000-reading request in the profile.
 */
function numberArrayLiteral(values: readonly (number | null)[]): string {
  let text = "{";
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (i > 0) text += ",";
    text += value === null || value === undefined ? "NULL" : String(value);
  }
  return `${text}}`;
}

/**
 * The rows an insert stored, as one text: `ms,temperature,humidity,battery` per reading,
 * `;` between readings, an empty field for null. One row to parse instead of a row per
 * reading whose time the driver would parse into a Date (and the CamelCasePlugin copy):
 * together half the client's time in a 10,000-reading request. `date_part` rather than
 * `extract`, which computes in numeric at several times the cost.
 */
function parseStoredRows(text: string | null): SummaryReading[] {
  if (!text) return [];
  const value = (field: string) => (field === "" ? null : Number(field));
  return text.split(";").map((row) => {
    const [t, temperature, humidity, battery] = row.split(",") as [string, string, string, string];
    // date_part's float seconds: back to the whole milliseconds they were sent as.
    return {
      t: Math.round(Number(t)),
      temperature: value(temperature),
      humidity: value(humidity),
      battery: value(battery),
    };
  });
}

/**
 * Inserts the readings a report does not hold yet; answers those stored, as the database
 * answers them (float4 values): the summary folds exactly what a full recompute would read.
 * It also moves the report on (status, start, last reading) when it stored any. One
 * statement over arrays (7 parameters whatever the batch's size).
 */
async function insertMeasurements(trx: Db, reportId: string, readings: readonly Reading[]): Promise<SummaryReading[]> {
  if (readings.length === 0) return [];
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const r of readings) {
    if (r.t < first) first = r.t;
    if (r.t > last) last = r.t;
  }
  // - Times as epoch milliseconds: no ISO string to format here and parse there, and
  //   'epoch' + n ms is exact (integer microseconds), unlike to_timestamp's float seconds.
  // - NOT EXISTS instead of ON CONFLICT DO NOTHING: a speculative insert visits the key
  //   twice and logs a confirmation per row, twice the work of a plain insert. It is safe
  //   because every writer of a report's readings holds the report's row lock (taken
  //   above), so no other transaction can store one of these times before we commit.
  //   The probe is bounded to the batch's span, so a plan reading the report's stored
  //   rows reads those between the batch's first and last reading, never the whole report.
  const result = await sql<{ stored: string | null }>`
      with stored as (
        insert into measurements (report_id, t, temperature, humidity, battery)
        select ${reportId}::uuid, x.t, x.temperature, x.humidity, x.battery
        from (select timestamptz 'epoch' + x.ms * interval '1 millisecond' as t, x.temperature, x.humidity, x.battery
              from unnest(${numberArrayLiteral(readings.map((r) => r.t))}::float8[],
                          ${numberArrayLiteral(readings.map((r) => r.temperature))}::real[],
                          ${numberArrayLiteral(readings.map((r) => r.humidity))}::real[],
                          ${numberArrayLiteral(readings.map((r) => r.battery))}::real[]) as x(ms, temperature, humidity, battery)
             ) x
        where not exists (
          select 1 from measurements m
          where m.report_id = ${reportId}::uuid and m.t = x.t
            and m.t >= timestamptz 'epoch' + ${first}::float8 * interval '1 millisecond'
            and m.t <= timestamptz 'epoch' + ${last}::float8 * interval '1 millisecond')
        returning t, temperature, humidity, battery),
      -- What ingestReadings did in a statement of its own: the first reading starts the
      -- report, an earlier one moves its start back, the newest is its last reading.
      moved as (
        update label_reports r
        set status = case when r.status = 'notStarted' then 'recording' else r.status end,
            start_time = least(r.start_time, s.first),
            last_reading_at = greatest(r.last_reading_at, s.last),
            -- The record changed: its hash is computed again when next read (record-hash.ts).
            content_hash = null
        from (select min(t) as first, max(t) as last from stored) s
        where r.id = ${reportId}::uuid and s.first is not null)
      select string_agg(concat(date_part('epoch', t) * 1000, ',', temperature, ',', humidity, ',', battery), ';') as stored
      from stored`.execute(trx);
  return parseStoredRows(result.rows[0]?.stored ?? null);
}

import { sql } from "kysely";
import { violationColumns } from "../../core/domain/report-summary";
import { summaryOfFoldState } from "../../core/domain/summary-fold";
import type { Db } from "../db/index";
import { ALERT_STATE_COLUMNS, type AlertState, alertStateOf } from "../notifications/alert-state";
import { type AlertEvent, type AlertLinks, alertEventsOf, recordAlertEvents } from "../notifications/enqueue-alerts";
import { recomputeSummary, reportsWithFoldState, SUMMARY_MATHS_VERSION } from "../reports/summary";

/**
 * How long ago a planned end may have passed and still be e-mailed when first noticed,
 * as for a silence (no-signal-pass.ts): the demo's old recordings, or a server down for
 * days, would otherwise e-mail every such end at once. Those reports still end.
 */
const PLANNED_END_LOOKBACK_MS = 24 * 3_600_000;

/**
 * Reports ended in one transaction: large enough that 100,000 due at once (a server down
 * for a day, a customer's labels all planned to end the same hour) take about a minute,
 * small enough that a transaction holds its locks for well under a second.
 */
export const PLANNED_END_CHUNK = 1_000;

/** Reports ended in one call at most, so the alert worker also sends e-mails in between; the rest wait for the next call. */
const PASS_LIMIT = 20_000;

/**
 * Ends every recording report whose planned end (its `endTime` while it records, shown
 * as "Planned end") has passed at `now`, as a gateway's `ended` stop would, but at the
 * planned end rather than the last reading: status `ended`, the summary's label status,
 * the "report ended" alert and an audit entry. A chunk of reports per transaction, with
 * one statement per step for the whole chunk. Safe with several server instances: a
 * chunk is taken with FOR UPDATE SKIP LOCKED and only while its reports still record, so
 * exactly one pass ends each report and raises its alert. Answers how many it ended.
 */
export async function endReportsAtPlannedEnd(db: Db, now: Date, links: AlertLinks): Promise<number> {
  let ended = 0;
  while (ended < PASS_LIMIT) {
    const done = await endChunk(db, now, links);
    ended += done;
    if (done < PLANNED_END_CHUNK) break;
  }
  return ended;
}

interface DueReport {
  id: string;
  companyId: string;
  endTime: Date | string;
}

async function endChunk(db: Db, now: Date, links: AlertLinks): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // Those another instance holds are skipped; those it ended since no longer record.
    const due = (await trx
      .selectFrom("labelReports")
      .select(["id", "companyId", "endTime"])
      .where("status", "=", "recording")
      .where("endTime", "<=", now)
      // By the planned end alone, the partial index's order: a tie-break by id would sort every due report per chunk.
      .orderBy("endTime")
      .limit(PLANNED_END_CHUNK)
      .forUpdate()
      .skipLocked()
      .execute()) as DueReport[];
    if (due.length === 0) return 0;
    const ids = due.map((r) => r.id);
    // E-mailed only when the planned end is recent (PLANNED_END_LOOKBACK_MS).
    const alerted = due.filter((r) => now.getTime() - new Date(r.endTime).getTime() <= PLANNED_END_LOOKBACK_MS);
    const before = await alertStates(
      trx,
      alerted.map((r) => r.id),
    );
    await endWithSummaries(trx, ids);
    if (alerted.length > 0) {
      const after = await alertStates(
        trx,
        alerted.map((r) => r.id),
      );
      const at = new Date();
      const events: AlertEvent[] = [];
      for (const { id } of alerted) {
        const b = before.get(id);
        const a = after.get(id);
        if (b && a) events.push(...alertEventsOf(id, b, a, at));
      }
      await recordAlertEvents(trx, events, links.publicUrl, at);
    }
    // Nobody stopped them: the entries name no person or key, and say why.
    await trx
      .insertInto("auditLog")
      .values(
        due.map((report) => ({
          actorUserId: null,
          impersonatorUserId: null,
          companyId: report.companyId,
          action: "stop",
          entity: "labelReport",
          entityId: report.id,
          before: JSON.stringify({ status: "recording" }),
          after: JSON.stringify({ status: "ended", endTime: new Date(report.endTime).toISOString() }),
          reason: "Planned end reached",
        })),
      )
      .execute();
    return due.length;
  });
}

async function alertStates(trx: Db, ids: string[]): Promise<Map<string, AlertState>> {
  if (ids.length === 0) return new Map();
  const rows = await trx
    .selectFrom("labelReports")
    .select(["id", ...ALERT_STATE_COLUMNS])
    .where("id", "in", ids)
    .execute();
  return new Map(rows.map((row) => [row.id, alertStateOf(row)]));
}

/**
 * Sets the reports' status to `ended` with their summaries, from their stored fold states
 * (no reading is read: only the status changed, and with it the label status and the
 * silence at the end), in one statement: each row is written once. A report without a
 * usable state (none yet, built against another rule or window, trimmed) is ended, then
 * recomputed, as updateSummary would: rare for a report still recording.
 */
async function endWithSummaries(trx: Db, ids: string[]): Promise<void> {
  const rows: Record<string, unknown>[] = [];
  const recompute: string[] = [];
  for (const report of await reportsWithFoldState(trx, ids)) {
    if (report.state === null) {
      recompute.push(report.id);
      continue;
    }
    const summary = summaryOfFoldState(report.state, {
      preset: report.preset,
      status: "ended",
      endTime: report.endTime,
    });
    const columns = violationColumns(summary);
    rows.push({
      id: report.id,
      summary,
      temperature_violation: columns.temperatureViolation,
      humidity_violation: columns.humidityViolation,
      shock_violation: columns.shockViolation,
      battery_low: columns.batteryLow,
      data_incomplete: columns.dataIncomplete,
      worst_severity: columns.worstSeverity,
    });
  }
  if (recompute.length > 0) {
    await trx
      .updateTable("labelReports")
      .set({ status: "ended", updated: new Date() })
      .where("id", "in", recompute)
      .execute();
    for (const id of recompute) await recomputeSummary(trx, id);
  }
  if (rows.length === 0) return;
  await sql`update label_reports r set status = 'ended', summary = v.summary,
      temperature_violation = v.temperature_violation, humidity_violation = v.humidity_violation,
      shock_violation = v.shock_violation, battery_low = v.battery_low, data_incomplete = v.data_incomplete,
      worst_severity = v.worst_severity, summary_maths = ${SUMMARY_MATHS_VERSION}, updated = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id uuid, summary jsonb,
      temperature_violation boolean, humidity_violation boolean, shock_violation boolean,
      battery_low boolean, data_incomplete boolean, worst_severity text)
    where r.id = v.id`.execute(trx);
}

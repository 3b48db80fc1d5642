import type { Db } from "../db/index";
import { readAlertState } from "../notifications/alert-state";
import { type AlertLinks, enqueueAlerts } from "../notifications/enqueue-alerts";
import { updateSummary } from "../reports/summary";

/**
 * How long ago a planned end may have passed and still be e-mailed when first noticed,
 * as for a silence (no-signal-pass.ts): the demo's old recordings, or a server down for
 * days, would otherwise e-mail every such end at once. Those reports still end.
 */
export const PLANNED_END_LOOKBACK_MS = 24 * 3_600_000;

/** Reports ended in one pass at most; the rest wait for the next pass. */
const PASS_LIMIT = 500;

/**
 * Ends every recording report whose planned end (its `endTime` while it records, shown
 * as "Planned end") has passed at `now`, as a gateway's `ended` stop would, but at the
 * planned end rather than the last reading: status `ended`, the summary's label status,
 * the "report ended" alert and an audit entry, each report in its own transaction.
 * Safe with several server instances: a report is taken with FOR UPDATE SKIP LOCKED and
 * only while it still records, so exactly one pass ends it and raises its alert.
 */
export async function endReportsAtPlannedEnd(db: Db, now: Date, links: AlertLinks): Promise<number> {
  const due = await db
    .selectFrom("labelReports")
    .select("id")
    .where("status", "=", "recording")
    .where("endTime", "<=", now)
    .orderBy("endTime")
    .orderBy("id")
    .limit(PASS_LIMIT)
    .execute();
  let ended = 0;
  for (const { id } of due) if (await endOne(db, id, now, links)) ended++;
  return ended;
}

async function endOne(db: Db, reportId: string, now: Date, links: AlertLinks): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const report = await trx
      .selectFrom("labelReports")
      .select(["id", "companyId", "endTime"])
      .where("id", "=", reportId)
      .where("status", "=", "recording")
      .where("endTime", "<=", now)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    // Another instance holds it, or it ended (or was stopped) since the candidates were read.
    if (!report || report.endTime === null) return false;
    const endTime = new Date(report.endTime);
    const before = await readAlertState(trx, report.id);
    await trx
      .updateTable("labelReports")
      .set({ status: "ended", updated: new Date() })
      .where("id", "=", report.id)
      .execute();
    // No readings to add: the fold only takes the new status (cost independent of the report's length).
    await updateSummary(trx, report.id, [], []);
    if (now.getTime() - endTime.getTime() <= PLANNED_END_LOOKBACK_MS)
      await enqueueAlerts(trx, report.id, before, await readAlertState(trx, report.id), links);
    // Nobody stopped it: the entry names no person or key, and says why.
    await trx
      .insertInto("auditLog")
      .values({
        actorUserId: null,
        impersonatorUserId: null,
        companyId: report.companyId,
        action: "stop",
        entity: "labelReport",
        entityId: report.id,
        before: JSON.stringify({ status: "recording" }),
        after: JSON.stringify({ status: "ended", endTime: endTime.toISOString() }),
        reason: "Planned end reached",
      })
      .execute();
    return true;
  });
}

import { recordAudit } from "../audit";
import type { Principal } from "../auth/principal";
import type { Db } from "../db/index";
import { HttpError, notFound } from "../errors";
import { readAlertState } from "../notifications/alert-state";
import { type AlertLinks, enqueueAlerts, LINKS_FROM_ENV } from "../notifications/enqueue-alerts";
import { recomputeSummary } from "../reports/summary";

export type StopStatus = "stopped" | "ended";

/**
 * A gateway stops a label: `ended` when it ran its planned course, `stopped` when it was
 * stopped early (the spec's label statuses; a stopped report is "worth a look"). The end
 * time is the last reading's (the moment now for a label that never recorded). Asking
 * again for the same status changes nothing (a gateway may retry); a report that already
 * ended one way cannot end the other (409).
 */
export async function stopLabel(
  db: Db,
  principal: Principal,
  reportId: string,
  status: StopStatus,
  links: AlertLinks = LINKS_FROM_ENV,
) {
  return db.transaction().execute(async (trx) => {
    const report = await trx
      .selectFrom("labelReports")
      .select(["id", "status", "endTime", "lastReadingAt"])
      .where("id", "=", reportId)
      .where("companyId", "=", principal.companyId)
      .forUpdate()
      .executeTakeFirst();
    if (!report) throw notFound("Label report not found");
    if (report.status === status) return report.id;
    if (report.status === "stopped" || report.status === "ended")
      throw new HttpError(409, `The label has already ${report.status === "ended" ? "ended" : "been stopped"}`);
    const endTime = report.lastReadingAt === null ? new Date() : new Date(report.lastReadingAt);
    const before = await readAlertState(trx, report.id);
    await trx
      .updateTable("labelReports")
      .set({ status, endTime, updated: new Date() })
      .where("id", "=", report.id)
      .execute();
    await recomputeSummary(trx, report.id);
    await enqueueAlerts(trx, report.id, before, await readAlertState(trx, report.id), links);
    await recordAudit(trx, principal, {
      action: "stop",
      entity: "labelReport",
      entityId: report.id,
      before: { status: report.status },
      after: {
        status,
        endTime: endTime.toISOString(),
        ...(principal.apiKeyId ? { apiKeyId: principal.apiKeyId } : {}),
      },
    });
    return report.id;
  });
}

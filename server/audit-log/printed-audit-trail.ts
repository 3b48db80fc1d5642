import { auditActionLabel, auditChangeText } from "../../core/domain/audit-trail";
import { auditTrailOf } from "../db/audit-log";
import type { Db } from "../db/index";
import type { PrintedAuditEntry } from "../reports/export/report-content";
import { shownAuditEntry } from "./audit-actor";

/** A report's audit trail as its PDF prints it: the same actor wording as GET /label-reports/{id}/audit. */
export async function printedAuditTrail(db: Db, reportId: string): Promise<PrintedAuditEntry[]> {
  const rows = (await auditTrailOf(db, "labelReport", reportId)).map(shownAuditEntry);
  return rows.map((entry) => ({
    at: new Date(entry.at).toISOString(),
    who: entry.actor ?? "System",
    action: auditActionLabel(entry.action),
    change: auditChangeText(entry.before, entry.after, 80),
    reason: entry.reason ?? "",
  }));
}

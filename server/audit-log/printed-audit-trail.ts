import { auditChangeText, describeAuditEntry } from "../../core/domain/audit-text";
import type { InstantFormat } from "../../core/domain/datetime";
import { auditTrailOf } from "../db/audit-log";
import type { Db } from "../db/index";
import type { PrintedAuditEntry } from "../reports/export/report-content";
import { shownAuditEntry } from "./audit-actor";

/**
 * A report's audit trail as its PDF prints it: the same actor wording as GET
 * /label-reports/{id}/audit and the same sentences as the report's trail on screen, in the
 * download's time zone and locale.
 */
export async function printedAuditTrail(db: Db, reportId: string, format: InstantFormat): Promise<PrintedAuditEntry[]> {
  const rows = (await auditTrailOf(db, "labelReport", reportId)).map(shownAuditEntry);
  return rows.map((entry) => ({
    at: new Date(entry.at).toISOString(),
    who: entry.actor ?? "System",
    action: describeAuditEntry(entry, { format }).title,
    change: auditChangeText(entry, { format, maxLength: 80 }),
    reason: entry.reason ?? "",
  }));
}

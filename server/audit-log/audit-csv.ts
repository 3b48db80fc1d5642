import { auditChangeText } from "../../core/domain/audit-text";
import { auditActionLabel, auditEntityLabel } from "../../core/domain/audit-trail";
import { csvRow } from "../reports/export/csv";

/**
 * The audit log as CSV (GET /audit.csv): a header row, then one row per entry in the
 * list's order. `time_utc` is ISO 8601 in UTC; `change` is the "Field: old → new" text
 * the screen shows (its times in UTC), `before` and `after` the stored values whole (JSON). Same quoting
 * as the report CSV (RFC 4180, formula-safe cells, CRLF).
 */
const AUDIT_CSV_COLUMNS = [
  "time_utc",
  "company_id",
  "entity",
  "entity_id",
  "action",
  "actor",
  "change",
  "reason",
  "before",
  "after",
] as const;

export function auditCsvHeader(): string {
  return csvRow(AUDIT_CSV_COLUMNS);
}

export function auditCsvLine(entry: AuditCsvEntry): string {
  const json = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));
  return csvRow([
    new Date(entry.at).toISOString(),
    entry.companyId,
    auditEntityLabel(entry.entity),
    entry.entityId,
    auditActionLabel(entry.action),
    entry.actor ?? "System",
    auditChangeText(entry, { format: { timeZone: "UTC" }, maxLength: 200 }),
    entry.reason,
    json(entry.before),
    json(entry.after),
  ]);
}

/** An entry as the list's rows hold it (the time still a Date, the values as stored). */
interface AuditCsvEntry {
  at: Date | string;
  companyId: string | null;
  entity: string;
  entityId: string | null;
  action: string;
  actor: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
}

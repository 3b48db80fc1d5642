/**
 * How an audit entry reads, for the audit trail screen, its CSV and the report PDF's
 * trail section: the kinds of record, the actions by name, and a change as "field:
 * old → new". Pure; entity and action stay open strings (a new kind of change is listed
 * by its code until it gets a label here).
 */

/** The kinds of record the trail names, with how a person reads them. */
export const AUDIT_ENTITY_LABELS: Readonly<Record<string, string>> = {
  labelReport: "Label report",
  labelPreset: "Label preset",
  user: "User",
  userInvite: "User invite",
  apiKey: "API key",
  customField: "Custom field",
  company: "Company",
  subCompany: "Sub-company",
  notificationSettings: "Notification settings",
  migrationInvite: "Migration invite",
};

/** Actions as a person reads them; any other action is shown by its code. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  create: "Created",
  update: "Updated",
  delete: "Deleted",
  remove: "Removed",
  revoke: "Revoked",
  resend: "Resent",
  archive: "Archived",
  stop: "Stopped",
  trim: "Evaluation window set",
  untrim: "Trim undone",
  disposition: "Disposition signed",
  alarmAcknowledge: "Alarm acknowledged",
  alarmClose: "Alarm closed",
  signatureSuperseded: "Signature superseded",
  lateReadings: "Late readings received",
  recordFields: "Record values changed",
  retentionPurge: "Deleted under the retention setting",
  ruleMigrated: "Rule copied from the preset",
  ruleMathsUpdated: "Rule maths updated",
  shareLinkCreate: "Share link created",
  shareLinkRevoke: "Share link revoked",
  impersonate: "Impersonation started",
  "impersonate-stop": "Impersonation ended",
  "password-change": "Password changed",
  "phone-change": "Phone changed",
  "phone-remove": "Phone removed",
  deny: "Denied",
  "create-refused": "Creation refused (impersonating)",
  "update-refused": "Change refused (impersonating)",
  "rename-refused": "Rename refused (impersonating)",
  "resend-refused": "Resend refused (impersonating)",
};

export function auditEntityLabel(entity: string): string {
  return AUDIT_ENTITY_LABELS[entity] ?? entity;
}

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

/** One changed field: its name and its old and new values as short text. */
interface AuditChange {
  field: string;
  before: string;
  after: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function shortValue(value: unknown, maxLength: number): string {
  if (value === null || value === undefined) return "—";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

/**
 * The fields an entry changed, old and new, each value cut to `maxLength` characters.
 * A creation lists what was set (old "—"), a deletion what was removed (new "—").
 */
function auditChanges(before: unknown, after: unknown, maxLength = 40): AuditChange[] {
  const old = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  return [...new Set([...Object.keys(old), ...Object.keys(now)])]
    .filter((field) => JSON.stringify(old[field]) !== JSON.stringify(now[field]))
    .map((field) => ({ field, before: shortValue(old[field], maxLength), after: shortValue(now[field], maxLength) }));
}

/** The changes on one line: "name: Old → New; scopes: [\"read\"] → [\"read\",\"ingest\"]". */
export function auditChangeText(before: unknown, after: unknown, maxLength = 40): string {
  return auditChanges(before, after, maxLength)
    .map((change) => `${change.field}: ${change.before} → ${change.after}`)
    .join("; ");
}

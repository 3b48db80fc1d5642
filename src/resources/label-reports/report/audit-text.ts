import { auditActionLabel } from "@core/domain/audit-trail";
import { formatInstant, type InstantFormat } from "@core/domain/datetime";
import { DISPOSITION_LABELS, isDisposition } from "@core/domain/disposition";
import { formatDecimal } from "@core/domain/number-text";
import type { AuditEntry } from "./report-queries";

/** An audit entry as people read it: what happened, who did it, each field's old and new value. Pure. */

export interface AuditText {
  title: string;
  who: string;
  changes: { field: string; before: string; after: string }[];
}

/** The report's own wording where it differs from the trail screen's (core/domain/audit-trail.ts). */
const TITLES: Record<string, string> = {
  create: "Report created",
  update: "Report updated",
  delete: "Report deleted",
  trim: "Evaluation window set",
  untrim: "Trim undone",
  disposition: "Disposition signed",
  ruleMigrated: "Rule copied from the preset by the migration",
  shareLinkCreate: "Share link created",
  shareLinkRevoke: "Share link revoked",
};

const FIELD_LABELS: Record<string, string> = {
  trimStart: "Window start",
  trimEnd: "Window end",
  isArchived: "Archived",
  customFields: "Custom fields",
  disposition: "Disposition",
  meaning: "Meaning",
  signedBy: "Signed by",
  shareLink: "Share link",
  expiresAt: "Expires",
  revokedAt: "Revoked",
  alarmId: "Alarm",
  state: "Alarm state",
  triggeredAt: "Raised",
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function show(field: string, value: unknown, format: InstantFormat): string {
  if (value === null || value === undefined) return field.startsWith("trim") ? "first/last reading" : "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (field === "disposition" && isDisposition(value)) return DISPOSITION_LABELS[value];
  if (typeof value === "string" && ISO_INSTANT.test(value)) return formatInstant(value, format);
  // As typed (no thousands separators), with the locale's decimal separator.
  if (typeof value === "number") return formatDecimal(value, { locale: format.locale, grouping: false });
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A custom-field change as one change per field ("Batch number: B1 → B2"), named as the
 * company defines it: the stored values are one object, and shown whole, a one-field edit
 * read as a wall of JSON.
 */
function spreadCustomFields(
  values: Record<string, unknown>,
  names: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const { customFields, ...rest } = values;
  if (!isRecord(customFields)) return values;
  const spread: Record<string, unknown> = { ...rest };
  for (const [key, value] of Object.entries(customFields)) spread[`customFields.${key}`] = value;
  for (const key of Object.keys(names)) if (!(`customFields.${key}` in spread)) spread[`customFields.${key}`] = null;
  return spread;
}

export function describeAuditEntry(
  entry: AuditEntry,
  format: InstantFormat,
  /** The company's custom-field names by key. */
  customFieldNames: Readonly<Record<string, string>> = {},
): AuditText {
  const who = entry.actor ?? "System";
  // A record-field change holds just the changed values, by key: read as custom fields.
  const values: { before: Record<string, unknown> | null; after: Record<string, unknown> | null } =
    entry.action === "recordFields"
      ? { before: { customFields: entry.before ?? {} }, after: { customFields: entry.after ?? {} } }
      : entry;
  const spreads = isRecord(values.before?.customFields) || isRecord(values.after?.customFields);
  const before = spreads ? spreadCustomFields(values.before ?? {}, customFieldNames) : (values.before ?? {});
  const after = spreads ? spreadCustomFields(values.after ?? {}, customFieldNames) : (values.after ?? {});
  const changes =
    entry.action === "create"
      ? []
      : [...new Set([...Object.keys(before), ...Object.keys(after)])]
          .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
          .map((field) => ({
            field: field.startsWith("customFields.")
              ? (customFieldNames[field.slice("customFields.".length)] ?? field.slice("customFields.".length))
              : (FIELD_LABELS[field] ?? field),
            before: show(field, before[field], format),
            after: show(field, after[field], format),
          }));
  return { title: TITLES[entry.action] ?? auditActionLabel(entry.action), who, changes };
}

import {
  ALARM_KINDS,
  ALARM_SIDES,
  ALARM_UNITS,
  type AlarmKind,
  type AlarmSide,
  type AlarmUnit,
  alarmTitle,
} from "./alarms";
import { auditActionLabel } from "./audit-trail";
import { formatInstant, type InstantFormat } from "./datetime";
import { DEVIATION_STATE_TEXT, DEVIATION_STATES } from "./deviations";
import { DISPOSITION_LABELS, isDisposition } from "./disposition";
import { formatDecimal } from "./number-text";
import { LABEL_STATUS_TEXT, LABEL_STATUSES, type LabelStatus } from "./resources";

/**
 * An audit entry as people read it, on the report's trail, the audit trail screen, its CSV
 * and the PDF: a title that says what happened, then each changed field by its name with
 * its old and new value in the reader's date and number formats. Pure.
 */

interface AuditChange {
  field: string;
  before: string;
  after: string;
}

export interface AuditText {
  title: string;
  changes: AuditChange[];
}

/** What is needed of an entry; a report's own trail has no `entity` (it is a report's). */
export interface DescribedEntry {
  entity?: string;
  action: string;
  before: unknown;
  after: unknown;
}

export interface AuditTextOptions {
  format: InstantFormat;
  /** The company's custom-field names by key. */
  customFieldNames?: Readonly<Record<string, string>>;
  /** Values longer than this are cut with "…" (a table cell); unset: whole. */
  maxLength?: number;
}

/** A report's entries read as sentences about the report. */
const REPORT_TITLES: Record<string, string> = {
  create: "Report created",
  update: "Report updated",
  delete: "Report deleted",
  stop: "Report ended",
  archive: "Report archived",
  trim: "Evaluation window set",
  untrim: "Trim undone",
  disposition: "Disposition signed",
  budgetUse: "Stability budget used",
  ruleMigrated: "Rule copied from the preset by the migration",
  shareLinkRevoke: "Share link revoked",
};

const FIELD_LABELS: Record<string, string> = {
  trimStart: "Window start",
  trimEnd: "Window end",
  isArchived: "Archived",
  customFields: "Custom fields",
  endTime: "End",
  startTime: "Start",
  expiresAt: "Expires",
  revokedAt: "Revoked",
  signedBy: "Signed by",
  triggeredAt: "Raised",
};

/** Ids a person cannot read, and what the title already says (an alarm's origin). */
const HIDDEN_FIELDS = new Set([
  "shareLink",
  "apiKeyId",
  "alarmId",
  "kind",
  "unit",
  "side",
  "shipmentId",
  "deviationId",
  "deviation",
]);

const ALARM_ACTIONS = new Set(["alarmAcknowledge", "alarmClose"]);
const DEVIATION_ACTIONS = new Set(["deviationOpen", "deviationChange", "deviationClose"]);

/** "temperatureMax" reads "Temperature max". */
function fieldName(field: string, customFieldNames: Readonly<Record<string, string>>): string {
  if (field.startsWith("customFields.")) {
    const key = field.slice("customFields.".length);
    return customFieldNames[key] ?? key;
  }
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const isStatus = (value: unknown): value is LabelStatus => LABEL_STATUSES.includes(value as LabelStatus);

function show(field: string, value: unknown, format: InstantFormat): string {
  if (value === null || value === undefined) return field.startsWith("trim") ? "first/last reading" : "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (field === "disposition" && isDisposition(value)) return DISPOSITION_LABELS[value];
  if (field === "status" && isStatus(value)) return LABEL_STATUS_TEXT[value];
  const deviationState = field === "state" ? oneOf(DEVIATION_STATES, value) : null;
  if (deviationState) return DEVIATION_STATE_TEXT[deviationState];
  // An alarm's state and severity are words of one case: "open" reads "Open".
  if ((field === "state" || field === "severity") && typeof value === "string")
    return value.charAt(0).toUpperCase() + value.slice(1);
  if (typeof value === "string" && ISO_INSTANT.test(value)) return formatInstant(value, format);
  if (typeof value === "number") return formatDecimal(value, { locale: format.locale });
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value.join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

const cut = (text: string, maxLength?: number) =>
  maxLength !== undefined && text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;

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

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | null =>
  values.includes(value as T) ? (value as T) : null;

/** "Temperature alarm", "No signal": what raised the alarm an entry is about, from its stored values. */
function alarmOriginText(values: Record<string, unknown>): string {
  const kind: AlarmKind = oneOf(ALARM_KINDS, values.kind) ?? "band";
  const unit: AlarmUnit | null = oneOf(ALARM_UNITS, values.unit);
  const side: AlarmSide | null = oneOf(ALARM_SIDES, values.side);
  return alarmTitle({ kind, unit, side });
}

function titleOf(entry: DescribedEntry, format: InstantFormat): string {
  const isReport = (entry.entity ?? "labelReport") === "labelReport";
  if (entry.action === "shareLinkCreate") {
    const expires = isRecord(entry.after) ? entry.after.expiresAt : undefined;
    return typeof expires === "string"
      ? `Share link created, expires ${formatInstant(expires, { ...format, seconds: false })}`
      : "Share link created";
  }
  const label = (isReport ? REPORT_TITLES[entry.action] : undefined) ?? auditActionLabel(entry.action);
  if (ALARM_ACTIONS.has(entry.action) && isRecord(entry.after)) return `${label}: ${alarmOriginText(entry.after)}`;
  // "Deviation closed: DEV-2026-0042": the number is how people name it.
  if (DEVIATION_ACTIONS.has(entry.action) && isRecord(entry.after) && typeof entry.after.deviation === "string")
    return `${label}: ${entry.after.deviation}`;
  return label;
}

export function describeAuditEntry(entry: DescribedEntry, options: AuditTextOptions): AuditText {
  const { format, customFieldNames = {}, maxLength } = options;
  const title = titleOf(entry, format);
  // A share link's sentence says it all; a creation lists no "— → value" pairs on the report's own trail.
  if (entry.action === "shareLinkCreate" || entry.action === "shareLinkRevoke") return { title, changes: [] };
  // A record-field change holds just the changed values, by key: read as custom fields.
  const [rawBefore, rawAfter] =
    entry.action === "recordFields"
      ? [{ customFields: entry.before ?? {} }, { customFields: entry.after ?? {} }]
      : [isRecord(entry.before) ? entry.before : {}, isRecord(entry.after) ? entry.after : {}];
  const spreads = isRecord(rawBefore.customFields) || isRecord(rawAfter.customFields);
  const before = spreads ? spreadCustomFields(rawBefore, customFieldNames) : rawBefore;
  const after = spreads ? spreadCustomFields(rawAfter, customFieldNames) : rawAfter;
  const changes = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((field) => !HIDDEN_FIELDS.has(field))
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({
      field: fieldName(field, customFieldNames),
      before: cut(show(field, before[field], format), maxLength),
      after: cut(show(field, after[field], format), maxLength),
    }));
  return { title, changes };
}

/** The changes on one line: "Name: Old → New; Scopes: read → read, ingest". */
export function auditChangeText(entry: DescribedEntry, options: AuditTextOptions): string {
  return describeAuditEntry(entry, options)
    .changes.map((change) => `${change.field}: ${change.before} → ${change.after}`)
    .join("; ");
}

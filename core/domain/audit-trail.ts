/**
 * The names of the audit trail's kinds of record and actions, for the audit trail screen,
 * its filters, its CSV and the report PDF's trail section (audit-text.ts words whole
 * entries). Pure; entity and action stay open strings (a new kind of change is listed by
 * its code until it gets a label here).
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
  shipment: "Shipment",
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
  deviationOpen: "Deviation opened",
  deviationChange: "Deviation changed",
  deviationClose: "Deviation closed",
  shipmentChange: "Shipment changed",
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

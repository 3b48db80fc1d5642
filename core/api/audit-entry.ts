import { type Static, Type } from "typebox";
import { dateTime, Nullable } from "./schema-types";

const changedValues = Type.Record(Type.String(), Type.Unknown());

/** The fields every audit entry has, whichever route answers it. */
const auditEntryFields = {
  id: Type.String(),
  at: dateTime,
  action: Type.String(),
  // The fields the change touched, by name, each value any JSON written as it is.
  before: Type.Union([changedValues, Type.Null()], { description: "The changed values before (null: created)" }),
  after: Type.Union([changedValues, Type.Null()], { description: "The changed values after (null: deleted)" }),
  reason: Nullable(Type.String()),
  actorEmail: Nullable(Type.String()),
  actor: Nullable(Type.String({ description: "How the change is shown; null: the system" })),
  impersonated: Type.Boolean(),
};

/** One change of a record's audit trail (GET /label-reports/{id}/audit). */
export const auditEntryRecord = Type.Object(auditEntryFields);

export type AuditEntryRecord = Static<typeof auditEntryRecord>;

/**
 * One entry of a company's audit log (GET /audit): the record entry, plus which record
 * it is about and whose company it belongs to (a distributor's list spans its sub-companies).
 */
export const auditListEntry = Type.Object({
  ...auditEntryFields,
  entity: Type.String({ description: "The kind of record: labelReport, labelPreset, user, apiKey, …" }),
  entityId: Nullable(Type.String()),
  companyId: Nullable(Type.String()),
  actorUserId: Nullable(Type.String({ description: "The person who acted; null: the system or an API key" })),
});

export type AuditListEntry = Static<typeof auditListEntry>;

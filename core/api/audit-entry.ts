import { type Static, Type } from "typebox";
import { dateTime, Nullable } from "./schema-types";

const changedValues = Type.Record(Type.String(), Type.Unknown());

/** One change of a record's audit trail (GET /label-reports/{id}/audit). */
export const auditEntryRecord = Type.Object({
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
});

export type AuditEntryRecord = Static<typeof auditEntryRecord>;

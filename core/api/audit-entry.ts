import { type Static, Type } from "typebox";
import { dateTime, Nullable } from "./schema-types";

/** One change of a record's audit trail (GET /label-reports/{id}/audit). */
export const auditEntryRecord = Type.Object({
  id: Type.String(),
  at: dateTime,
  action: Type.String(),
  // Whatever the change touched: any JSON, written as it is.
  before: Type.Unknown({ description: "The changed values before (null: created)" }),
  after: Type.Unknown({ description: "The changed values after (null: deleted)" }),
  reason: Nullable(Type.String()),
  actorEmail: Nullable(Type.String()),
  actor: Nullable(Type.String({ description: "How the change is shown; null: the system" })),
  impersonated: Type.Boolean(),
});

export type AuditEntryRecord = Static<typeof auditEntryRecord>;

import { type Static, Type } from "typebox";
import { dateTime, nullableString } from "./schema-types";

/** One request made while impersonating (GET /control-center/impersonation-log). */
export const impersonationLogEntryRecord = Type.Object({
  id: Type.String(),
  at: dateTime,
  impersonatorEmail: nullableString,
  userEmail: nullableString,
  companyName: nullableString,
  method: Type.String(),
  path: Type.String(),
  statusCode: Type.Integer(),
  durationMs: Type.Integer(),
});

export type ImpersonationLogEntryRecord = Static<typeof impersonationLogEntryRecord>;

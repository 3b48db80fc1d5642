import { type Static, Type } from "typebox";
import { dateTime, nullableString } from "./schema-types";

/** Rows of a page of the impersonation log when the query does not say. */
export const IMPERSONATION_LOG_PAGE_SIZE = 50;

/** The page of the impersonation log to read (GET /control-center/impersonation-log), newest first. */
export const impersonationLogQuery = Type.Object(
  {
    pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: IMPERSONATION_LOG_PAGE_SIZE })),
  },
  { additionalProperties: false },
);

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

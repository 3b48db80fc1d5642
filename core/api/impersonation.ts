import { type Static, Type } from "typebox";
import { roleTokenAnswer, userRoleRecord } from "./role-token";

/** POST /auth/impersonate: the person to act as, and the company of theirs to act in. */
export const impersonationInput = Type.Object(
  { userId: Type.String({ format: "uuid" }), companyId: Type.String({ format: "uuid" }) },
  { additionalProperties: false },
);

/** The answer to starting an impersonation: a time-limited role token for that person's role in that company. */
export const impersonationAnswer = Type.Object({
  roleToken: roleTokenAnswer,
  userRole: userRoleRecord,
  company: userRoleRecord.properties.company,
  /** When the token stops working, in epoch milliseconds. */
  expiry: Type.Integer(),
});

export type ImpersonationInput = Static<typeof impersonationInput>;
export type ImpersonationAnswer = Static<typeof impersonationAnswer>;

import { type Static, Type } from "typebox";
import { ROLES } from "../domain/roles";
import { dateTime, nullableString, StringEnum } from "./schema-types";

/** A user as a member of one company: their roles there (GET /users, a control-center company's users). */
export const memberRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  phone: nullableString,
  roles: Type.Array(Type.String()),
  created: dateTime,
  hasSignedUp: Type.Boolean(),
});

export type MemberRecord = Static<typeof memberRecord>;

/** The roles granted to a member or an invitee: at least one, each once. */
export const roleList = Type.Array(StringEnum(ROLES), { minItems: 1, maxItems: 6, uniqueItems: true });

/** PATCH /users/{id}: a member's roles in the caller's company. */
export const memberChanges = Type.Object({ roles: roleList }, { additionalProperties: false });

/** DELETE /users/{id}: the company to remove them from (a distributor administrator's sub-company); the caller's by default. */
export const memberRemovalQuery = Type.Object(
  { companyId: Type.Optional(Type.String({ format: "uuid" })) },
  { additionalProperties: false },
);

export type MemberChanges = Static<typeof memberChanges>;

import { type Static, Type } from "typebox";
import { ROLES } from "../domain/roles";
import { dateTime, nullableString, StringEnum } from "./schema-types";

/** The roles granted to a member or an invitee: at least one, each once. */
export const roleList = Type.Array(StringEnum(ROLES), { minItems: 1, maxItems: 6, uniqueItems: true });

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

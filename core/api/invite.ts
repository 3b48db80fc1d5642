import { type Static, Type } from "typebox";
import { dateTime, nullableString } from "./schema-types";

/** A pending invitation to the caller's company. */
export const inviteRecord = Type.Object({
  id: Type.String(),
  email: Type.String(),
  roles: Type.Array(Type.String()),
  created: dateTime,
  expires: dateTime,
  /** The inviter's e-mail address; null once that account is deleted. */
  invitedBy: nullableString,
});

export type InviteRecord = Static<typeof inviteRecord>;

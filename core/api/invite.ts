import { type Static, Type } from "typebox";
import { roleList } from "./member";
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

/** POST /user-invites: who is invited, with which roles. */
export const inviteInput = Type.Object(
  { email: Type.String({ maxLength: 254 }), roles: roleList },
  { additionalProperties: false },
);

export type InviteInput = Static<typeof inviteInput>;

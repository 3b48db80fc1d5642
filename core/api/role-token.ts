import { type Static, Type } from "typebox";

/** A role token for one company (POST /auth/token): sent back in the jwt and api-key headers. */
export const roleTokenAnswer = Type.Object({ jwtToken: Type.String(), secret: Type.String() });

/** What an invitation is for (GET /userInvites/preRegister). */
export const invitationPreviewRecord = Type.Object({
  email: Type.String(),
  roles: Type.Array(Type.String()),
  company: Type.Object({ id: Type.String(), name: Type.String() }),
  expires: Type.String({ format: "date-time" }),
  hasAccount: Type.Boolean(),
});

export type RoleTokenAnswer = Static<typeof roleTokenAnswer>;
export type InvitationPreviewRecord = Static<typeof invitationPreviewRecord>;

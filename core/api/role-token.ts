import { type Static, Type } from "typebox";
import { nullableString } from "./schema-types";

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

/** Feature flags granted in one company: each flag's name, on or off. */
const featureFlags = Type.Unsafe<Record<string, boolean>>({
  type: "object",
  additionalProperties: { type: "boolean" },
});

/** A person's role in one company, as sign-in, sign-up, a session refresh and an impersonation answer it. */
export const userRoleRecord = Type.Object({
  id: Type.String(),
  /** The role names held in this company; permissions add up. */
  type: Type.Array(Type.String()),
  /** This membership's grant: flags are per company. */
  featureFlags,
  company: Type.Object({ id: Type.String(), name: Type.String(), type: Type.String(), parentId: nullableString }),
  user: Type.Object({
    id: Type.String(),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    phone: nullableString,
    featureFlags,
  }),
});

/** POST /auth/token: the company to act in. */
export const roleTokenInput = Type.Object(
  { companyId: Type.String({ format: "uuid" }) },
  { additionalProperties: false },
);

/** POST /userInvites/confirm: the invitation to accept with the signed-in account. */
export const invitationConfirmInput = Type.Object(
  { inviteToken: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);

/** The answer to accepting an invitation: every role of the account, the new one among them. */
export const invitationConfirmAnswer = Type.Object({ status: Type.String(), roles: Type.Array(userRoleRecord) });

/**
 * The answer to a session refresh: the account's roles and, while the session's company role
 * lasts, a new role token for it (without one the dashboard signs out of that company).
 */
export const sessionRefreshAnswer = Type.Object({
  status: Type.String(),
  roles: Type.Array(userRoleRecord),
  jwtToken: Type.Optional(Type.String()),
  secret: Type.Optional(Type.String()),
});

export type RoleTokenAnswer = Static<typeof roleTokenAnswer>;
export type UserRoleRecord = Static<typeof userRoleRecord>;
export type RoleTokenInput = Static<typeof roleTokenInput>;
export type InvitationConfirmInput = Static<typeof invitationConfirmInput>;
export type InvitationConfirmAnswer = Static<typeof invitationConfirmAnswer>;
export type SessionRefreshAnswer = Static<typeof sessionRefreshAnswer>;
export type InvitationPreviewRecord = Static<typeof invitationPreviewRecord>;

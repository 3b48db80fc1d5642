import { type Static, Type } from "typebox";
import { userRoleRecord } from "./role-token";

/**
 * The answer to a successful sign-in or sign-up, in every recipe (e-mail and password, a code,
 * a third party): the protocol's user object, which the dashboard keeps as it came, and
 * every role of the account. The routes' other answers (a field error, wrong credentials, …)
 * are statuses of the same protocol, so this is the type of the successful one, not a response schema.
 */
const signedInAnswer = Type.Object({
  status: Type.Literal("OK"),
  createdNewRecipeUser: Type.Optional(Type.Boolean()),
  user: Type.Object({ id: Type.String() }, { additionalProperties: true }),
  roles: Type.Array(userRoleRecord),
});

export type SignedInAnswer = Static<typeof signedInAnswer>;

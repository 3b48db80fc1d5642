import { type Static, Type } from "typebox";
import { StringEnum } from "./schema-types";

// The e-mail and password bodies of the SuperTokens frontend protocol (POST /auth/signin, /auth/signup, …).

/** One `{ id, value }` of a formFields body; the value is read (and its type checked) by the route. */
const formFieldInput = Type.Object({ id: Type.String({ maxLength: 100 }), value: Type.Unknown() });

/** A formFields body's list; a malformed one is a 400 before any rule runs. */
const formFieldsInput = Type.Array(formFieldInput, { maxItems: 20 });

/** POST /auth/signin, /auth/signup, /auth/user/password/reset/token. */
export const formFieldsBody = Type.Object({
  formFields: formFieldsInput,
  shouldTryLinkingWithSessionUser: Type.Optional(Type.Boolean()),
});

/** POST /auth/user/password/reset: the new password with the e-mailed token. */
export const passwordResetInput = Type.Object({
  formFields: formFieldsInput,
  token: Type.String({ maxLength: 200 }),
  method: Type.Optional(StringEnum(["token"])),
});

/** GET /auth/emailpassword/email/exists and /auth/passwordless/email/exists. */
export const emailExistsQuery = Type.Object({ email: Type.String({ maxLength: 254 }) });

/** The answer of the exists look-ups (e-mail or phone number). */
export const existsAnswer = Type.Object({ status: Type.String(), exists: Type.Boolean() });

export type FormFieldInput = Static<typeof formFieldInput>;

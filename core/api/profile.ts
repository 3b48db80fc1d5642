import { type Static, Type } from "typebox";
import { TEMPERATURE_UNITS } from "../domain/units";
import { Nullable, nullableString, PlainText, StringEnum } from "./schema-types";

/** The caller's own account as settings > profile shows it (GET/PATCH /me, the phone change). */
export const profileRecord = Type.Object({
  id: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  phone: nullableString,
  /** The person's IANA zone for alert e-mails; null: each e-mail uses its company's zone. */
  timeZone: nullableString,
  // Only GET /me says it: the default unit of a member who has not chosen one.
  companyTemperatureUnit: Type.Optional(StringEnum(TEMPERATURE_UNITS)),
});

export type ProfileRecord = Static<typeof profileRecord>;

/**
 * PATCH /me: first name, last name or time zone (null forgets it). `phone` is accepted
 * only to be refused by name: it is a sign-in method, changed with POST /me/phone.
 */
export const profileChanges = Type.Object(
  {
    firstName: Type.Optional(PlainText({ maxLength: 100 })),
    lastName: Type.Optional(PlainText({ maxLength: 100 })),
    phone: Type.Optional(Nullable(Type.String({ maxLength: 30 }))),
    timeZone: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  },
  { minProperties: 1, additionalProperties: false },
);

/** POST /me/password: the current password, the new one and, when the form asks twice, its repetition. */
export const passwordChangeInput = Type.Object(
  {
    currentPassword: Type.String({ maxLength: 200 }),
    newPassword: Type.String({ maxLength: 200 }),
    repeatPassword: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

/** POST /me/phone: the new number (null removes it) and the proof: the current password or an e-mailed code. */
export const phoneChangeInput = Type.Object(
  {
    phone: Nullable(Type.String({ maxLength: 30 })),
    password: Type.Optional(Type.String({ maxLength: 200 })),
    emailCode: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: false },
);

/** POST /me/phone/confirm: the code sent to the new number. */
export const phoneConfirmInput = Type.Object({ code: Type.String({ maxLength: 20 }) }, { additionalProperties: false });

export type ProfileChanges = Static<typeof profileChanges>;
export type PasswordChangeInput = Static<typeof passwordChangeInput>;
export type PhoneChangeInput = Static<typeof phoneChangeInput>;
export type PhoneConfirmInput = Static<typeof phoneConfirmInput>;

import { type Static, Type } from "typebox";
import { TEMPERATURE_UNITS } from "../domain/units";
import { nullableString, StringEnum } from "./schema-types";

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

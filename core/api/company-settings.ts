import { type Static, Type } from "typebox";
import { MAX_ALARM_ESCALATION_MINUTES, MIN_ALARM_ESCALATION_MINUTES } from "../domain/alarms";
import { ADDRESS_TYPES, PAYMENT_BRANDS } from "../domain/billing";
import { MAX_NO_SIGNAL_GRACE_MINUTES } from "../domain/no-signal";
import { COMPANY_TYPES } from "../domain/resources";
import { MAX_INACTIVITY_SIGN_OUT_MINUTES, MIN_INACTIVITY_SIGN_OUT_MINUTES } from "../domain/session-inactivity";
import { TEMPERATURE_UNITS } from "../domain/units";
import { dateTime, Nullable, nullableString, PlainText, StringEnum } from "./schema-types";

/**
 * A company address. Its label is optional: the API has always taken an address without
 * one, and the dashboard's form does not ask for it.
 */
const addressRecord = Type.Object(
  {
    type: Type.Optional(StringEnum(ADDRESS_TYPES)),
    label: Type.Optional(PlainText({ maxLength: 100 })),
    line1: PlainText({ minLength: 1, maxLength: 200 }),
    line2: Type.Optional(PlainText({ maxLength: 200 })),
    postalCode: PlainText({ minLength: 1, maxLength: 20 }),
    city: PlainText({ minLength: 1, maxLength: 100 }),
    country: PlainText({ minLength: 1, maxLength: 100 }),
  },
  { additionalProperties: false },
);

/** A company's billing information; every part optional. */
const billingRecord = Type.Object(
  {
    vatNumber: Type.Optional(PlainText({ maxLength: 30 })),
    email: Type.Optional(Type.String({ maxLength: 254, format: "email" })),
    address: Type.Optional(addressRecord),
    paymentBrand: Type.Optional(StringEnum(PAYMENT_BRANDS)),
  },
  { additionalProperties: false },
);

/** A company's name; required where a company is created. */
const companyName = PlainText({ minLength: 1, maxLength: 200, nonBlank: true });

/** The settings a company's administrator may change, all optional (a create requires the name). */
const companyWritable = {
  name: Type.Optional(companyName),
  city: Type.Optional(Nullable(PlainText({ maxLength: 100 }))),
  country: Type.Optional(Nullable(PlainText({ maxLength: 100 }))),
  timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  temperatureUnit: Type.Optional(StringEnum(TEMPERATURE_UNITS)),
  /** Minutes beyond 3 intervals of silence before a recording label is "No signal" (core/domain/no-signal.ts). */
  noSignalGraceMinutes: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_NO_SIGNAL_GRACE_MINUTES })),
  /** A gap or silence longer than this makes the data of reports registered from now on incomplete. */
  maxDataGapMinutes: Type.Optional(Type.Integer({ minimum: 5, maximum: 10_080 })),
  /** Minutes without a user action after which a member is signed out (core/domain/session-inactivity.ts). */
  inactivitySignOutMinutes: Type.Optional(
    Type.Integer({ minimum: MIN_INACTIVITY_SIGN_OUT_MINUTES, maximum: MAX_INACTIVITY_SIGN_OUT_MINUTES }),
  ),
  /** Minutes an alarm may stay unacknowledged before the administrators are e-mailed again (core/domain/alarms.ts). */
  alarmEscalationMinutes: Type.Optional(
    Type.Integer({ minimum: MIN_ALARM_ESCALATION_MINUTES, maximum: MAX_ALARM_ESCALATION_MINUTES }),
  ),
  logoInitial: Type.Optional(Nullable(Type.String({ maxLength: 2 }))),
  addresses: Type.Optional(Type.Array(addressRecord, { maxItems: 10 })),
  billing: Type.Optional(billingRecord),
};

/** PATCH /company: the settings to change, at least one. */
export const companyChanges = Type.Object(companyWritable, { minProperties: 1, additionalProperties: false });

/** A company with its settings (GET/PATCH /company, POST /companies). */
export const companySettingsRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: StringEnum(COMPANY_TYPES),
  parentId: nullableString,
  city: nullableString,
  country: nullableString,
  timeZone: Type.String(),
  temperatureUnit: StringEnum(TEMPERATURE_UNITS),
  noSignalGraceMinutes: Type.Integer(),
  maxDataGapMinutes: Type.Integer(),
  inactivitySignOutMinutes: Type.Integer(),
  alarmEscalationMinutes: Type.Integer(),
  logoInitial: nullableString,
  addresses: Type.Array(addressRecord),
  billing: billingRecord,
  created: dateTime,
  updated: dateTime,
});

/** The first administrator to invite with a new company, by address (optional). */
const administratorEmailField = { administratorEmail: Type.Optional(Type.String({ maxLength: 254 })) };

/**
 * A new company (POST /companies): a system administrator creates any type under any
 * parent; anyone else a customer company of their own.
 */
export const companyCreation = Type.Object(
  {
    ...companyWritable,
    name: companyName,
    ...administratorEmailField,
    type: Type.Optional(StringEnum(COMPANY_TYPES)),
    parentId: Type.Optional(Nullable(Type.String({ format: "uuid" }))),
  },
  { additionalProperties: false },
);

/** A new sub-company of the caller's company (POST /sub-companies). */
export const subCompanyCreation = Type.Object(
  { ...companyWritable, name: companyName, ...administratorEmailField },
  { additionalProperties: false },
);

export type Address = Static<typeof addressRecord>;
export type Billing = Static<typeof billingRecord>;
export type CompanyChanges = Static<typeof companyChanges>;
export type CompanyCreation = Static<typeof companyCreation>;
export type CompanySettingsRecord = Static<typeof companySettingsRecord>;

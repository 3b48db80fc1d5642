import { type Static, Type } from "typebox";
import type { Disposition } from "../domain/disposition";
import { DISPOSITIONS } from "../domain/disposition";
import { BAND_SEVERITIES, type BandSeverity } from "../domain/limit-bands";
import type { ReportSummary } from "../domain/report-summary";
import { LABEL_STATUSES, TRANSPORT_MODES } from "../domain/resources";
import { MKT_BASIS } from "../domain/statistics";
import { presetSettingsProperties } from "./label-preset";
import {
  dateTime,
  Nullable,
  NullableObject,
  nullableDateTime,
  nullableString,
  PlainText,
  SHA256_HEX,
  StringEnum,
} from "./schema-types";
import { signedDispositionRecord } from "./signed-disposition";

/**
 * Every property is required: fast-json-stringify then refuses (500) an answer that lost
 * one, rather than the dashboard meeting `undefined` where its type promised a value.
 */
export const labelReportListItem = Type.Object({
  id: Type.String(),
  labelId: Type.String(),
  reference: Type.String(),
  status: StringEnum(LABEL_STATUSES),
  presetId: nullableString,
  presetName: nullableString,
  companyId: Type.String(),
  companyName: Type.String(),
  origin: Type.String(),
  destination: Type.String(),
  transportMode: StringEnum(TRANSPORT_MODES),
  isArchived: Type.Boolean(),
  created: dateTime,
  startTime: nullableDateTime,
  endTime: nullableDateTime,
  lastReadingAt: Nullable(
    Type.String({ format: "date-time", description: "When the label's latest reading was taken (null: none yet)" }),
  ),
  noSignal: Type.Boolean({
    description:
      "A recording label silent for more than 3 intervals plus its company's grace (noSignalGraceMinutes, default 15)",
  }),
  readingCount: Type.Integer(),
  temperatureViolation: Type.Boolean(),
  humidityViolation: Type.Boolean(),
  shockViolation: Type.Boolean(),
  batteryLow: Type.Boolean(),
  dataIncomplete: Type.Boolean({
    description:
      "The data is incomplete (a gap or silence longer than the company's threshold) or there is none: never a plain OK",
  }),
  disposition: Type.Unsafe<Disposition | null>({ type: ["string", "null"], enum: [...DISPOSITIONS, null] }),
  severity: Type.Unsafe<BandSeverity | null>({
    type: ["string", "null"],
    enum: [...BAND_SEVERITIES, null],
    description: "The worst limit band severity the report reached (warning, alarm, critical); null: none",
  }),
  // Values are checked against the company's definitions when written (core/domain/custom-fields.ts).
  customFields: Type.Unsafe<Record<string, string | number | boolean | null>>({
    type: "object",
    additionalProperties: true,
  }),
  trimmed: Type.Boolean({ description: "An evaluation window (trim) is set" }),
});

/** The rule a report is judged by, as the report and its share page answer with it (core/domain/report-rule.ts). */
export const reportRuleRecord = NullableObject(
  Type.Object(
    {
      presetName: Type.String(),
      presetVersion: Type.Integer(),
      ...presetSettingsProperties,
      // Absent without bands of the unit's own: rules kept before bands read as they did.
      temperatureBands: Type.Optional(presetSettingsProperties.temperatureBands),
      humidityBands: Type.Optional(presetSettingsProperties.humidityBands),
      maxGapMinutes: Type.Optional(
        Type.Integer({
          description:
            "A gap or silence longer than this (minutes) makes the report's data incomplete: the company's setting when the report was registered (60 when absent)",
        }),
      ),
    },
    {
      description:
        "The rule the report is judged by, kept when it was registered (the preset's settings, name and version then); a later preset edit never changes it. Null only for a report whose preset was deleted before rules were kept.",
    },
  ),
);

/** One report (GET/PATCH /label-reports/{id}, its trim, POST /label-reports): the list row and more. */
export const labelReportDetail = Type.Object({
  ...labelReportListItem.properties,
  intervalMinutes: Type.Integer(),
  trimStart: nullableDateTime,
  trimEnd: nullableDateTime,
  trimReason: Nullable(Type.String({ description: "Why the window was set (null when not trimmed)" })),
  trimSetBy: NullableObject(
    Type.Object(
      { name: Type.String(), email: Type.String() },
      { description: "Who set the window (null when not trimmed, or the person was deleted)" },
    ),
  ),
  trimSetAt: nullableDateTime,
  updated: dateTime,
  summary: Type.Unsafe<ReportSummary | Record<string, never>>({
    type: "object",
    additionalProperties: true,
    description: `The verdict per unit and overall (overall.verdict: violation, noData, incomplete or ok), the statistics and the data's completeness (coverage, gaps, silences, the label's interval beside the rule's). Durations come from the readings' times. ${MKT_BASIS}`,
  }),
  presetVersion: Nullable(Type.Integer()),
  disposition: Type.Union([signedDispositionRecord, Type.Null()], {
    description:
      "The signed QA disposition that stands: the newest, unless a change to the signed record (readings, trim, archive) superseded it; else null",
  }),
  // Optional: the answer to POST /label-reports (a report just registered) leaves it out.
  contentHash: Type.Optional(
    Type.String({
      pattern: SHA256_HEX,
      description:
        "SHA-256 of the report's record now (readings and shock events of the window, the frozen rule, the window, the standing disposition), as the PDF prints it",
    }),
  ),
  contentSignature: Type.Optional(
    Type.String({
      description:
        "The server's signature of contentHash: a compact JWS (ES256, typ coldchain-record+jws) whose payload holds reportId, labelId, contentHash and iat; the keys are at /.well-known/jwks.json",
    }),
  ),
  // Optional: the answer to POST /label-reports (a report just registered) leaves it out.
  dispositionHistory: Type.Optional(
    Type.Array(signedDispositionRecord, {
      description:
        "Every signed disposition, newest first, each with the content hash it signed; the older ones are superseded, never changed",
    }),
  ),
  rule: reportRuleRecord,
  // Optional: the answer to POST /label-reports (a report just registered) leaves it out.
  shipmentId: Type.Optional(
    Nullable(Type.String({ format: "uuid", description: "The shipment the report belongs to (GET /shipments/{id})" })),
  ),
});

export type LabelReportListItem = Static<typeof labelReportListItem>;
export type LabelReportDetailRecord = Static<typeof labelReportDetail>;

/**
 * A report's custom field values by key. Unsafe keeps the JSON Schema as clients know it
 * (propertyNames and a typed additionalProperties; Type.Record would turn them into
 * patternProperties and change the error messages).
 */
const customFieldValues = Type.Unsafe<Record<string, string | number | boolean | null>>({
  type: "object",
  maxProperties: 50,
  propertyNames: { pattern: "^[A-Za-z][A-Za-z0-9_]{0,63}$" },
  additionalProperties: { type: ["string", "number", "boolean", "null"], maxLength: 500 },
});

/** POST /label-reports: a label registered on a shipment. */
export const labelReportRegistration = Type.Object(
  {
    labelId: Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" }),
    presetId: Type.String({ format: "uuid" }),
    reference: Type.Optional(PlainText({ maxLength: 100 })),
    origin: Type.Optional(PlainText({ maxLength: 100 })),
    destination: Type.Optional(PlainText({ maxLength: 100 })),
    transportMode: Type.Optional(StringEnum(TRANSPORT_MODES)),
    shipmentId: Type.Optional(
      Type.String({ format: "uuid", description: "Attach the label to this shipment of the company" }),
    ),
    shipmentReference: Type.Optional(
      PlainText({
        maxLength: 100,
        minLength: 1,
        description: "Attach the label to the company's shipment with this reference (case-insensitive)",
      }),
    ),
  },
  { additionalProperties: false },
);

/** PATCH /label-reports/{id}: archive or unarchive, or set custom field values. */
export const labelReportChanges = Type.Object(
  {
    isArchived: Type.Optional(Type.Boolean()),
    customFields: Type.Optional(customFieldValues),
    reason: Type.Optional(
      Type.String({
        maxLength: 500,
        description:
          "Why: required (at least 10 characters) to archive a report or to change a value of a field that is part of the record; kept in the audit trail",
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);

/** POST /label-reports/{id}/trim: the evaluation window (nulls clear it) and why. */
export const trimWindowInput = Type.Object(
  {
    start: nullableDateTime,
    end: nullableDateTime,
    reason: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

export type TrimWindowInput = Static<typeof trimWindowInput>;

import { type Static, Type } from "typebox";
import { DISPOSITIONS } from "../domain/disposition";
import type { ReportSummary } from "../domain/report-summary";
import { LABEL_STATUSES } from "../domain/resources";
import { TEMPERATURE_UNITS } from "../domain/units";
import { deviationSummaryRecord } from "./deviation";
import { reportRuleRecord } from "./label-report";
import { readingSeriesRecord } from "./reading-series";
import { NullableObject, nullableString, StringEnum } from "./schema-types";

const SHARE_LINK_STATES = ["active", "expired", "revoked"] as const;

/** How many days a new link lives. */
export const SHARE_LINK_DAYS = { min: 1, max: 90, default: 30 } as const;

/** A share link of a report: /label-reports/{id}/share-links/{linkId}. */
export const shareLinkParams = Type.Object(
  { id: Type.String({ format: "uuid" }), linkId: Type.String({ format: "uuid" }) },
  { additionalProperties: false },
);

/**
 * The token of a public share page: /share/{token}. Its shape is checked by the route (not
 * here), so that a malformed one is the same 404 as an unknown one and counts against the
 * address limit all the same.
 */
export const shareTokenParams = Type.Object(
  { token: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);

/** A report's share link as its list shows it (GET /label-reports/{id}/share-links): never the token. */
export const shareLinkRecord = Type.Object({
  id: Type.String(),
  createdAt: Type.String(),
  createdBy: Type.Object({ name: Type.String() }),
  expiresAt: Type.String(),
  revokedAt: nullableString,
  state: StringEnum(SHARE_LINK_STATES),
  opens: Type.Integer(),
  lastOpenedAt: nullableString,
});

/** The answer to creating a link: its address, shown only this once. */
export const createdShareLinkRecord = Type.Object({ id: Type.String(), url: Type.String(), expiresAt: Type.String() });

/** POST /label-reports/{id}/share-links: how long the link lives (a body may be left out, or null). */
export const shareLinkInput = NullableObject(
  Type.Object(
    { expiresInDays: Type.Optional(Type.Integer({ minimum: SHARE_LINK_DAYS.min, maximum: SHARE_LINK_DAYS.max })) },
    { additionalProperties: false },
  ),
);

/** One open of a share link (GET …/share-links/{linkId}/opens). */
export const shareLinkOpenRecord = Type.Object({
  openedAt: Type.String(),
  address: Type.String(),
  kind: StringEnum(["page", "pdf", "csv", "record"]),
});

/** An excursion as the share page draws it (core/domain/excursions.ts computes it; times in epoch ms). */
const excursionRecord = Type.Object({
  start: Type.Number(),
  end: Type.Number(),
  until: Type.Union([Type.Number(), Type.Null()]),
  side: StringEnum(["above", "below"]),
  readings: Type.Integer(),
  durationMinutes: Type.Number(),
  peak: Type.Number(),
});

/** GET /share/{token}: one report as a partner without an account sees it. */
export const sharedReportRecord = Type.Object({
  labelId: Type.String(),
  reference: Type.String(),
  status: StringEnum(LABEL_STATUSES),
  startTime: nullableString,
  endTime: nullableString,
  rule: reportRuleRecord,
  trim: NullableObject(Type.Object({ start: nullableString, end: nullableString })),
  summary: Type.Unsafe<ReportSummary>({ type: "object", additionalProperties: true }),
  excursions: Type.Object({ temperature: Type.Array(excursionRecord), humidity: Type.Array(excursionRecord) }),
  recordFields: Type.Array(Type.Object({ key: Type.String(), name: Type.String(), text: Type.String() }), {
    description: "The values of the fields that are part of the record (hashed), named and formatted",
  }),
  disposition: NullableObject(
    Type.Object({
      value: StringEnum(DISPOSITIONS),
      meaning: Type.String(),
      comment: Type.String(),
      signedBy: Type.Object({ name: Type.String() }),
      signedAt: Type.String({ format: "date-time" }),
    }),
  ),
  deviations: Type.Array(deviationSummaryRecord, {
    description: "The investigations of the report's alarms: title, state, findings and closing summary",
  }),
  contentHash: Type.String(),
  contentSignature: Type.String({
    description: "The server's signature of contentHash (a compact JWS; keys at /.well-known/jwks.json)",
  }),
  readings: Type.Object(readingSeriesRecord.properties, {
    description: "The chart series of the evaluation window, min/max-downsampled (at most 1,000 points)",
  }),
  expiresAt: Type.String(),
  temperatureUnit: Type.Optional(
    StringEnum(TEMPERATURE_UNITS, {
      description: "The company's unit: the default for a viewer who has not chosen one",
    }),
  ),
});

export type ShareLinkRecord = Static<typeof shareLinkRecord>;
export type CreatedShareLinkRecord = Static<typeof createdShareLinkRecord>;
export type SharedReport = Static<typeof sharedReportRecord>;

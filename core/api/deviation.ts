import { type Static, Type } from "typebox";
import { DEVIATION_STATES } from "../domain/deviations";
import { alarmRecord } from "./alarm";
import { auditEntryRecord } from "./audit-entry";
import {
  dateTime,
  Nullable,
  nullableDateTime,
  nullableString,
  PlainText,
  SHA256_HEX,
  StringEnum,
} from "./schema-types";

const title = PlainText({ maxLength: 200, minLength: 1, nonBlank: true, description: "What happened, in a line" });
const longText = (description: string) => Type.String({ maxLength: 5000, description });

const alarmIds = Type.Array(Type.String({ format: "uuid" }), {
  maxItems: 100,
  uniqueItems: true,
  description: "The report's alarms the deviation investigates; closing the deviation closes them",
});

/** The texts a person writes on a deviation. */
const writtenFields = {
  description: Type.Optional(longText("What was observed")),
  rootCause: Type.Optional(longText("Why it happened; needed to close")),
  productImpact: Type.Optional(longText("The product impact assessment; needed to close")),
  capaReference: Type.Optional(PlainText({ maxLength: 100, description: "The CAPA record it leads to, if any" })),
};

/** POST /deviations: a report, a title, and the alarms it investigates. */
export const deviationInput = Type.Object(
  {
    reportId: Type.String({ format: "uuid" }),
    title,
    alarmIds: Type.Optional(alarmIds),
    ...writtenFields,
  },
  { additionalProperties: false },
);
export type DeviationInput = Static<typeof deviationInput>;

/** PATCH /deviations/{id}: any of the texts, the alarms, or the move to "under investigation". */
export const deviationChanges = Type.Object(
  {
    title: Type.Optional(title),
    alarmIds: Type.Optional(alarmIds),
    state: Type.Optional(StringEnum(["open", "underInvestigation"] as const)),
    ...writtenFields,
  },
  { additionalProperties: false, minProperties: 1 },
);
export type DeviationChanges = Static<typeof deviationChanges>;

/** POST /deviations/{id}/close: the signer's proof (password or e-mailed code) and a comment. */
export const deviationClosingInput = Type.Object(
  {
    comment: Type.Optional(Type.String({ maxLength: 1000 })),
    password: Type.Optional(Type.String({ maxLength: 200 })),
    code: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: false },
);
export type DeviationClosingInput = Static<typeof deviationClosingInput>;

/** The closing signature, as the record keeps it. */
const deviationClosing = Type.Object({
  signedBy: Type.Object({ id: nullableString, name: Type.String(), email: Type.String() }),
  signedAt: dateTime,
  meaning: Type.String(),
  comment: Type.String(),
  contentHash: Type.String({ pattern: SHA256_HEX, description: "SHA-256 of the deviation as signed" }),
});

/** One row of GET /deviations. */
export const deviationListItem = Type.Object({
  id: Type.String(),
  number: Type.String({ description: "Per company and year, e.g. DEV-2026-0042" }),
  companyId: Type.String(),
  companyName: Type.String(),
  reportId: Type.String(),
  labelId: Type.String(),
  reference: Type.String(),
  title: Type.String(),
  description: Type.String(),
  rootCause: Type.String(),
  productImpact: Type.String(),
  capaReference: Type.String(),
  state: StringEnum(DEVIATION_STATES),
  openedByName: nullableString,
  alarmCount: Type.Integer(),
  closedAt: nullableDateTime,
  closedByName: Nullable(Type.String({ description: "Who signed the closing" })),
  created: dateTime,
  updated: dateTime,
});
export type DeviationListItem = Static<typeof deviationListItem>;

/** GET /deviations/{id} (and the answer of every change): the row, its alarms, its signature and history. */
export const deviationDetail = Type.Object({
  ...deviationListItem.properties,
  alarmIds: Type.Array(Type.String()),
  alarms: Type.Array(alarmRecord),
  closing: Type.Union([deviationClosing, Type.Null()]),
  history: Type.Array(auditEntryRecord, { description: "Every change, oldest first, as the report's trail has it" }),
});
export type DeviationDetail = Static<typeof deviationDetail>;

/** A report's deviation as its PDF and its share page print it (people by name only). */
export const deviationSummaryRecord = Type.Object({
  number: Type.String(),
  title: Type.String(),
  state: StringEnum(DEVIATION_STATES),
  rootCause: Type.String(),
  productImpact: Type.String(),
  capaReference: Type.String(),
  closedAt: nullableDateTime,
  closedByName: nullableString,
  closingComment: nullableString,
});
export type DeviationSummary = Static<typeof deviationSummaryRecord>;

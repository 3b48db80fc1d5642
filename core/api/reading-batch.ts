import { type Static, Type } from "typebox";
import { MAX_READINGS_PER_REQUEST } from "../domain/readings";
import { LABEL_STATUSES } from "../domain/resources";
import { NullableObject, nullableDateTime, StringEnum } from "./schema-types";

/**
 * POST /readings: a label's readings. Each reading's values are described here and checked
 * in core/domain/readings.ts, so every problem is named at once and no value is coerced
 * ("5" is not a temperature).
 */
export const readingBatchInput = Type.Object(
  {
    labelId: Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" }),
    readings: Type.Array(
      Type.Object({
        time: Type.Optional(
          Type.Unknown({ description: "ISO-8601 with an offset, e.g. 2026-11-24T08:00:00Z (required)" }),
        ),
        temperature: Type.Optional(Type.Unknown({ description: "°C, −100 to 100" })),
        humidity: Type.Optional(Type.Unknown({ description: "%RH, 0 to 100" })),
        shock: Type.Optional(
          Type.Unknown({ description: "peak acceleration in g, 0 to 1000; above 0 it is stored as a shock event" }),
        ),
        battery: Type.Optional(Type.Unknown({ description: "%, 0 to 100" })),
      }),
      { minItems: 1, maxItems: MAX_READINGS_PER_REQUEST },
    ),
  },
  { additionalProperties: false },
);

/** What one report took of a batch. */
const reportTake = Type.Object({ reportId: Type.String(), accepted: Type.Integer(), duplicates: Type.Integer() });

/** The answer to POST /readings. */
export const readingBatchAnswer = Type.Object({
  reportId: Type.String({ description: "The report that took the batch's newest reading" }),
  accepted: Type.Integer({ description: "Readings stored by this request" }),
  duplicates: Type.Integer({ description: "Readings whose time was already stored (or repeated in the batch)" }),
  reports: Type.Array(reportTake, {
    description:
      "Each report that took readings of the batch: a reading goes to the report of the label id whose time it belongs to (a late upload may reach an earlier shipment's report)",
  }),
});

/** POST /label-reports/{id}/stop: how the label ended (a body may be left out, or null). */
export const labelStopInput = NullableObject(
  Type.Object({ status: Type.Optional(StringEnum(["stopped", "ended"])) }, { additionalProperties: false }),
);

/** The answer to stopping a label. */
export const labelStopAnswer = Type.Object({
  id: Type.String(),
  status: StringEnum(LABEL_STATUSES),
  endTime: nullableDateTime,
});

export type ReadingBatchAnswer = Static<typeof readingBatchAnswer>;

import { type Static, Type } from "typebox";
import { dateTime, StringEnum } from "./schema-types";

/** The window to preview (GET /label-reports/{id}/trim-preview); without start and end: clearing it. */
export const trimPreviewQuery = Type.Object(
  { start: Type.Optional(dateTime), end: Type.Optional(dateTime) },
  { additionalProperties: false },
);

/** An excursion a window would take out of the evaluation. */
const removedExcursionRecord = Type.Object({
  unit: StringEnum(["temperature", "humidity"]),
  side: StringEnum(["above", "below"]),
  start: dateTime,
  end: dateTime,
  durationMinutes: Type.Number(),
  longerThanAlarmDelay: Type.Boolean({
    description: "Longer than the rule's alarm delay: it alone can raise an alarm",
  }),
});

/** What setting or clearing a report's window would change (GET /label-reports/{id}/trim-preview). */
export const trimPreviewRecord = Type.Object({
  verdictBefore: Type.String(),
  verdictAfter: Type.String(),
  removedExcursions: Type.Array(removedExcursionRecord),
  requiresTypedConfirmation: Type.Boolean({ description: "The confirmation must be typed (the label ID)" }),
  message: Type.String(),
});

export type RemovedExcursion = Static<typeof removedExcursionRecord>;
export type TrimEffect = Static<typeof trimPreviewRecord>;

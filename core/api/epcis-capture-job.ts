import { type Static, Type } from "typebox";
import { MAX_READING_ERRORS } from "../domain/readings";
import { Nullable, StringEnum } from "./schema-types";

/** An event of a capture that was refused, by its place in `epcisBody.eventList`. */
const epcisCaptureErrorRecord = Type.Object({
  eventIndex: Type.Integer(),
  eventID: Type.Optional(Type.String()),
  type: StringEnum(["ValidationException", "ImplementationException"]),
  title: Type.String(),
});

/** A sensor report that is stored nowhere (a measurement type no label has), and why. */
const epcisIgnoredRecord = Type.Object({
  eventIndex: Type.Integer(),
  eventID: Type.Optional(Type.String()),
  path: Type.String({ description: "Where in the event, e.g. sensorElementList.0.sensorReport.2" }),
  sensorType: Type.Optional(Type.String({ description: "The report's measurement type as sent, if any" })),
  reason: Type.String(),
});

/** An EPCIS capture job (the 202 of POST /epcis/capture, GET /epcis/capture/{id}). */
export const epcisCaptureJobRecord = Type.Object({
  captureID: Type.String(),
  running: Type.Boolean(),
  success: Nullable(Type.Boolean({ description: "Null while running; true when no event had an error" })),
  createdAt: Type.String({ format: "date-time" }),
  finishedAt: Nullable(Type.String({ format: "date-time" })),
  eventCount: Type.Integer(),
  accepted: Type.Integer({ description: "Readings stored" }),
  duplicates: Type.Integer({ description: "Readings whose (label, time) was already stored" }),
  errors: Type.Array(epcisCaptureErrorRecord, { description: `The first ${MAX_READING_ERRORS} errors, by event` }),
  errorCount: Type.Integer({ description: "Every error, listed or not" }),
  ignoredCount: Type.Integer({ description: "Every ignored sensor report, listed or not" }),
  ignored: Type.Array(epcisIgnoredRecord, {
    description: `Sensor reports of types that are none of the labels' channels (the first ${MAX_READING_ERRORS}, by event)`,
  }),
});

export type EpcisCaptureError = Static<typeof epcisCaptureErrorRecord>;
export type EpcisIgnored = Static<typeof epcisIgnoredRecord>;
export type EpcisCaptureJob = Static<typeof epcisCaptureJobRecord>;

import { type Static, Type } from "typebox";
import {
  ALARM_KINDS,
  ALARM_SEVERITIES,
  ALARM_SIDES,
  ALARM_STATES,
  ALARM_UNITS,
  type AlarmSide,
  type AlarmUnit,
} from "../domain/alarms";
import { dateTime, Nullable, nullableDateTime, nullableString, StringEnum } from "./schema-types";

/** One alarm (GET /alarms rows, and the answer of acknowledging or closing one). */
export const alarmRecord = Type.Object({
  id: Type.String(),
  companyId: Type.String(),
  companyName: Type.String(),
  reportId: Type.String(),
  labelId: Type.String({ description: "The report's label, for the link to it" }),
  reference: Type.String(),
  kind: StringEnum(ALARM_KINDS, {
    description:
      "band: a unit's band reached; noSignal; batteryLow; budgetExhausted: the shipment used up its batch's stability budget on `side` (critical)",
  }),
  unit: Type.Unsafe<AlarmUnit | null>({ type: ["string", "null"], enum: [...ALARM_UNITS, null] }),
  side: Type.Unsafe<AlarmSide | null>({ type: ["string", "null"], enum: [...ALARM_SIDES, null] }),
  severity: StringEnum(ALARM_SEVERITIES),
  state: StringEnum(ALARM_STATES),
  triggeredAt: dateTime,
  acknowledgedAt: nullableDateTime,
  acknowledgedByName: Nullable(Type.String({ description: "Who acknowledged it (null: nobody yet, or deleted)" })),
  acknowledgedComment: nullableString,
  closedAt: nullableDateTime,
  closedByName: nullableString,
  closedComment: nullableString,
  escalatedAt: Nullable(
    Type.String({ format: "date-time", description: "When the administrators were e-mailed again, unacknowledged" }),
  ),
  created: dateTime,
});

export type AlarmRecord = Static<typeof alarmRecord>;

/** POST /alarms/{id}/acknowledge and /close: what was done, at least 10 characters once trimmed. */
export const alarmCommentInput = Type.Object(
  { comment: Type.String({ maxLength: 1000, description: "At least 10 characters, trimmed" }) },
  { additionalProperties: false },
);

export type AlarmCommentInput = Static<typeof alarmCommentInput>;

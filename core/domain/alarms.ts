import { CHANGE_REASON_MIN_LENGTH } from "./change-reason";
import { durationText } from "./duration-text";

/**
 * Alarms to acknowledge: each alarm event of a report (a unit's band
 * reached, the label gone silent, the battery low, its shipment's batch out of stability
 * budget) is an alarm that someone acknowledges
 * with a comment and later closes. Pure: the server stores and enforces, the dashboard shows.
 */

export const ALARM_KINDS = ["band", "noSignal", "batteryLow", "budgetExhausted"] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];

export const ALARM_UNITS = ["temperature", "humidity", "shock"] as const;
export type AlarmUnit = (typeof ALARM_UNITS)[number];

export const ALARM_SIDES = ["above", "below"] as const;
export type AlarmSide = (typeof ALARM_SIDES)[number];

/** Mildest first; a later change adds bands of their own severity. */
export const ALARM_SEVERITIES = ["warning", "alarm", "critical"] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];

/** open -> acknowledged (someone looked and said what they do) -> closed (dealt with). */
export const ALARM_STATES = ["open", "acknowledged", "closed"] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

/** Bounds of a company's `alarmEscalationMinutes` (default 120, migration 0040). */
export const MIN_ALARM_ESCALATION_MINUTES = 5;
export const MAX_ALARM_ESCALATION_MINUTES = 10_080;

/** What an alarm is, read from the alert event that raised it. */
export interface AlarmOrigin {
  kind: AlarmKind;
  unit: AlarmUnit | null;
  side: AlarmSide | null;
  severity: AlarmSeverity;
}

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (values as readonly string[]).includes(value);

/**
 * The alarm an alert event raises, or null for an event that is no alarm (a report that
 * finished). A band's alarm has the band's severity ("alarm" for a unit judged by its min
 * and max alone); a silent label is an alarm; a low battery is a warning; a shipment that
 * used up its batch's stability budget on a side is critical.
 */
export function alarmOfEvent(eventKind: string, details: Record<string, unknown>): AlarmOrigin | null {
  const side = isOneOf(ALARM_SIDES, details.side) ? details.side : null;
  switch (eventKind) {
    case "excursionDetected":
      return {
        kind: "band",
        unit: isOneOf(ALARM_UNITS, details.unit) ? details.unit : null,
        side,
        severity: isOneOf(ALARM_SEVERITIES, details.severity) ? details.severity : "alarm",
      };
    case "noSignal":
      return { kind: "noSignal", unit: null, side: null, severity: "alarm" };
    case "batteryLow":
      return { kind: "batteryLow", unit: null, side: null, severity: "warning" };
    // A used-up stability budget is critical whatever the label's rule said (docs/domain.md).
    case "budgetExhausted":
      return { kind: "budgetExhausted", unit: "temperature", side, severity: "critical" };
    default:
      return null;
  }
}

/** The states an action moves an alarm from, and to. */
export const ALARM_TRANSITIONS = {
  acknowledge: { from: "open", to: "acknowledged" },
  close: { from: "acknowledged", to: "closed" },
} as const satisfies Record<string, { from: AlarmState; to: AlarmState }>;
export type AlarmAction = keyof typeof ALARM_TRANSITIONS;

export const ALARM_COMMENT_MIN_LENGTH = CHANGE_REASON_MIN_LENGTH;

/** The field error of an acknowledgement's or closing's comment, or null when it will do. */
export function alarmCommentError(comment: string | null | undefined): string | null {
  const text = (comment ?? "").trim();
  if (text.length === 0) return "Say what was done about the alarm";
  if (text.length < ALARM_COMMENT_MIN_LENGTH)
    return `The comment must be at least ${ALARM_COMMENT_MIN_LENGTH} characters`;
  return null;
}

const UNIT_TEXT: Record<AlarmUnit, string> = { temperature: "Temperature", humidity: "Humidity", shock: "Shock" };

/** "Temperature above", "No signal", "Battery low", "Stability budget used up above": what raised the alarm. */
export function alarmTitle(alarm: { kind: AlarmKind; unit: AlarmUnit | null; side: AlarmSide | null }): string {
  if (alarm.kind === "noSignal") return "No signal";
  if (alarm.kind === "batteryLow") return "Battery low";
  if (alarm.kind === "budgetExhausted")
    return alarm.side ? `Stability budget used up ${alarm.side}` : "Stability budget used up";
  const unit = alarm.unit ? UNIT_TEXT[alarm.unit] : "Band";
  return alarm.side ? `${unit} ${alarm.side}` : `${unit} alarm`;
}

/** "2 h 5 min ago": how long an alarm has been raised, to the minute. */
export function alarmAge(triggeredAt: string | Date, now: number): string {
  const minutes = Math.max(0, Math.floor((now - new Date(triggeredAt).getTime()) / 60_000));
  return minutes < 1 ? "just now" : `${durationText(minutes)} ago`;
}

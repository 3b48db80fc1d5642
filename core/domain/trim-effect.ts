import type { RemovedExcursion, TrimEffect } from "../api/trim-preview";
import { durationText } from "./duration-text";
import {
  type EvaluationWindow,
  excursionsOfReadings,
  type ReportSummary,
  type ReportSummaryInput,
  summariseReport,
  VERDICT_TEXT,
  verdictOf,
} from "./report-summary";

/**
 * What a trim (or clearing one) changes, before it is saved: the verdict before and after,
 * and the excursions that fall outside the new window. The dashboard's confirmation names
 * them; an excursion longer than the rule's alarm delay taken out of the evaluation needs
 * the label ID typed.
 */

/** A trim's reason: free text of at least this many characters (after trimming blanks). */
const TRIM_REASON_MIN_LENGTH = 10;

/** Short reasons the dashboard offers for setting a window; any other text of TRIM_REASON_MIN_LENGTH or more also does. */
export const TRIM_REASON_PRESETS = ["Label started before loading", "Label stopped after unloading"] as const;

/** Short reasons the dashboard offers for clearing one: why every reading counts again. */
export const UNTRIM_REASON_PRESETS = ["Window set by mistake", "The whole transport must be evaluated"] as const;

/** The field error of a reason, or null when it is good enough. */
export function trimReasonError(reason: string | null | undefined): string | null {
  const text = (reason ?? "").trim();
  if (text.length === 0) return "A reason is required to set or clear a trim";
  if (text.length < TRIM_REASON_MIN_LENGTH) return `The reason must be at least ${TRIM_REASON_MIN_LENGTH} characters`;
  return null;
}

/** The verdict in words: the violated units, else missing data or OK. */
function verdictText(summary: ReportSummary): string {
  const violated = [
    summary.temperature.violation ? "Temperature" : null,
    summary.humidity.violation ? "Humidity" : null,
    summary.shock.violation ? "Shock" : null,
  ].filter((u): u is string => u !== null);
  if (violated.length === 0) return VERDICT_TEXT[verdictOf(summary)];
  return `${violated.join(" and ")} violation`;
}

function within(t: number, window: EvaluationWindow): boolean {
  return (window.start == null || t >= window.start) && (window.end == null || t <= window.end);
}

/** Excursions under the current window that the next window does not wholly contain. */
function removedExcursions(input: ReportSummaryInput, next: EvaluationWindow): RemovedExcursion[] {
  const { preset } = input;
  const current = input.window ?? {};
  const readings = input.readings.filter((r) => within(r.t, current));
  return (["temperature", "humidity"] as const).flatMap((unit) =>
    excursionsOfReadings(readings, preset, unit)
      .filter((e) => !(within(e.start, next) && within(e.end, next)))
      .map((e) => ({
        unit,
        side: e.side,
        start: new Date(e.start).toISOString(),
        end: new Date(e.end).toISOString(),
        durationMinutes: e.durationMinutes,
        longerThanAlarmDelay: e.durationMinutes > preset.alarmDelayMinutes,
      })),
  );
}

/** What moving the evaluation window from input.window to `next` changes. */
export function trimEffect(input: ReportSummaryInput, next: EvaluationWindow): TrimEffect {
  const verdictBefore = verdictText(summariseReport(input));
  const verdictAfter = verdictText(summariseReport({ ...input, window: next }));
  const removed = removedExcursions(input, next);
  const verdictPart =
    verdictBefore === verdictAfter
      ? `The verdict stays ${verdictBefore}`
      : `The verdict changes from ${verdictBefore} to ${verdictAfter}`;
  const removedPart =
    removed.length === 0
      ? "no excursion falls outside the window"
      : `${removed.length} ${removed.length === 1 ? "excursion" : "excursions"} of ${removed
          .map((e) => durationText(e.durationMinutes))
          .join(", ")} ${removed.length === 1 ? "falls" : "fall"} outside the window`;
  return {
    verdictBefore,
    verdictAfter,
    removedExcursions: removed,
    requiresTypedConfirmation: removed.some((e) => e.longerThanAlarmDelay),
    message: `${verdictPart}; ${removedPart}.`,
  };
}

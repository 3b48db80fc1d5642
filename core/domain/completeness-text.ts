import { durationText } from "./duration-text";
import type { Completeness, CompletenessState, SilentPeriod } from "./report-summary";

export { durationText };

/**
 * How a report's data completeness reads wherever it is shown (the overlay, the PDF, the
 * share page), so every screen and document says the same thing.
 */

export const COMPLETENESS_TEXT: Record<CompletenessState, string> = {
  complete: "Complete",
  incomplete: "Incomplete data",
  noData: "No data",
};

/** "Label logged every 1 min; the rule assumes 5 min", or null when they agree (within 20 %). */
export function intervalMismatchText(completeness: Completeness): string | null {
  const { labelIntervalMinutes, ruleIntervalMinutes, intervalMismatch } = completeness;
  if (!intervalMismatch || labelIntervalMinutes === null) return null;
  return `Label logged every ${durationText(labelIntervalMinutes)}; the rule assumes ${durationText(ruleIntervalMinutes)}`;
}

export interface SilenceRow {
  kind: "gap" | "start" | "end";
  /** "Gap", "Silence at the start", "Silence at the end". */
  label: string;
  start: string;
  end: string;
  minutes: number;
  /** Longer than the company's threshold: this one makes the data incomplete. */
  tooLong: boolean;
}

/** Every period without data, in time order: the silence at the start, the gaps, the silence at the end. */
export function silenceRows(
  completeness: Completeness,
  gaps: readonly { start: string; end: string; minutes?: number }[],
): SilenceRow[] {
  const row = (kind: SilenceRow["kind"], label: string, p: SilentPeriod): SilenceRow => ({
    kind,
    label,
    ...p,
    tooLong: p.minutes > completeness.thresholdMinutes,
  });
  const minutesOf = (g: { start: string; end: string; minutes?: number }) =>
    g.minutes ?? (Date.parse(g.end) - Date.parse(g.start)) / 60_000;
  return [
    ...(completeness.silenceStart ? [row("start", "Silence at the start", completeness.silenceStart)] : []),
    ...gaps.map((g) => row("gap", "Gap", { start: g.start, end: g.end, minutes: minutesOf(g) })),
    ...(completeness.silenceEnd ? [row("end", "Silence at the end", completeness.silenceEnd)] : []),
  ];
}

/** The periods a chart hatches as "No data": the verdict's silences and gaps (ISO 8601). */
export function noDataPeriods(summary: {
  gaps: readonly { start: string; end: string }[];
  completeness?: Completeness;
}): { start: string; end: string }[] {
  const c = summary.completeness;
  return [...(c?.silenceStart ? [c.silenceStart] : []), ...summary.gaps, ...(c?.silenceEnd ? [c.silenceEnd] : [])].map(
    ({ start, end }) => ({ start, end }),
  );
}

/** One sentence on why the data is (in)complete, for the PDF, the share page and the signing dialog. */
export function completenessSentence(completeness: Completeness): string {
  if (completeness.state === "noData") return "No readings: there is nothing to judge the shipment by.";
  if (completeness.state === "complete")
    return `No gap or silence longer than ${durationText(completeness.thresholdMinutes)}.`;
  return `A gap or silence of ${durationText(completeness.longestSilenceMinutes)} is longer than the ${durationText(completeness.thresholdMinutes)} allowed: nothing is known of the shipment then.`;
}

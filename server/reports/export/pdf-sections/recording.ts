import {
  COMPLETENESS_TEXT,
  completenessSentence,
  intervalMismatchText,
  silenceRows,
} from "../../../../core/domain/completeness-text";
import type { ReportContent } from "../report-content";
import type { PdfContext } from "./context";
import { formatDuration } from "./labels";

/** The recording summary's lines on the data's completeness (a summary stored before it was kept has none). */
function completenessLines(summary: ReportContent["summary"]): [string, string][] {
  const c = summary.completeness;
  if (!c) return [];
  const coverage = (value: number | null) => (value === null ? "not measured" : `${value} %`);
  const mismatch = intervalMismatchText(c);
  return [
    ["Data completeness", `${COMPLETENESS_TEXT[c.state]}. ${completenessSentence(c)}`],
    ["Coverage", `Temperature ${coverage(c.coverage.temperature)}, humidity ${coverage(c.coverage.humidity)}`],
    [
      "Label's interval",
      mismatch ??
        (c.labelIntervalMinutes === null
          ? "Unknown (fewer than two readings)"
          : `${formatDuration(c.labelIntervalMinutes)}, as the rule assumes`),
    ],
  ];
}

/** Start and stop, readings, the evaluation window and who set it, gaps and the data's completeness. */
export function renderRecording({ w, content, at, count }: PdfContext): void {
  const { report, summary } = content;
  w.heading("Recording summary");
  const trim = content.trim;
  const trimText = trim
    ? `Trimmed: ${trim.start ? at(trim.start) : "first reading"} to ${trim.end ? at(trim.end) : "last reading"}`
    : "Whole recording (not trimmed)";
  const setBy = trim?.setBy
    ? `${trim.setBy.name}${trim.setBy.email ? ` (${trim.setBy.email})` : ""}, ${at(trim.setBy.at)}${trim.setBy.reason ? `. Reason: ${trim.setBy.reason}` : ""}`
    : trim
      ? "Not recorded in the audit trail"
      : "-";
  const gapMinutes = summary.gaps.reduce((sum, g) => sum + (Date.parse(g.end) - Date.parse(g.start)) / 60_000, 0);
  w.keyValues([
    ["Recording start", at(report.startTime)],
    ["Recording stop", at(report.endTime)],
    ["Readings recorded", count(content.totalReadings)],
    ["Readings evaluated", count(content.readings.length)],
    ["Logging interval", formatDuration(report.intervalMinutes)],
    ["Evaluation window", trimText],
    ["Window set by", setBy],
    ["Gaps (offline)", summary.gaps.length ? `${summary.gaps.length}, ${formatDuration(gapMinutes)} in total` : "None"],
    ...completenessLines(summary),
  ]);
  const silences = summary.completeness ? silenceRows(summary.completeness, summary.gaps) : [];
  if (silences.length > 0)
    w.table(
      [
        { title: "No data", width: 110 },
        { title: "From", width: 120 },
        { title: "To", width: 120 },
        { title: "Length", width: w.width - 350, align: "right" },
      ],
      silences.map((s) => [
        s.tooLong ? `${s.label} (too long)` : s.label,
        at(s.start),
        at(s.end),
        formatDuration(s.minutes),
      ]),
      { size: 8, rowHeight: 12 },
    );
}

import type { OverallVerdict, SummaryState } from "../../../../core/domain/report-summary";

/** The words the report PDF prints for stored values. */
export const TRANSPORT = { truck: "Truck", train: "Train", plane: "Plane", boat: "Boat" } as const;
export const LABEL_STATUS = {
  notStarted: "Not started",
  recording: "Recording",
  stopped: "Stopped",
  ended: "Ended",
} as const;
export const STATE = { success: "OK", warning: "Warning", error: "Alarm" } as const satisfies Record<
  SummaryState,
  string
>;
export const OVERALL_VERDICT: Record<OverallVerdict, string> = {
  violation: "ALARM: at least one unit is in violation",
  noData: "NO DATA: the label sent no readings; there is nothing to judge the shipment by",
  incomplete: "INCOMPLETE DATA: a gap or silence is longer than the company allows; the verdict cannot be OK",
  ok: "OK: no unit is in violation and the data is complete",
};

/** "45 min", "2 h 5 min", "3 d 4 h 0 min": the record gives every minute, where a screen rounds. */
export function formatDuration(minutes: number): string {
  const m = Math.round(minutes);
  const days = Math.floor(m / 1440);
  const hours = Math.floor((m % 1440) / 60);
  const rest = m % 60;
  if (days > 0) return `${days} d ${hours} h ${rest} min`;
  if (hours > 0) return `${hours} h ${rest} min`;
  return `${rest} min`;
}

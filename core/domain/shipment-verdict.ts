import {
  type CompletenessState,
  OVERALL_VERDICTS,
  type OverallVerdict,
  type ReportSummary,
  type SummaryState,
  verdictOf,
} from "./report-summary";

/**
 * A shipment's verdict (docs/domain.md, Shipments): the worst of its labels'. Per unit, a
 * violation of any label is the shipment's; overall, the worst label verdict stands
 * (violation, then no data, then incomplete data, then OK); the data is incomplete when
 * any label's is (a label without data leaves the shipment incomplete, unless none has data).
 * The server answers it with the shipment and the dashboard shows it from the same function.
 */

/** One label of the shipment: its stored summary, null before any reading was summarised. */
export interface ShipmentLabel {
  reportId: string;
  labelId: string;
  summary: ReportSummary | null;
}

const SHIPMENT_UNITS = ["temperature", "humidity", "shock"] as const;
type ShipmentUnit = (typeof SHIPMENT_UNITS)[number];

interface ShipmentUnitVerdict {
  /** Any label measures the unit. */
  measured: boolean;
  violation: boolean;
  /** The worst state of the unit over the labels. */
  state: SummaryState;
  /** The labels (label ids) whose unit is violated. */
  violatedBy: string[];
}

export interface ShipmentVerdict {
  verdict: OverallVerdict;
  completeness: CompletenessState;
  units: Record<ShipmentUnit, ShipmentUnitVerdict>;
  batteryLow: boolean;
  /** The labels (label ids) whose own verdict is the shipment's, so the page can name them. */
  worstLabels: string[];
}

const STATE_RANK: Record<SummaryState, number> = { success: 0, warning: 1, error: 2 };

/** Lower is worse: the order of OVERALL_VERDICTS. */
const verdictRank = (verdict: OverallVerdict) => OVERALL_VERDICTS.indexOf(verdict);

/** A label's own verdict; no summary yet is no data. */
export function labelVerdict(summary: ReportSummary | null): OverallVerdict {
  return summary?.overall ? verdictOf(summary) : "noData";
}

function labelCompleteness(summary: ReportSummary | null): CompletenessState {
  if (!summary?.overall) return "noData";
  return summary.completeness?.state ?? (summary.readingCount === 0 ? "noData" : "complete");
}

function unitVerdict(labels: readonly ShipmentLabel[], unit: ShipmentUnit): ShipmentUnitVerdict {
  const channels = labels.flatMap((label) =>
    label.summary?.overall ? [{ labelId: label.labelId, channel: label.summary[unit] }] : [],
  );
  return {
    measured: channels.some(({ channel }) => channel.measured),
    violation: channels.some(({ channel }) => channel.violation),
    state: channels.reduce<SummaryState>(
      (worst, { channel }) => (STATE_RANK[channel.state] > STATE_RANK[worst] ? channel.state : worst),
      "success",
    ),
    violatedBy: channels.filter(({ channel }) => channel.violation).map(({ labelId }) => labelId),
  };
}

export function shipmentVerdict(labels: readonly ShipmentLabel[]): ShipmentVerdict {
  const verdicts = labels.map((label) => ({ labelId: label.labelId, verdict: labelVerdict(label.summary) }));
  const verdict = verdicts.reduce<OverallVerdict>(
    (worst, label) => (verdictRank(label.verdict) < verdictRank(worst) ? label.verdict : worst),
    labels.length === 0 ? "noData" : "ok",
  );
  const states = labels.map((label) => labelCompleteness(label.summary));
  const completeness: CompletenessState = states.every((state) => state === "noData")
    ? "noData"
    : states.some((state) => state !== "complete")
      ? "incomplete"
      : "complete";
  return {
    verdict,
    completeness,
    units: {
      temperature: unitVerdict(labels, "temperature"),
      humidity: unitVerdict(labels, "humidity"),
      shock: unitVerdict(labels, "shock"),
    },
    batteryLow: labels.some((label) => label.summary?.battery?.low === true),
    worstLabels: verdicts.filter((label) => label.verdict === verdict).map((label) => label.labelId),
  };
}

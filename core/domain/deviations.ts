/**
 * Deviations: the investigation of one or more alarms of a report (docs/domain.md, Alarms
 * and deviations). It is numbered per company and year, goes open -> under investigation
 * -> closed, and is closed with an electronic signature once its root cause and product
 * impact are written down. A release is refused while alarms or deviations of the report
 * are open, unless the signer names a closed deviation of the report. Pure: the server
 * enforces, the dashboard explains.
 */

export const DEVIATION_STATES = ["open", "underInvestigation", "closed"] as const;
export type DeviationState = (typeof DEVIATION_STATES)[number];

export const DEVIATION_STATE_TEXT: Record<DeviationState, string> = {
  open: "Open",
  underInvestigation: "Under investigation",
  closed: "Closed",
};

/** What a deviation's closing signature means, as the record prints it. */
export const DEVIATION_CLOSING_MEANING = "Investigation closed: root cause and product impact assessed";

/** "DEV-2026-0042": the company's 42nd deviation of 2026. */
export function deviationNumber(year: number, seq: number): string {
  return `DEV-${year}-${String(seq).padStart(4, "0")}`;
}

/** The fields a deviation must have filled in before it can be closed, with what to write. */
const REQUIRED_TO_CLOSE = {
  rootCause: "Write down the root cause before closing",
  productImpact: "Write down the product impact assessment before closing",
} as const;

/** The per-field errors that stop a deviation from being closed (empty: it may be closed). */
export function closingErrors(deviation: {
  rootCause: string;
  productImpact: string;
}): { id: keyof typeof REQUIRED_TO_CLOSE; error: string }[] {
  return (Object.keys(REQUIRED_TO_CLOSE) as (keyof typeof REQUIRED_TO_CLOSE)[])
    .filter((field) => deviation[field].trim().length === 0)
    .map((field) => ({ id: field, error: REQUIRED_TO_CLOSE[field] }));
}

/** A deviation's state may change by editing to these (closing is its own signed step). */
export function canEditDeviation(state: DeviationState): boolean {
  return state !== "closed";
}

/** What of a report stands in the way of its release. */
export interface ReleaseBlockers {
  /** Alarms nobody has acknowledged yet, by what raised them ("Temperature above"). */
  openAlarms: { id: string; title: string }[];
  /** Deviations not closed yet, by number. */
  openDeviations: { id: string; number: string }[];
}

/**
 * Why a release is refused, or null when it may be signed: open alarms or deviations stop
 * it (a signer who names a closed deviation of the report is not asked; quarantining or
 * rejecting is never stopped).
 */
export function releaseRefusal(blockers: ReleaseBlockers): string | null {
  const parts = [
    ...blockers.openAlarms.map((alarm) => `open alarm "${alarm.title}"`),
    ...blockers.openDeviations.map((deviation) => `open deviation ${deviation.number}`),
  ];
  if (parts.length === 0) return null;
  return `The report cannot be released while it has ${parts.join(", ")}: acknowledge the alarms and close the deviations, or name a closed deviation of the report`;
}

/** The part of a deviation its closing signature covers, in a fixed order (hashed as JSON). */
export interface DeviationContent {
  id: string;
  number: string;
  reportId: string;
  title: string;
  description: string;
  rootCause: string;
  productImpact: string;
  capaReference: string;
  alarmIds: string[];
}

/** The deviation as signed: a JSON text with fixed key order and sorted alarm ids. */
export function deviationContentText(content: DeviationContent): string {
  return JSON.stringify({
    id: content.id,
    number: content.number,
    reportId: content.reportId,
    title: content.title,
    description: content.description,
    rootCause: content.rootCause,
    productImpact: content.productImpact,
    capaReference: content.capaReference,
    alarmIds: [...content.alarmIds].sort(),
  });
}

import { DISPOSABLE_STATUSES } from "./disposition";
import { type Filter, includesFilter, type Order } from "./list-query";

/**
 * The "needs attention" view (beyond the spec): what a QA manager opens first.
 * Each list is a report-list query, so the view, its menu badge and the link into the
 * filtered report list ask the same API with the same filters.
 */

type AttentionKey =
  | "openAlarm"
  | "changedAfterSignature"
  | "awaitingDecision"
  | "incompleteData"
  | "noSignal"
  | "excursionInProgress";

export interface AttentionList {
  key: AttentionKey;
  title: string;
  /** What the list holds, in a sentence. */
  description: string;
  empty: string;
  filters: Filter[];
  order: Order[];
}

const NOT_ARCHIVED: Filter = { key: "isArchived", operator: "eq", value: "false" };
/** A report whose signature a change superseded is in its own list, and so in no other decision list. */
const NOT_CHANGED_AFTER_SIGNATURE: Filter = { key: "changedAfterSignature", operator: "eq", value: "false" };
/**
 * A report with an alarm nobody has acknowledged is in the open alarms list, and in no
 * other until someone does: acknowledging is the first thing to do, and the badge counts
 * the report once. Except a report changed after its signature: a released lot whose
 * release no longer stands comes first, and stays in its own list.
 */
const NO_OPEN_ALARM: Filter = { key: "openAlarm", operator: "eq", value: "false" };

const LISTS: readonly AttentionList[] = [
  {
    key: "openAlarm",
    title: "Open alarms",
    description:
      "Reports with an alarm (a band reached, no signal, a low battery) that nobody has acknowledged yet; acknowledge it in Alarms or in the report.",
    empty: "Every alarm has been acknowledged.",
    filters: [{ key: "openAlarm", operator: "eq", value: "true" }, NOT_CHANGED_AFTER_SIGNATURE],
    order: [{ key: "lastReadingAt", direction: "desc" }],
  },
  {
    key: "changedAfterSignature",
    title: "Changed after signature",
    description:
      "Signed reports whose record changed afterwards (late readings, a new window, archiving): the signature no longer stands and the decision must be made again.",
    empty: "Every signature still stands.",
    // Archived ones too: archiving a signed report is itself such a change.
    filters: [{ key: "changedAfterSignature", operator: "eq", value: "true" }],
    order: [{ key: "endTime", direction: "desc" }],
  },
  {
    key: "awaitingDecision",
    title: "Violations awaiting a decision",
    description:
      "Stopped or ended labels, archived or not, with a temperature, humidity or shock violation and no signed disposition.",
    empty: "Every report with a violation has a disposition.",
    filters: [
      // A label that still records has no final data to decide on (canBeDisposed).
      includesFilter("status", DISPOSABLE_STATUSES),
      { key: "violation", operator: "eq", value: "true" },
      { key: "dispositioned", operator: "eq", value: "false" },
      NOT_CHANGED_AFTER_SIGNATURE,
      // Archived ones too: archiving a violation does not decide on the goods.
    ],
    order: [{ key: "endTime", direction: "desc" }],
  },
  {
    key: "incompleteData",
    title: "Incomplete data awaiting a decision",
    description:
      "Stopped or ended labels with a gap or silence longer than the company allows, or no readings, and no signed disposition.",
    empty: "Every finished report with missing data has a disposition.",
    filters: [
      includesFilter("status", DISPOSABLE_STATUSES),
      { key: "dataIncomplete", operator: "eq", value: "true" },
      { key: "dispositioned", operator: "eq", value: "false" },
      NOT_CHANGED_AFTER_SIGNATURE,
    ],
    order: [{ key: "endTime", direction: "desc" }],
  },
  {
    key: "noSignal",
    title: "Recording labels with no signal",
    description: "Labels still recording whose readings have stopped coming.",
    empty: "Every recording label is sending readings.",
    // `noSignal` is the list filter of a recording label gone silent (docs/domain.md, no signal).
    filters: [
      { key: "status", operator: "eq", value: "recording" },
      { key: "noSignal", operator: "eq", value: "true" },
      NOT_ARCHIVED,
    ],
    order: [{ key: "lastReadingAt", direction: "asc" }],
  },
  {
    key: "excursionInProgress",
    title: "Excursions in progress",
    description: "Labels still recording whose temperature, humidity or shock alarm is raised.",
    empty: "No recording label has a raised alarm.",
    filters: [
      { key: "status", operator: "eq", value: "recording" },
      { key: "violation", operator: "eq", value: "true" },
      NOT_ARCHIVED,
    ],
    order: [{ key: "lastReadingAt", direction: "desc" }],
  },
];

export const ATTENTION_LISTS: readonly AttentionList[] = LISTS.map((list) =>
  list.key === "openAlarm" || list.key === "changedAfterSignature"
    ? list
    : { ...list, filters: [...list.filters, NO_OPEN_ALARM] },
);

/** A query of the report list: the filters and order of an attention list, or of two at once. */
export type AttentionQuery = Pick<AttentionList, "filters" | "order">;

function listOf(key: AttentionKey): AttentionList {
  const list = ATTENTION_LISTS.find((l) => l.key === key);
  if (!list) throw new Error(`No attention list ${key}`);
  return list;
}

/** The reports in both lists: the two lists' filters together (each filter once). */
function both(a: AttentionKey, b: AttentionKey): AttentionQuery & { lists: readonly [AttentionKey, AttentionKey] } {
  const seen = new Set<string>();
  const filters = [...listOf(a).filters, ...listOf(b).filters].filter((filter) => {
    const id = JSON.stringify(filter);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  return { lists: [a, b], filters, order: [] };
}

/**
 * The pairs of lists one report can be in at once: a finished report with a violation and
 * missing data, a silent label in excursion. Every other pair asks for different statuses.
 */
export const ATTENTION_OVERLAPS = [both("awaitingDecision", "incompleteData"), both("noSignal", "excursionInProgress")];

/**
 * The menu badge: how many reports need attention, each once however many lists it is in
 * (the lists' counts added up, less the reports of each overlap). A list that could not be
 * read counts none, and so does an overlap with it.
 */
export function attentionTotal(
  counts: readonly (number | null)[],
  overlapCounts: readonly (number | null)[] = [],
): number {
  const known = new Map(ATTENTION_LISTS.map((list, i) => [list.key, counts[i] ?? null]));
  const lists = counts.reduce<number>((sum, count) => sum + (count ?? 0), 0);
  const overlaps = ATTENTION_OVERLAPS.reduce((sum, overlap, i) => {
    const count = overlapCounts[i] ?? null;
    const bothKnown = overlap.lists.every((key) => known.get(key) !== null);
    return count !== null && bothKnown ? sum + count : sum;
  }, 0);
  return Math.max(0, lists - overlaps);
}

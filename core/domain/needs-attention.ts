import { DISPOSABLE_STATUSES } from "./disposition";
import { type Filter, includesFilter, type Order } from "./list-query";

/**
 * The "needs attention" view (beyond the spec): what a QA manager opens first.
 * Each list is a report-list query, so the view, its menu badge and the link into the
 * filtered report list ask the same API with the same filters.
 */

type AttentionKey = "awaitingDecision" | "incompleteData" | "noSignal" | "excursionInProgress";

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

export const ATTENTION_LISTS: readonly AttentionList[] = [
  {
    key: "awaitingDecision",
    title: "Violations awaiting a decision",
    description: "Stopped or ended labels with a temperature, humidity or shock violation and no signed disposition.",
    empty: "Every report with a violation has a disposition.",
    filters: [
      // A label that still records has no final data to decide on (canBeDisposed).
      includesFilter("status", DISPOSABLE_STATUSES),
      { key: "violation", operator: "eq", value: "true" },
      { key: "dispositioned", operator: "eq", value: "false" },
      NOT_ARCHIVED,
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
      NOT_ARCHIVED,
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

/**
 * The menu badge: the lists' counts added up, a list that could not be read counting
 * none. A label both silent and in excursion is in two lists and counts in both.
 */
export function attentionTotal(counts: readonly (number | null)[]): number {
  return counts.reduce<number>((sum, count) => sum + (count ?? 0), 0);
}

import {
  ATTENTION_LISTS,
  ATTENTION_OVERLAPS,
  type AttentionList,
  type AttentionQuery,
  attentionTotal,
} from "@core/domain/needs-attention";
import { listResource } from "@core/domain/resources";
import { type HttpError, useList } from "@refinedev/core";
import { useAccess } from "@/hooks/use-access";
import type { ListQueryMeta } from "@/providers/data-provider";
import { defaultListState, listSearchString } from "@/providers/list-url";
import { RESOURCE } from "@/resources/names";
import type { LabelReport } from "../types";

const REPORTS = listResource("label-reports");

/** Rows each list shows; the menu badge asks the same query, so it is one request. */
const ATTENTION_ROWS = 5;

export interface AttentionResult {
  rows: LabelReport[];
  /** null: not known (loading, or the filter is not there yet). */
  count: number | null;
  loading: boolean;
  /** The server does not know a filter of this list yet (400). */
  unavailable: boolean;
  failed: boolean;
}

export function useAttentionList(
  list: AttentionQuery,
  { enabled = true }: { enabled?: boolean } = {},
): AttentionResult {
  const can = useAccess();
  const { result, query } = useList<LabelReport, HttpError>({
    resource: RESOURCE.labelReports,
    meta: {
      listQuery: { filters: list.filters, order: list.order, pageNumber: 1, pageSize: ATTENTION_ROWS },
    } satisfies ListQueryMeta,
    queryOptions: { enabled: enabled && can({ action: "read", subject: "labelReport" }), retry: false },
    errorNotification: false,
  });
  // A 400 is a server that does not know one of the list's filters yet (an older instance
  // during a rolling update): that list shows an empty state and counts none.
  const unavailable = query.isError && query.error?.statusCode === 400;
  return {
    rows: query.isSuccess ? result.data : [],
    count: query.isSuccess ? (result.total ?? null) : null,
    loading: query.isLoading,
    unavailable,
    failed: query.isError && !unavailable,
  };
}

/** How many reports need attention, each once: the menu badge (which mounts it once the browser is idle). */
export function useAttentionCount(): number {
  const [a, b, c, d, e, f] = ATTENTION_LISTS;
  const [ab, cd] = ATTENTION_OVERLAPS;
  // Fixed hooks, one per list and overlap (neither table changes length).
  const counts = [
    useAttentionList(a as AttentionList),
    useAttentionList(b as AttentionList),
    useAttentionList(c as AttentionList),
    useAttentionList(d as AttentionList),
    useAttentionList(e as AttentionList),
    useAttentionList(f as AttentionList),
  ];
  const overlaps = [useAttentionList(ab as AttentionQuery), useAttentionList(cd as AttentionQuery)];
  return attentionTotal(
    counts.map((r) => r.count),
    overlaps.map((r) => r.count),
  );
}

/** The report list filtered as this attention list is (its link "Show all"). */
export function attentionListLink(list: AttentionList): string {
  return `/label-reports${listSearchString({ ...defaultListState(REPORTS), filters: list.filters, order: list.order }, REPORTS)}`;
}

import type { AuditEntryRecord } from "@core/api/audit-entry";
import type { TrimWindowInput } from "@core/api/label-report";
import type { ShockEventRecord } from "@core/api/reading-series";
import type { TrimEffect } from "@core/api/trim-preview";
import { useDataProvider, useInvalidate } from "@refinedev/core";
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { RESOURCE } from "@/resources/names";
import type { ReadingSeries } from "../chart/series-data";
import type { TrimWindow } from "../trim/trim-window";

/**
 * The report overlay's requests beyond the record itself (series, shock events, audit
 * trail, trim), through the data provider's `custom` call so they carry the role token
 * and retry after a renewed one. Their cache keys start with REPORT_QUERY_KEY, which live
 * view refreshes.
 */

export const REPORT_QUERY_KEY = "label-report";

import type { LabelReportDetail } from "../../types";

export type { LabelReportDetail };

export type ShockEvent = ShockEventRecord;
export type AuditEntry = AuditEntryRecord;

/** A zoom window (ISO 8601); null: the whole report. */
export interface SeriesWindow {
  from: string;
  to: string;
}

/** The data provider's `custom` call (ours always has one). */
function useCustomCall() {
  const provider = useDataProvider()();
  const custom = provider.custom;
  if (!custom) throw new Error("The data provider has no custom method");
  return custom;
}

function useCustomGet<T>(url: string) {
  const custom = useCustomCall();
  // The answers are arrays or series, not records: the provider's record type does not fit them.
  return async (query?: Record<string, string | number>) =>
    (await custom({ url, method: "get", ...(query ? { query } : {}) })).data as T;
}

const reportUrl = (id: string, tail = "") => `${RESOURCE.labelReports}/${encodeURIComponent(id)}${tail}`;

/** A report's series in the cache: the whole report (no window) or a zoom window, at most maxPoints. */
const readingSeriesKey = (id: string, window: SeriesWindow | null, maxPoints: number) => [
  REPORT_QUERY_KEY,
  id,
  "readings",
  window?.from ?? null,
  window?.to ?? null,
  maxPoints,
];

/** The whole report's series at the overlay chart's resolution. */
const OVERLAY_MAX_POINTS = 2000;
/** Asked for as the overlay opens, then read by its body and chart as they mount: fresh for a while. */
const SERIES_STALE_MS = 30_000;

export function useReadingSeries(id: string, window: SeriesWindow | null, maxPoints = OVERLAY_MAX_POINTS) {
  const get = useCustomGet<ReadingSeries>(reportUrl(id, "/readings"));
  return useQuery({
    queryKey: readingSeriesKey(id, window, maxPoints),
    queryFn: () => get({ maxPoints, ...(window ? { from: window.from, to: window.to } : {}) }),
    // A zoom keeps the coarser chart on screen until the finer window arrives.
    placeholderData: keepPreviousData,
    // Live view invalidates it anyway.
    staleTime: SERIES_STALE_MS,
  });
}

/** The whole-report series of several reports at once (a shipment's chart), cached like each report's. */
export function useReadingSeriesOfReports(ids: readonly string[], maxPoints = 1000) {
  const custom = useCustomCall();
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: readingSeriesKey(id, null, maxPoints),
      queryFn: async () =>
        (await custom({ url: reportUrl(id, "/readings"), method: "get", query: { maxPoints } })).data as ReadingSeries,
      staleTime: SERIES_STALE_MS,
    })),
  });
}

export function useShockEvents(id: string, enabled: boolean) {
  const get = useCustomGet<ShockEvent[]>(reportUrl(id, "/shock-events"));
  return useQuery({ queryKey: [REPORT_QUERY_KEY, id, "shock-events"], queryFn: () => get(), enabled });
}

/** The audit trail's cache key: every action that writes the report invalidates it. */
export const auditTrailKey = (id: string) => [REPORT_QUERY_KEY, id, "audit"];

export function useAuditTrail(id: string) {
  const get = useCustomGet<AuditEntry[]>(reportUrl(id, "/audit"));
  return useQuery({ queryKey: auditTrailKey(id), queryFn: () => get() });
}

/** Posts the evaluation window (nulls: untrimmed) and refreshes everything that depends on it. */
export function useTrimReport(id: string) {
  const custom = useCustomCall();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (window: TrimWindow & { reason: string }) =>
      (
        await custom<LabelReportDetail>({
          url: reportUrl(id, "/trim"),
          method: "post",
          payload: { start: window.start, end: window.end, reason: window.reason } satisfies TrimWindowInput,
        })
      ).data,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [REPORT_QUERY_KEY, id] }),
        invalidate({ resource: RESOURCE.labelReports, invalidates: ["all"] }),
      ]);
    },
  });
}

/** What saving this window would change (server dry run); `enabled` while the confirmation is open. */
export function useTrimPreview(id: string, window: TrimWindow, enabled: boolean) {
  const get = useCustomGet<TrimEffect>(reportUrl(id, "/trim-preview"));
  const query: Record<string, string> = {
    ...(window.start ? { start: window.start } : {}),
    ...(window.end ? { end: window.end } : {}),
  };
  return useQuery({
    queryKey: [REPORT_QUERY_KEY, id, "trim-preview", window.start, window.end],
    queryFn: () => get(query),
    enabled,
  });
}

import type { PerformanceAnswer } from "@core/api/performance";
import { type HttpError, useCustom } from "@refinedev/core";
import { useMemo } from "react";
import { useLocation, useNavigate } from "react-router";
import { RESOURCE } from "@/resources/names";
import {
  type PerformanceFilters,
  performanceFiltersOf,
  performanceQueryOf,
  performanceSearch,
} from "./performance-url";

/** The page's filters, owned by the address: each change is a step Back returns from. */
export function usePerformanceFilters() {
  const location = useLocation();
  const navigate = useNavigate();
  const filters = useMemo(() => performanceFiltersOf(location.search, new Date()), [location.search]);
  const change = (next: Partial<PerformanceFilters>) =>
    navigate({ pathname: location.pathname, search: performanceSearch({ ...filters, ...next }) });
  return { filters, change };
}

/** GET /api/performance for the filters. */
export function usePerformance(filters: PerformanceFilters) {
  const { query } = useCustom<PerformanceAnswer & Record<string, unknown>, HttpError>({
    url: RESOURCE.performance,
    method: "get",
    config: { query: performanceQueryOf(filters) },
    errorNotification: false,
  });
  return {
    answer: (query.data?.data ?? null) as PerformanceAnswer | null,
    loading: query.isLoading,
    error: query.error,
  };
}

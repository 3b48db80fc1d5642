import { DownloadCsvButton } from "@/components/controls/download-csv-button";
import { type PerformanceFilters, performanceQueryOf } from "./performance-url";

/** The figures on the page as CSV (GET /api/performance.csv with the same filters). */
export function DownloadCsv({ filters }: { filters: PerformanceFilters }) {
  return (
    <DownloadCsvButton
      download={() => ({
        path: `performance.csv?${new URLSearchParams(Object.entries(performanceQueryOf(filters))).toString()}`,
        filename: `${filters.groupBy}-performance-${filters.from}-${filters.to}.csv`,
      })}
    />
  );
}

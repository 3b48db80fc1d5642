import type { BandSeverity } from "@core/domain/limit-bands";
import type { TemperatureUnit } from "@core/domain/units";
import { useState } from "react";
import { readableError } from "@/providers/readable-error";
import { type SeriesWindow, useReadingSeries } from "../report/report-queries";
import { ReportChartView } from "./report-chart-view";
import type { ChartUnit } from "./series-data";

export { CHART_PAINTED_MARK } from "./report-chart-view";

/**
 * The overlay's chart of one unit (uPlot, loaded with this module only when a report
 * opens). Dragging across it zooms: the finer window is fetched from the server (which
 * sends at most ~2,000 points for any window).
 */

export interface ReportChartProps {
  reportId: string;
  unit: ChartUnit;
  intervalMinutes: number;
  lower: number | null;
  upper: number | null;
  /** The rule's own limit bands (°C / %RH), one dashed line each; keep it stable between renders. */
  bands?: readonly { limit: number; severity: BandSeverity }[];
  temperatureUnit: TemperatureUnit;
  timeZone: string;
  locale?: string;
  /** The evaluation (trim) window, ISO 8601; outside it is dimmed. */
  trim: { start: string | null; end: string | null };
  /** The report's gaps and silences, hatched as "No data" (keep the array stable between renders). */
  noData?: readonly { start: string; end: string }[];
}

export function ReportChart(props: ReportChartProps) {
  const [zoom, setZoom] = useState<SeriesWindow | null>(null);
  const series = useReadingSeries(props.reportId, zoom);
  return (
    <ReportChartView
      {...props}
      series={series.data}
      loading={series.isPending}
      fetching={series.isFetching}
      errorMessage={series.isError ? readableError(series.error) : null}
      onZoom={setZoom}
      zoomed={zoom !== null}
    />
  );
}

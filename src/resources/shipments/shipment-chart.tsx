import { TEMPERATURE_SYMBOLS, type TemperatureUnit, toTemperatureUnit } from "@core/domain/units";
import { Alert, Skeleton } from "antd";
import { useEffect, useMemo, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { readableError } from "@/providers/readable-error";
import { chartAxes } from "@/resources/label-reports/chart/chart-axis";
import type { ReadingSeries } from "@/resources/label-reports/chart/series-data";
import { useReadingSeriesOfReports } from "@/resources/label-reports/report/report-queries";
import styles from "./shipments.module.css";

const CHART_HEIGHT = 320;
/** One color per label, in the order of the labels. */
const LABEL_COLORS = ["#1668dc", "#d4380d", "#389e0d", "#722ed1", "#d48806", "#08979c"];

export const labelColor = (index: number) => LABEL_COLORS[index % LABEL_COLORS.length] as string;

/**
 * The labels' temperatures on one time axis (uPlot, as the report chart): the middle of
 * each point's min and max, one line per label, fetched as each report's chart fetches its
 * series (GET /label-reports/{id}/readings).
 */
function alignedColumns(series: readonly (ReadingSeries | undefined)[], unit: TemperatureUnit): uPlot.AlignedData {
  const times = [...new Set(series.flatMap((s) => (s?.points ?? []).map((p) => Date.parse(p.t) / 1000)))].sort(
    (a, b) => a - b,
  );
  const index = new Map(times.map((t, i) => [t, i]));
  const lines = series.map((s) => {
    const values: (number | null)[] = times.map(() => null);
    for (const point of s?.points ?? []) {
      if (point.temperatureMin === null || point.temperatureMax === null) continue;
      const at = index.get(Date.parse(point.t) / 1000);
      if (at !== undefined) values[at] = toTemperatureUnit((point.temperatureMin + point.temperatureMax) / 2, unit);
    }
    return values;
  });
  return [times, ...lines];
}

export function ShipmentChart({
  reports,
  temperatureUnit,
  timeZone,
  locale,
}: {
  reports: readonly { id: string; labelId: string }[];
  temperatureUnit: TemperatureUnit;
  timeZone: string;
  locale?: string;
}) {
  const queries = useReadingSeriesOfReports(reports.map((report) => report.id));
  const pending = queries.some((query) => query.isPending);
  const failed = queries.find((query) => query.isError);
  const datas = queries.map((query) => query.data);
  // A new array each render: keyed by the data it holds so the chart draws once per change.
  const key = datas.map((data) => (data ? `${data.from}:${data.to}:${data.total}` : "-")).join("|");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the series' data.
  const columns = useMemo(() => alignedColumns(datas, temperatureUnit), [key, temperatureUnit]);
  const host = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = host.current;
    if (!el || pending) return;
    const symbol = TEMPERATURE_SYMBOLS[temperatureUnit];
    const opts: uPlot.Options = {
      width: Math.max(320, el.clientWidth),
      height: CHART_HEIGHT,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), timeZone),
      legend: { show: false },
      scales: { x: { time: true }, y: { auto: true } },
      axes: chartAxes(timeZone, locale, symbol),
      series: [
        {},
        ...reports.map((report, i) => ({ label: report.labelId, stroke: labelColor(i), width: 1.5, spanGaps: true })),
      ],
      hooks: { draw: [() => frame.current?.setAttribute("data-chart-painted", "true")] },
    };
    frame.current?.removeAttribute("data-chart-painted");
    const plot = new uPlot(opts, columns, el);
    const resize = new ResizeObserver(() => {
      const width = Math.max(320, el.clientWidth);
      if (width !== plot.width) plot.setSize({ width, height: CHART_HEIGHT });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [columns, reports, pending, temperatureUnit, timeZone, locale]);

  if (failed) return <Alert type="error" showIcon message={readableError(failed.error)} />;
  return (
    <div ref={frame} data-testid="shipment-chart">
      <ul className={styles.legend} aria-label="Chart legend">
        {reports.map((report, i) => (
          <li key={report.id}>
            <span className={styles.swatch} style={{ background: labelColor(i) }} />
            {report.labelId}
          </li>
        ))}
      </ul>
      {pending ? <Skeleton.Node active style={{ width: "100%", height: CHART_HEIGHT }} /> : null}
      <div ref={host} />
    </div>
  );
}

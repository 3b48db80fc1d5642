import { ZoomOutOutlined } from "@ant-design/icons";
import { Alert, Button, Skeleton, Typography } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { TemperatureUnit } from "@/domain/units";
import { readableError } from "@/providers/data-provider";
import { type SeriesWindow, useReadingSeries } from "../report/report-queries";
import { timeAxisValues } from "./chart-axis";
import { CHART_COLORS, drawOverlays } from "./chart-draw";
import styles from "./report-chart.module.css";
import { type ChartUnit, hasValues, toChartData, yRange } from "./series-data";

/**
 * The time-series chart of one unit (uPlot, loaded with this module only when a report
 * opens): the min and max of each point as a band, the preset's limits, shaded
 * excursions, hatched gaps. Dragging across it zooms: the finer window is fetched from
 * the server (which sends at most ~2,000 points for any window).
 */

export interface ReportChartProps {
  reportId: string;
  unit: ChartUnit;
  intervalMinutes: number;
  lower: number | null;
  upper: number | null;
  temperatureUnit: TemperatureUnit;
  timeZone: string;
  /** The evaluation (trim) window, ISO 8601; outside it is dimmed. */
  trim: { start: string | null; end: string | null };
}

/** Marked when the chart has drawn (the bench measures opening a report to this mark). */
export const CHART_PAINTED_MARK = "chart-painted";
const CHART_HEIGHT = 300;
/** A drag narrower than this (px) is a click, not a zoom. */
const MIN_ZOOM_PX = 6;

const toSeconds = (iso: string | null) => (iso === null ? null : Date.parse(iso) / 1000);

export function ReportChart(props: ReportChartProps) {
  const { reportId, unit, temperatureUnit, timeZone, trim } = props;
  const [zoom, setZoom] = useState<SeriesWindow | null>(null);
  const series = useReadingSeries(reportId, zoom);
  const holder = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const readout = useRef<HTMLSpanElement>(null);

  const data = useMemo(
    () =>
      series.data
        ? toChartData(series.data, unit, {
            intervalMinutes: props.intervalMinutes,
            lower: props.lower,
            upper: props.upper,
            temperatureUnit,
          })
        : null,
    [series.data, unit, props.intervalMinutes, props.lower, props.upper, temperatureUnit],
  );

  const trimStart = toSeconds(trim.start);
  const trimEnd = toSeconds(trim.end);

  useEffect(() => {
    const el = holder.current;
    if (!el || !data || !hasValues(data)) return;
    const range = yRange(data);
    const symbol = data.symbol;
    const hoverTime = new Intl.DateTimeFormat("en-US", {
      timeZone,
      month: "2-digit",
      day: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    const overlays = {
      excursions: data.excursions,
      gaps: data.gaps,
      window: trimStart === null && trimEnd === null ? null : { start: trimStart, end: trimEnd },
      lower: data.lower,
      upper: data.upper,
    };
    const opts: uPlot.Options = {
      width: Math.max(320, el.clientWidth),
      height: CHART_HEIGHT,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), timeZone),
      legend: { show: false },
      cursor: { drag: { x: true, y: false, setScale: false } },
      scales: { x: { time: true }, y: range ? { range: () => range } : { auto: true } },
      axes: [
        {
          stroke: CHART_COLORS.axis,
          grid: { stroke: CHART_COLORS.grid },
          ticks: { stroke: CHART_COLORS.grid },
          values: timeAxisValues(timeZone),
          size: 48,
        },
        {
          stroke: CHART_COLORS.axis,
          grid: { stroke: CHART_COLORS.grid },
          ticks: { stroke: CHART_COLORS.grid },
          size: 64,
          values: (_u, values) => values.map((v) => `${v} ${symbol}`),
        },
      ],
      series: [
        {},
        { label: "Min", stroke: CHART_COLORS.line, width: 1.5, spanGaps: false },
        { label: "Max", stroke: CHART_COLORS.line, width: 1.5, spanGaps: false },
      ],
      bands: [{ series: [2, 1], fill: CHART_COLORS.band }],
      hooks: {
        drawAxes: [(u) => drawOverlays(u, overlays)],
        draw: [
          () => {
            frame.current?.setAttribute("data-chart-painted", "true");
            performance.mark(CHART_PAINTED_MARK, { detail: { reportId, unit } });
          },
        ],
        // The value under the cursor, written straight into the DOM (no React render per mouse move).
        setCursor: [
          (u) => {
            const el = readout.current;
            if (!el) return;
            const idx = u.cursor.idx;
            const x = idx == null ? undefined : data.columns[0][idx];
            const lo = idx == null ? null : data.columns[1][idx];
            const hi = idx == null ? null : data.columns[2][idx];
            if (x === undefined || lo == null || hi == null) {
              el.textContent = "";
              return;
            }
            const value = lo === hi ? lo.toFixed(1) : `${lo.toFixed(1)} – ${hi.toFixed(1)}`;
            el.textContent = `${hoverTime.format(x * 1000)}  ·  ${value} ${symbol}`;
          },
        ],
        setSelect: [
          (u) => {
            const { left, width } = u.select;
            if (width < MIN_ZOOM_PX) return;
            const from = u.posToVal(left, "x");
            const to = u.posToVal(left + width, "x");
            u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
            setZoom({ from: new Date(from * 1000).toISOString(), to: new Date(to * 1000).toISOString() });
          },
        ],
      },
    };
    frame.current?.removeAttribute("data-chart-painted");
    const plot = new uPlot(opts, data.columns as uPlot.AlignedData, el);
    const resize = new ResizeObserver(() => {
      const width = Math.max(320, el.clientWidth);
      if (width !== plot.width) plot.setSize({ width, height: CHART_HEIGHT });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [data, timeZone, trimStart, trimEnd, reportId, unit]);

  const empty = data !== null && !hasValues(data);
  return (
    <div className={styles.frame} ref={frame} data-testid={`chart-${unit}`}>
      <div className={styles.toolbar}>
        <div className={styles.legend} aria-hidden>
          <span>
            <span className={styles.reading} />
            Readings (min/max)
          </span>
          <span>
            <span className={styles.line} />
            Limits
          </span>
          <span>
            <span className={styles.excursion} />
            Excursion
          </span>
          <span>
            <span className={styles.gap} />
            No data
          </span>
          {trimStart !== null || trimEnd !== null ? (
            <span>
              <span className={styles.outside} />
              Outside the evaluation window
            </span>
          ) : null}
        </div>
        <span ref={readout} className={styles.readout} aria-live="off" />
        {zoom ? (
          <Button size="small" icon={<ZoomOutOutlined />} onClick={() => setZoom(null)}>
            Reset zoom
          </Button>
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Drag across the chart to zoom
          </Typography.Text>
        )}
      </div>
      {series.isError ? (
        <Alert type="error" showIcon message="Could not load the readings" description={readableError(series.error)} />
      ) : null}
      {!data && series.isPending ? <Skeleton.Node active style={{ width: "100%", height: CHART_HEIGHT }} /> : null}
      {empty ? <div className={styles.empty}>No readings in this window</div> : null}
      <div
        ref={holder}
        className={styles.plot}
        role="img"
        aria-label={`${unit === "temperature" ? "Temperature" : "Humidity"} chart`}
        aria-busy={series.isFetching}
        hidden={empty}
      />
    </div>
  );
}

import { ZoomOutOutlined } from "@ant-design/icons";
import type { BandSeverity } from "@core/domain/limit-bands";
import { Alert, Button, Skeleton, Typography } from "antd";
import { useEffect, useMemo, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { formatDecimal } from "@core/domain/number-text";
import { roundTo, type TemperatureUnit } from "@core/domain/units";
import { chartAxes } from "./chart-axis";
import { CHART_COLORS, drawOverlays, SEVERITY_COLORS } from "./chart-draw";
import styles from "./report-chart.module.css";
import { bandLineNames, type ChartUnit, hasValues, type ReadingSeries, toChartData, yRange } from "./series-data";

/**
 * The time-series chart of one unit, drawn from a series it is given (uPlot): the min and
 * max of each point as a band, the limits, shaded excursions, hatched gaps. It fetches
 * nothing, so the public share page draws it without the signed-in data provider; the
 * overlay's ReportChart fetches and passes onZoom.
 */

/** A zoom window, ISO 8601 (the same shape as the readings query's window). */
interface ChartWindow {
  from: string;
  to: string;
}

export interface ReportChartViewProps {
  /** Named in the painted mark's detail, so the bench can tell charts apart. */
  reportId: string;
  unit: ChartUnit;
  /** The series to draw; undefined while it loads. */
  series: ReadingSeries | undefined;
  loading?: boolean;
  /** A newer window is on its way (the drawn one stays until it comes). */
  fetching?: boolean;
  /** Shown instead of the chart when the series could not be loaded. */
  errorMessage?: string | null;
  intervalMinutes: number;
  lower: number | null;
  upper: number | null;
  /** The rule's own limit bands (°C / %RH); absent: the limits are the lines. Keep it stable between renders. */
  bands?: readonly { limit: number; severity: BandSeverity }[];
  temperatureUnit: TemperatureUnit;
  timeZone: string;
  /** Dates and numbers of the axes and the readout; en-US when absent (the public share page). */
  locale?: string;
  /** The evaluation (trim) window, ISO 8601; outside it is dimmed. */
  trim: { start: string | null; end: string | null };
  /** Without it, dragging across the chart does nothing. */
  onZoom?: (window: ChartWindow | null) => void;
  /** Whether the drawn series is a zoomed window (offers to reset it). */
  zoomed?: boolean;
  /** The report's gaps and silences (ISO 8601), hatched as "No data" when the whole report is drawn. */
  noData?: readonly { start: string; end: string }[];
}

/** Marked when the chart has drawn (the bench measures opening a report to this mark). */
export const CHART_PAINTED_MARK = "chart-painted";
const CHART_HEIGHT = 300;
/** A drag narrower than this (px) is a click, not a zoom. */
const MIN_ZOOM_PX = 6;

const toSeconds = (iso: string | null) => (iso === null ? null : Date.parse(iso) / 1000);

export function ReportChartView(props: ReportChartViewProps) {
  const { reportId, unit, series, temperatureUnit, timeZone, trim, onZoom, zoomed = false, locale = "en-US" } = props;
  const holder = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const readout = useRef<HTMLSpanElement>(null);
  // Read through a ref so that a new callback each render does not rebuild the plot.
  const zoomTo = useRef(onZoom);
  zoomTo.current = onZoom;
  const zoomable = onZoom !== undefined;

  const noData = zoomed ? undefined : props.noData;
  const data = useMemo(
    () =>
      series
        ? toChartData(series, unit, {
            intervalMinutes: props.intervalMinutes,
            lower: props.lower,
            upper: props.upper,
            bands: props.bands,
            temperatureUnit,
            noData: noData?.map((p) => ({ start: Date.parse(p.start) / 1000, end: Date.parse(p.end) / 1000 })),
          })
        : null,
    [series, unit, props.intervalMinutes, props.lower, props.upper, props.bands, temperatureUnit, noData],
  );

  const trimStart = toSeconds(trim.start);
  const trimEnd = toSeconds(trim.end);

  useEffect(() => {
    const el = holder.current;
    if (!el || !data || !hasValues(data)) return;
    const range = yRange(data);
    const symbol = data.symbol;
    const hoverTime = new Intl.DateTimeFormat(locale, {
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
      bandLines: data.bandLines,
    };
    const opts: uPlot.Options = {
      width: Math.max(320, el.clientWidth),
      height: CHART_HEIGHT,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), timeZone),
      legend: { show: false },
      cursor: { drag: { x: zoomable, y: false, setScale: false } },
      scales: { x: { time: true }, y: range ? { range: () => range } : { auto: true } },
      axes: chartAxes(timeZone, locale, symbol),
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
            const one = (v: number) => formatDecimal(roundTo(v, 1), { decimals: 1, locale });
            const value = lo === hi ? one(lo) : `${one(lo)} – ${one(hi)}`;
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
            zoomTo.current?.({ from: new Date(from * 1000).toISOString(), to: new Date(to * 1000).toISOString() });
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
  }, [data, timeZone, locale, trimStart, trimEnd, reportId, unit, zoomable]);

  const empty = data !== null && !hasValues(data);
  const bandNames = data ? bandLineNames(data, locale) : [];
  const unitName = unit === "temperature" ? "Temperature" : "Humidity";
  return (
    <div className={styles.frame} ref={frame} data-testid={`chart-${unit}`}>
      <div className={styles.toolbar}>
        <div className={styles.legend} aria-hidden>
          <span>
            <span className={styles.reading} />
            Readings (min/max)
          </span>
          {bandNames.length === 0 ? (
            <span>
              <span className={styles.line} />
              Limits
            </span>
          ) : (
            // The rule's own bands: one dashed line each, in its severity's colour.
            bandNames.map(({ severity, name }) => (
              <span key={name}>
                <span className={styles.line} style={{ borderTopColor: SEVERITY_COLORS[severity] }} />
                {name}
              </span>
            ))
          )}
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
        {!onZoom ? null : zoomed ? (
          <Button size="small" icon={<ZoomOutOutlined />} onClick={() => onZoom(null)}>
            Reset zoom
          </Button>
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Drag across the chart to zoom
          </Typography.Text>
        )}
      </div>
      {props.errorMessage ? (
        <Alert type="error" showIcon message="Could not load the readings" description={props.errorMessage} />
      ) : null}
      {!data && props.loading ? <Skeleton.Node active style={{ width: "100%", height: CHART_HEIGHT }} /> : null}
      {empty ? <div className={styles.empty}>No readings in this window</div> : null}
      <div
        ref={holder}
        className={styles.plot}
        role="img"
        aria-label={
          bandNames.length === 0
            ? `${unitName} chart`
            : `${unitName} chart, limit bands: ${bandNames.map((band) => band.name).join(", ")}`
        }
        aria-busy={props.fetching ?? false}
        hidden={empty}
      />
    </div>
  );
}

import type { PerformanceRow } from "@core/api/performance";
import { formatDecimal } from "@core/domain/number-text";
import {
  groupName,
  monthLabel,
  PERFORMANCE_MEASURE_TEXT,
  PERFORMANCE_MEASURE_UNIT,
  type PerformanceGroup,
  type PerformanceMeasure,
  shownValue,
} from "@core/domain/performance";
import { Card } from "antd";
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { CHART_COLORS } from "@/resources/label-reports/chart/chart-draw";
import { groupColor } from "./group-colors";
import styles from "./performance.module.css";

const CHART_HEIGHT = 220;
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000];

/** The columns uPlot draws: the month's index on x, one line per group. */
function columnsOf(rows: readonly PerformanceRow[], months: readonly string[], measure: PerformanceMeasure) {
  return [
    months.map((_, i) => i),
    ...rows.map((row) => row.months.map((month) => shownValue(measure, month[measure]))),
  ] as uPlot.AlignedData;
}

/**
 * One measure by month (uPlot, as the report chart), a line per lane or carrier in the
 * colors of the legend above the charts. The x axis is the month's position, labelled
 * `Mar 2026`: months are buckets, not instants, so no time scale is needed.
 */
export function MeasureChart({
  measure,
  rows,
  months,
  groupBy,
  locale,
}: {
  measure: PerformanceMeasure;
  rows: readonly PerformanceRow[];
  months: readonly string[];
  groupBy: PerformanceGroup;
  locale: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const title = PERFORMANCE_MEASURE_TEXT[measure];

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const unit = PERFORMANCE_MEASURE_UNIT[measure];
    const axis = {
      stroke: CHART_COLORS.axis,
      grid: { stroke: CHART_COLORS.grid },
      ticks: { stroke: CHART_COLORS.grid },
    };
    const opts: uPlot.Options = {
      width: Math.max(280, el.clientWidth),
      height: CHART_HEIGHT,
      legend: { show: false },
      scales: {
        x: { time: false, range: [-0.3, Math.max(0.3, months.length - 0.7)] },
        y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
      },
      axes: [
        {
          ...axis,
          splits: () => months.map((_, i) => i),
          values: (_u, splits) => splits.map((i) => (months[i] ? monthLabel(months[i]) : "")),
        },
        {
          ...axis,
          size: 72,
          // Shipments are counted: whole steps only.
          ...(measure === "shipments" ? { incrs: COUNT_STEPS } : {}),
          values: (_u, values) => values.map((v) => `${formatDecimal(v, { locale })}${unit ? ` ${unit}` : ""}`),
        },
      ],
      series: [
        {},
        ...rows.map((row, i) => ({
          label: groupName(row, groupBy),
          stroke: groupColor(i),
          width: 2,
          spanGaps: false,
          points: { show: true, size: 6 },
        })),
      ],
      hooks: { draw: [() => frame.current?.setAttribute("data-chart-painted", "true")] },
    };
    frame.current?.removeAttribute("data-chart-painted");
    const plot = new uPlot(opts, columnsOf(rows, months, measure), el);
    const resize = new ResizeObserver(() => {
      const width = Math.max(280, el.clientWidth);
      if (width !== plot.width) plot.setSize({ width, height: CHART_HEIGHT });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [rows, months, measure, groupBy, locale]);

  return (
    <Card size="small" title={title} className={styles.chart}>
      <div ref={frame} data-testid={`performance-chart-${measure}`} role="img" aria-label={`${title} by month`}>
        <div ref={host} />
      </div>
    </Card>
  );
}

import type { BandSeverity } from "@core/domain/limit-bands";
import type uPlot from "uplot";
import type { Band } from "./series-data";

/**
 * What uPlot does not draw by itself, painted on its canvas after the axes and before
 * the lines: shaded excursions, hatched gaps, the dimmed parts outside the evaluation
 * (trim) window, and the dashed threshold lines.
 */

export interface Overlays {
  excursions: Band[];
  gaps: Band[];
  /** Seconds; the parts of the chart outside it are dimmed. null: untrimmed. */
  window: { start: number | null; end: number | null } | null;
  lower: number | null;
  upper: number | null;
  /** The rule's own limit bands, in the shown unit (the default bands are lower and upper). */
  bandLines?: readonly { value: number; severity: BandSeverity }[];
}

/** A band's line by its severity: a warning amber, an alarm the limit's red, critical darker. */
export const SEVERITY_COLORS: Record<BandSeverity, string> = {
  warning: "#d48806",
  alarm: "#d4380d",
  critical: "#820014",
};

export const CHART_COLORS = {
  line: "#0e6fb8",
  band: "rgba(14, 111, 184, 0.18)",
  limit: "#d4380d",
  excursion: "rgba(212, 56, 13, 0.16)",
  gap: "#d9dde2",
  outside: "rgba(16, 24, 40, 0.07)",
  grid: "#eef1f4",
  axis: "rgba(0, 0, 0, 0.55)",
} as const;

function spanRect(u: uPlot, start: number, end: number): [number, number] | null {
  const { left, width } = u.bbox;
  const x0 = Math.max(left, u.valToPos(start, "x", true));
  const x1 = Math.min(left + width, u.valToPos(end, "x", true));
  return x1 > x0 ? [x0, x1 - x0] : null;
}

function fillSpans(u: uPlot, spans: Band[], fill: string | CanvasPattern) {
  const { ctx } = u;
  const { top, height } = u.bbox;
  ctx.fillStyle = fill;
  for (const span of spans) {
    const rect = spanRect(u, span.start, span.end);
    if (rect) ctx.fillRect(rect[0], top, rect[1], height);
  }
}

function hatch(ctx: CanvasRenderingContext2D): CanvasPattern | string {
  const tile = document.createElement("canvas");
  tile.width = 8;
  tile.height = 8;
  const t = tile.getContext("2d");
  if (!t) return CHART_COLORS.gap;
  t.strokeStyle = CHART_COLORS.gap;
  t.lineWidth = 2;
  t.beginPath();
  t.moveTo(0, 8);
  t.lineTo(8, 0);
  t.stroke();
  return ctx.createPattern(tile, "repeat") ?? CHART_COLORS.gap;
}

export function drawOverlays(u: uPlot, overlays: Overlays) {
  const { ctx } = u;
  const { left, top, width, height } = u.bbox;
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, width, height);
  ctx.clip();
  const xMin = u.scales.x?.min ?? 0;
  const xMax = u.scales.x?.max ?? 0;
  if (overlays.window) {
    const outside: Band[] = [];
    if (overlays.window.start !== null) outside.push({ start: xMin, end: overlays.window.start });
    if (overlays.window.end !== null) outside.push({ start: overlays.window.end, end: xMax });
    fillSpans(u, outside, CHART_COLORS.outside);
  }
  fillSpans(u, overlays.gaps, hatch(ctx));
  fillSpans(u, overlays.excursions, CHART_COLORS.excursion);
  ctx.strokeStyle = CHART_COLORS.limit;
  ctx.lineWidth = 1.5 * uPlotPixelRatio();
  ctx.setLineDash([6 * uPlotPixelRatio(), 4 * uPlotPixelRatio()]);
  const line = (value: number, color: string) => {
    ctx.strokeStyle = color;
    const y = Math.round(u.valToPos(value, "y", true)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(left, y);
    ctx.lineTo(left + width, y);
    ctx.stroke();
  };
  if (overlays.bandLines && overlays.bandLines.length > 0) {
    for (const band of overlays.bandLines) line(band.value, SEVERITY_COLORS[band.severity]);
  } else {
    for (const limit of [overlays.lower, overlays.upper]) if (limit !== null) line(limit, CHART_COLORS.limit);
  }
  ctx.restore();
}

function uPlotPixelRatio(): number {
  return typeof devicePixelRatio === "number" && devicePixelRatio > 0 ? devicePixelRatio : 1;
}

import { formatInstant } from "../../../core/domain/datetime";
import type { Excursion } from "../../../core/domain/excursions";
import { formatDecimal } from "../../../core/domain/number-text";
import { roundTo } from "../../../core/domain/units";
import type { SeriesPoint } from "../series";
import { COLORS, type PdfWriter } from "./pdf-layout";
import { pdfSafeText } from "./pdf-text";

/**
 * One channel's chart, drawn with PDFKit paths (vector, no browser): the min/max series
 * (every reading, or one vertical stroke per downsampled bucket so a spike survives),
 * the limit lines, excursions shaded (red above, blue below) and gaps shaded grey with the
 * line broken across them: a gap is never drawn as a line.
 */

export interface ChartInput {
  title: string;
  /** Unit symbol of the axis ("°C", "°F", "%RH"). */
  unit: string;
  points: readonly SeriesPoint[];
  /** Reads a point's [min, max] in display units, or null when the bucket has no value. */
  valueOf: (point: SeriesPoint) => [number, number] | null;
  /** Limits in display units. */
  lower: number | null;
  upper: number | null;
  excursions: readonly Excursion[];
  gaps: readonly { start: number; end: number }[];
  /** Epoch ms of the window. */
  from: number;
  to: number;
  intervalMinutes: number;
  timeZone: string;
  locale: string;
  decimals: number;
}

const HEIGHT = 170;
const AXIS_LEFT = 42;
const AXIS_BOTTOM = 16;
/** Room right of the plot for the limit labels: written there, they never cover the data. */
const LIMIT_GUTTER = 46;
/** Two limit labels closer than this (pt) are moved apart, so both stay readable. */
const LABEL_SPACING = 8;

/**
 * The vertical positions of the limit labels: each at its line, moved apart when the
 * lines are too close (the upper one up, the lower one down), kept inside [top, bottom].
 */
function limitLabelPositions(
  upperY: number | null,
  lowerY: number | null,
  top: number,
  bottom: number,
): { upper: number | null; lower: number | null } {
  let upper = upperY;
  let lower = lowerY;
  if (upper !== null && lower !== null && lower - upper < LABEL_SPACING) {
    const middle = (upper + lower) / 2;
    upper = middle - LABEL_SPACING / 2;
    lower = middle + LABEL_SPACING / 2;
  }
  const clampY = (y: number | null) => (y === null ? null : Math.min(Math.max(y, top), bottom));
  return { upper: clampY(upper), lower: clampY(lower) };
}

function niceStep(span: number, ticks: number): number {
  const raw = span / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
}

export function drawChart(w: PdfWriter, input: ChartInput): void {
  const doc = w.doc;
  w.ensureSpace(HEIGHT + 40);
  doc.font("Helvetica-Bold").fontSize(9).fillColor(COLORS.text);
  doc.text(pdfSafeText(input.title), w.left, doc.y, { lineBreak: false });
  doc.y += 13;
  const top = doc.y;
  const plotX = w.left + AXIS_LEFT;
  const plotW = w.width - AXIS_LEFT - LIMIT_GUTTER;
  const number = (v: number, decimals: number) =>
    formatDecimal(roundTo(v, decimals), { decimals, locale: input.locale });
  const plotH = HEIGHT - AXIS_BOTTOM;

  // Value range: the data and the limits, with a little air.
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const p of input.points) {
    const v = input.valueOf(p);
    if (!v) continue;
    lo = Math.min(lo, v[0]);
    hi = Math.max(hi, v[1]);
  }
  for (const limit of [input.lower, input.upper]) {
    if (limit === null) continue;
    lo = Math.min(lo, limit);
    hi = Math.max(hi, limit);
  }
  if (!Number.isFinite(lo)) {
    lo = 0;
    hi = 1;
  }
  if (hi - lo < 1e-9) {
    lo -= 1;
    hi += 1;
  }
  const step = niceStep(hi - lo, 5);
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  const span = Math.max(1, input.to - input.from);
  const xOf = (t: number) => plotX + ((t - input.from) / span) * plotW;
  const yOf = (v: number) => top + plotH - ((v - lo) / (hi - lo)) * plotH;

  // Frame and horizontal grid with value labels.
  doc.lineWidth(0.4).strokeColor(COLORS.rule);
  doc.rect(plotX, top, plotW, plotH).stroke();
  doc.font("Helvetica").fontSize(6.5).fillColor(COLORS.muted);
  for (let v = lo; v <= hi + step / 2; v += step) {
    const y = yOf(v);
    doc
      .moveTo(plotX, y)
      .lineTo(plotX + plotW, y)
      .lineWidth(0.3)
      .strokeColor(COLORS.rule)
      .stroke();
    const label = pdfSafeText(`${number(v, step < 1 ? 1 : 0)} ${input.unit}`);
    doc.text(label, plotX - 4 - doc.widthOfString(label), y - 3, { lineBreak: false });
  }
  // Time labels at 5 evenly spaced instants.
  for (let i = 0; i <= 4; i++) {
    const t = input.from + (span * i) / 4;
    const label = pdfSafeText(formatInstant(t, { timeZone: input.timeZone, locale: input.locale }));
    const width = doc.widthOfString(label);
    const x = Math.min(Math.max(xOf(t) - width / 2, plotX), plotX + plotW - width);
    doc.text(label, x, top + plotH + 4, { lineBreak: false });
  }

  doc.save();
  doc.rect(plotX, top, plotW, plotH).clip();
  const intervalMs = input.intervalMinutes * 60_000;
  for (const gap of input.gaps) {
    doc
      .rect(xOf(gap.start), top, Math.max(0.8, xOf(gap.end) - xOf(gap.start)), plotH)
      .fillOpacity(1)
      .fill(COLORS.gapFill);
  }
  for (const e of input.excursions) {
    // Each reading stands for one interval: the band covers the excursion's duration.
    const x0 = xOf(e.start);
    const x1 = xOf(e.end + intervalMs);
    doc
      .rect(x0, top, Math.max(0.8, x1 - x0), plotH)
      .fillOpacity(0.6)
      .fill(e.side === "above" ? COLORS.errorFill : COLORS.belowFill);
  }
  doc.fillOpacity(1);

  for (const limit of [input.upper, input.lower]) {
    if (limit === null) continue;
    const y = yOf(limit);
    doc
      .moveTo(plotX, y)
      .lineTo(plotX + plotW, y)
      .dash(4, { space: 3 })
      .lineWidth(0.8)
      .strokeColor(COLORS.error)
      .stroke()
      .undash();
  }

  // The series: a new sub-path after every gap or empty bucket, so gaps stay gaps.
  const gapBetween = (a: number, b: number) => input.gaps.some((g) => g.start < b && g.end > a);
  doc.lineWidth(0.7).strokeColor(COLORS.series);
  let previous: number | null = null;
  let open = false;
  for (const p of input.points) {
    const t = Date.parse(p.t);
    const v = input.valueOf(p);
    if (!v) {
      open = false;
      continue;
    }
    const x = xOf(t);
    if (!open || (previous !== null && gapBetween(previous, t))) doc.moveTo(x, yOf(v[0]));
    else doc.lineTo(x, yOf(v[0]));
    if (v[1] !== v[0]) doc.lineTo(x, yOf(v[1]));
    open = true;
    previous = t;
  }
  doc.stroke();
  doc.restore();

  // The limit labels in the gutter right of the plot, level with their lines.
  const positions = limitLabelPositions(
    input.upper === null ? null : yOf(input.upper),
    input.lower === null ? null : yOf(input.lower),
    top + 3,
    top + plotH - 3,
  );
  doc.font("Helvetica").fontSize(6.5).fillColor(COLORS.error);
  for (const [limit, name, y] of [
    [input.upper, "upper", positions.upper],
    [input.lower, "lower", positions.lower],
  ] as const) {
    if (limit === null || y === null) continue;
    const label = pdfSafeText(`${name} ${number(limit, input.decimals)} ${input.unit}`);
    // Shrunk, never wrapped, when a long value would leave the page.
    const size = Math.min(6.5, (6.5 * (LIMIT_GUTTER - 3)) / Math.max(1, doc.widthOfString(label)));
    doc.fontSize(size).text(label, plotX + plotW + 3, y - size / 2, { lineBreak: false });
    doc.fontSize(6.5);
  }

  doc.y = top + HEIGHT + 4;
  doc.x = w.left;
  doc.font("Helvetica").fontSize(9).fillColor(COLORS.text);
}

import type { ReadingSeries } from "@core/api/reading-series";
import { type BandSeverity, SEVERITY_TEXT } from "@core/domain/limit-bands";
import { formatDecimal } from "@core/domain/number-text";
import {
  roundTo,
  TEMPERATURE_SYMBOLS,
  type TemperatureUnit,
  toTemperatureUnit,
  UNIT_SYMBOLS,
} from "@core/domain/units";

/**
 * The answer of `GET /label-reports/:id/readings` (server/reports/series.ts) turned into
 * what the chart draws: uPlot's column arrays (seconds on x, the bucket's min and max
 * as two lines), the threshold lines and the excursion bands. Pure, so it is tested
 * without a canvas.
 */

export type { ReadingSeries, SeriesPoint } from "@core/api/reading-series";

export type ChartUnit = "temperature" | "humidity";

export interface ChartOptions {
  /** The report's logging interval. */
  intervalMinutes: number;
  /** The preset's limits in °C / %RH; null when the preset sets none. */
  lower: number | null;
  upper: number | null;
  temperatureUnit: TemperatureUnit;
  /** The rule's limit bands of the unit (°C / %RH), each drawn as a dashed line in its severity's colour. */
  bands?: readonly { limit: number; severity: BandSeverity }[];
  /**
   * The verdict's gaps and silences (the report's summary), hatched as "No data"; the time
   * axis reaches a silence before the first or after the last point, so a label that fell
   * silent shows it.
   */
  noData?: readonly Band[];
}

/** A time span in uPlot's x unit (epoch seconds). */
export interface Band {
  start: number;
  end: number;
}

export interface ChartData {
  /** [x seconds, min, max]; null values break the lines (gaps). */
  columns: [number[], (number | null)[], (number | null)[]];
  lower: number | null;
  upper: number | null;
  /** The band lines in the shown unit. */
  bandLines: { value: number; severity: BandSeverity }[];
  /** Runs of points outside the limits, to shade. */
  excursions: Band[];
  /** Offline spans (no readings for more than two steps), drawn as gaps. */
  gaps: Band[];
  symbol: string;
  /** Seconds one point stands for (the interval or the bucket). */
  stepSeconds: number;
}

/** Missing readings for longer than this many steps are a gap (spec: two intervals). */
const GAP_STEPS = 2;

export function chartSymbol(unit: ChartUnit, temperatureUnit: TemperatureUnit): string {
  return unit === "temperature" ? TEMPERATURE_SYMBOLS[temperatureUnit] : UNIT_SYMBOLS.humidity;
}

export function toChartData(series: ReadingSeries, unit: ChartUnit, options: ChartOptions): ChartData {
  const convert = (value: number | null): number | null =>
    value === null || !Number.isFinite(value)
      ? null
      : unit === "temperature"
        ? toTemperatureUnit(value, options.temperatureUnit)
        : value;
  const stepSeconds = Math.max(options.intervalMinutes * 60, series.bucketSeconds, 1);
  const lower = convert(options.lower);
  const upper = convert(options.upper);
  const xs: number[] = [];
  const mins: (number | null)[] = [];
  const maxs: (number | null)[] = [];
  const excursions: Band[] = [];
  const gaps: Band[] = [];
  let run: Band | null = null;
  const closeRun = () => {
    if (run) excursions.push(run);
    run = null;
  };
  let previous: number | null = null;
  for (const point of series.points) {
    const x = Date.parse(point.t) / 1000;
    if (previous !== null && x - previous > GAP_STEPS * stepSeconds) {
      // A null point between two far-apart points makes uPlot break the line there.
      xs.push(previous + stepSeconds);
      mins.push(null);
      maxs.push(null);
      gaps.push({ start: previous + stepSeconds, end: x });
      closeRun();
    }
    previous = x;
    const min = convert(unit === "temperature" ? point.temperatureMin : point.humidityMin);
    const max = convert(unit === "temperature" ? point.temperatureMax : point.humidityMax);
    xs.push(x);
    mins.push(min);
    maxs.push(max);
    const out = (max !== null && upper !== null && max > upper) || (min !== null && lower !== null && min < lower);
    if (out) {
      // A band covers its points' whole step until the next point says otherwise, so a
      // single reading shows as a strip.
      if (run) run.end = x + stepSeconds;
      else run = { start: x, end: x + stepSeconds };
    } else if (min !== null || max !== null) {
      // As the verdict counts it: an excursion lasts until the reading that ended it.
      if (run) run.end = x;
      closeRun();
    }
  }
  closeRun();
  for (const band of options.noData ?? []) {
    gaps.push(band);
    // A null point at the silence's far end stretches the axis to it without drawing a line.
    const first = xs[0];
    const last = xs[xs.length - 1];
    if (last === undefined || band.end > last) {
      xs.push(band.end);
      mins.push(null);
      maxs.push(null);
    }
    if (first !== undefined && band.start < first) {
      xs.unshift(band.start);
      mins.unshift(null);
      maxs.unshift(null);
    }
  }
  const bandLines = (options.bands ?? []).flatMap((band) => {
    const value = convert(band.limit);
    return value === null ? [] : [{ value, severity: band.severity }];
  });
  return {
    columns: [xs, mins, maxs],
    lower,
    upper,
    bandLines,
    excursions,
    gaps,
    symbol: chartSymbol(unit, options.temperatureUnit),
    stepSeconds,
  };
}

/**
 * The chart's band lines by name, as its legend and its accessible description write
 * them: "Critical 15.0 °C", one per band in the rule's order, values in the shown unit.
 */
export function bandLineNames(data: ChartData, locale: string): { severity: BandSeverity; name: string }[] {
  return data.bandLines.map(({ value, severity }) => ({
    severity,
    name: `${SEVERITY_TEXT[severity]} ${formatDecimal(roundTo(value, 1), { decimals: 1, locale })} ${data.symbol}`,
  }));
}

/** Whether a series carries any value for the unit (an unmeasured unit has only nulls). */
export function hasValues(data: ChartData): boolean {
  return data.columns[1].some((v) => v !== null) || data.columns[2].some((v) => v !== null);
}

/** The value range the y axis needs so the limits stay visible beside the readings. */
export function yRange(data: ChartData): [number, number] | null {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const v of [
    ...data.columns[1],
    ...data.columns[2],
    data.lower,
    data.upper,
    ...data.bandLines.map((b) => b.value),
  ]) {
    if (v === null) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (!Number.isFinite(lo)) return null;
  const pad = Math.max((hi - lo) * 0.08, 0.5);
  return [lo - pad, hi + pad];
}

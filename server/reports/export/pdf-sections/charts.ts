import { noDataPeriods } from "../../../../core/domain/completeness-text";
import { roundTo, toTemperatureUnit, UNIT_SYMBOLS } from "../../../../core/domain/units";
import { drawChart } from "../pdf-chart";
import { COLORS } from "../pdf-layout";
import type { PdfContext } from "./context";
import { formatDuration } from "./labels";

/** A chart per measured unit, with its limits, excursions and the periods without data. */
export function renderCharts({ w, content, series, options, tSymbol }: PdfContext): void {
  const { preset, summary } = content;
  const zone = options.timeZone;
  const tUnit = options.temperatureUnit;
  w.heading("Chart");
  const firstReading = summary.window.start ? Date.parse(summary.window.start) : null;
  const lastReading = summary.window.end ? Date.parse(summary.window.end) : null;
  // Gaps and silences are hatched; the time axis reaches a silence at either end.
  const gaps = noDataPeriods(summary).map((g) => ({ start: Date.parse(g.start), end: Date.parse(g.end) }));
  const silenceEnd = summary.completeness?.silenceEnd;
  const silenceStart = summary.completeness?.silenceStart;
  const to = silenceEnd && lastReading !== null ? Math.max(lastReading, Date.parse(silenceEnd.end)) : lastReading;
  const from =
    silenceStart && firstReading !== null ? Math.min(firstReading, Date.parse(silenceStart.start)) : firstReading;
  if (from === null || to === null || series.points.length === 0) {
    w.paragraph("No readings in the evaluation window.");
  } else {
    w.paragraph(
      series.bucketSeconds > 0
        ? `${series.total} readings drawn as minimum and maximum per ${formatDuration(series.bucketSeconds / 60)} (no spike is lost). Red bands: above the limit; blue: below; grey: no data (gaps and silences, the line is broken).`
        : "Every reading drawn. Red bands: above the limit; blue: below; grey: no data (gaps and silences, the line is broken).",
      { color: COLORS.muted, size: 8 },
    );
    // The time axis and its no-data bands, the same for every unit's chart.
    const axis = { gaps, from, to, intervalMinutes: preset.intervalMinutes, timeZone: zone, locale: options.locale };
    const tempValue = (c: number) => roundTo(toTemperatureUnit(c, tUnit), 3);
    if (preset.temperatureEnabled) {
      drawChart(w, {
        title: `Temperature (${tSymbol})`,
        unit: tSymbol,
        points: series.points,
        valueOf: (p) =>
          p.temperatureMin === null || p.temperatureMax === null
            ? null
            : [tempValue(p.temperatureMin), tempValue(p.temperatureMax)],
        lower: preset.temperatureMin === null ? null : tempValue(preset.temperatureMin),
        upper: preset.temperatureMax === null ? null : tempValue(preset.temperatureMax),
        excursions: content.excursions.temperature,
        ...axis,
        decimals: 1,
      });
    }
    if (preset.humidityEnabled) {
      drawChart(w, {
        title: `Humidity (${UNIT_SYMBOLS.humidity})`,
        unit: UNIT_SYMBOLS.humidity,
        points: series.points,
        valueOf: (p) => (p.humidityMin === null || p.humidityMax === null ? null : [p.humidityMin, p.humidityMax]),
        lower: preset.humidityMin,
        upper: preset.humidityMax,
        excursions: content.excursions.humidity,
        ...axis,
        decimals: 0,
      });
    }
    if (!preset.temperatureEnabled && !preset.humidityEnabled) {
      w.paragraph("The preset measures neither temperature nor humidity: there is nothing to chart.");
    }
  }
}

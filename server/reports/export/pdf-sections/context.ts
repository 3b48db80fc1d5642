import { formatInstant, timeZoneAbbreviation } from "../../../../core/domain/datetime";
import type { DownloadOptions } from "../../../../core/domain/download-options";
import { formatDecimal } from "../../../../core/domain/number-text";
import { formatMeasurement, TEMPERATURE_SYMBOLS } from "../../../../core/domain/units";
import type { Series } from "../../series";
import type { PdfWriter } from "../pdf-layout";
import type { ReportContent } from "../report-content";

/**
 * What every section of the report PDF draws with: the writer, the report, and the
 * formatters of the chosen zone, locale and temperature unit (every time is formatInstant
 * in the chosen zone; temperatures are stored in °C and shown in the chosen unit).
 */
export interface PdfContext {
  w: PdfWriter;
  content: ReportContent;
  series: Series;
  options: DownloadOptions;
  /** A time in the chosen zone and locale, "-" when there is none. */
  at(t: number | string | Date | null | undefined): string;
  /** A reading's time, to the second. */
  atSeconds(t: number): string;
  /** A temperature stored in °C, in the chosen unit. */
  temp(celsius: number | null | undefined, decimals?: number): string;
  hum(value: number | null | undefined, decimals?: number): string;
  count(n: number): string;
  tSymbol: string;
  /** The zone's abbreviation and name at the generation time, "UTC" for UTC. */
  zoneName: string;
}

export function pdfContext(w: PdfWriter, content: ReportContent, series: Series, options: DownloadOptions): PdfContext {
  const { timeZone: zone, locale, temperatureUnit } = options;
  return {
    w,
    content,
    series,
    options,
    at: (t) => (t === null || t === undefined ? "-" : formatInstant(t, { timeZone: zone, locale }) || "-"),
    atSeconds: (t) => formatInstant(t, { timeZone: zone, locale, seconds: true }),
    temp: (c, decimals = 1) =>
      c === null || c === undefined ? "-" : formatMeasurement("temperature", c, { temperatureUnit, decimals, locale }),
    hum: (v, decimals = 0) =>
      v === null || v === undefined ? "-" : formatMeasurement("humidity", v, { decimals, locale }),
    count: (n) => formatDecimal(n, { locale }),
    tSymbol: TEMPERATURE_SYMBOLS[temperatureUnit],
    zoneName: zone === "UTC" ? "UTC" : `${timeZoneAbbreviation(zone, content.generatedAt)} (${zone})`,
  };
}

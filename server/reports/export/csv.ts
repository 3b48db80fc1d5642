import { Readable } from "node:stream";
import { formatInstant } from "../../../core/domain/datetime";
import type { DownloadOptions } from "../../../core/domain/download-options";
import { VERDICT_TEXT, verdictOf } from "../../../core/domain/report-summary";
import { celsiusToFahrenheit, roundTo } from "../../../core/domain/units";
import { ExcursionCursor, type ReportContent } from "./report-content";

/**
 * The CSV download: a few "# key,value" lines (report, options, window, content hash),
 * then one row per reading of the evaluation window:
 *
 *   time_utc,time_local,temperature_c|temperature_f,humidity_rh,battery_percent,temperature_excursion,humidity_excursion
 *
 * time_utc is ISO 8601 in UTC (unambiguous, also across a DST change); time_local is
 * formatInstant (with seconds) in the chosen zone and locale, the same text as the screen
 * and the PDF. Celsius values are written exactly as stored; Fahrenheit is converted and
 * rounded to 2 decimals. An empty cell is a missing value. The excursion columns say
 * "above" or "below" when the reading belongs to an excursion of that unit.
 * RFC 4180 quoting, CRLF line ends, UTF-8 without BOM. Rows are produced in chunks as the
 * client reads them, so a 500,000-reading report never becomes one string.
 */

/** A number written as is: a spreadsheet can never read it as a formula. */
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * One CSV cell. Text that a spreadsheet would run as a formula (starting with = + - @,
 * tab or carriage return; OWASP "CSV injection") gets a leading apostrophe, unless it is
 * a plain number such as "-5.2". Cells with a comma, quote, line break or surrounding
 * spaces are quoted, quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value;
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  if (/[",\r\n]/.test(text) || /^\s|\s$/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

export function csvRow(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

const ROWS_PER_CHUNK = 1000;

function csvHeaderLines(content: ReportContent, options: DownloadOptions): string {
  const iso = (d: Date | null) => (d ? d.toISOString() : "");
  const lines: [string, string | number][] = [
    ["# report_id", content.report.id],
    ["# label_id", content.report.labelId],
    ["# company", content.report.companyName],
    ["# generated_at_utc", content.generatedAt.toISOString()],
    ["# time_zone", options.timeZone],
    ["# locale", options.locale],
    ["# temperature_unit", options.temperatureUnit],
    ["# evaluation_window_start_utc", iso(content.trim?.start ?? null)],
    ["# evaluation_window_end_utc", iso(content.trim?.end ?? null)],
    ["# readings", content.readings.length],
    ["# verdict", VERDICT_TEXT[verdictOf(content.summary)]],
    ["# data_completeness", content.summary.completeness?.state ?? ""],
    ["# label_interval_minutes", content.summary.completeness?.labelIntervalMinutes ?? ""],
    ["# rule_interval_minutes", content.summary.completeness?.ruleIntervalMinutes ?? ""],
    ...content.recordFields.map((field): [string, string | number] => [`# record.${field.key}`, field.value]),
    ["# disposition", content.disposition ? content.disposition.value : ""],
    [
      "# disposition_signed_by",
      // A share link's files carry no e-mail (withoutEmails): the name alone.
      !content.disposition
        ? ""
        : content.disposition.signedBy.email
          ? `${content.disposition.signedBy.name} <${content.disposition.signedBy.email}>`
          : content.disposition.signedBy.name,
    ],
    ["# disposition_signed_at_utc", content.disposition?.signedAt ?? ""],
    ["# content_sha256", content.hash],
  ];
  return lines.map(([key, value]) => csvRow([key, value])).join("");
}

function csvColumns(options: DownloadOptions): string[] {
  return [
    "time_utc",
    "time_local",
    options.temperatureUnit === "fahrenheit" ? "temperature_f" : "temperature_c",
    "humidity_rh",
    "battery_percent",
    "temperature_excursion",
    "humidity_excursion",
  ];
}

function* csvChunks(content: ReportContent, options: DownloadOptions): Generator<string> {
  yield csvHeaderLines(content, options) + csvRow(csvColumns(options));
  const temperature = new ExcursionCursor(content.excursions.temperature);
  const humidity = new ExcursionCursor(content.excursions.humidity);
  const format = { timeZone: options.timeZone, locale: options.locale, seconds: true };
  const fahrenheit = options.temperatureUnit === "fahrenheit";
  let chunk = "";
  let rows = 0;
  for (const r of content.readings) {
    const celsius = r.temperature;
    const shown = celsius === null ? null : fahrenheit ? roundTo(celsiusToFahrenheit(celsius), 2) : celsius;
    chunk += csvRow([
      new Date(r.t).toISOString(),
      formatInstant(r.t, format),
      shown,
      r.humidity,
      r.battery,
      temperature.sideAt(r.t),
      humidity.sideAt(r.t),
    ]);
    if (++rows % ROWS_PER_CHUNK === 0) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}

/** A stream of the CSV's text, pulled as the client reads. */
export function csvStream(content: ReportContent, options: DownloadOptions): Readable {
  return Readable.from(csvChunks(content, options), { objectMode: false, encoding: "utf8" });
}

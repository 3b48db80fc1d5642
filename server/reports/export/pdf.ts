import {
  COMPLETENESS_TEXT,
  completenessSentence,
  intervalMismatchText,
  noDataPeriods,
  silenceRows,
} from "../../../core/domain/completeness-text";
import { formatInstant, timeZoneAbbreviation } from "../../../core/domain/datetime";
import { DISPOSITION_LABELS } from "../../../core/domain/disposition";
import type { DownloadOptions } from "../../../core/domain/download-options";
import type { Excursion } from "../../../core/domain/excursions";
import { formatDecimal } from "../../../core/domain/number-text";
import {
  type ChannelSummary,
  type OverallVerdict,
  type SummaryState,
  verdictOf,
} from "../../../core/domain/report-summary";
import { MKT_BASIS, meanKineticTemperature } from "../../../core/domain/statistics";
import {
  formatMeasurement,
  roundTo,
  TEMPERATURE_SYMBOLS,
  toTemperatureUnit,
  UNIT_SYMBOLS,
} from "../../../core/domain/units";
import type { Series } from "../series";
import { drawChart } from "./pdf-chart";
import { COLORS, type Column, PdfWriter } from "./pdf-layout";
import { ExcursionCursor, type ReportContent } from "./report-content";

/**
 * The downloadable PDF of a label report (docs/domain.md section 2), in this order:
 * header (company, report id, generation time with its zone, units); Shipment
 * identification; Preset configuration; Recording summary (with the trim window and who
 * set it); Verdict per unit; Statistics (MKT as information); Excursions; Chart (one per
 * measured channel); Data table (none / minimal = readings in an excursion / full);
 * on every page "Page x of y" and the content SHA-256 (content-hash.ts).
 * Every time is formatInstant in the chosen zone and locale; temperatures are in the
 * chosen unit (stored in °C).
 */

export const SECTION_HEADINGS = [
  "Shipment identification",
  "Preset configuration",
  "Recording summary",
  "Verdict per unit",
  "QA disposition",
  "Statistics",
  "Excursions",
  "Chart",
  "Data table",
] as const;

const TRANSPORT = { truck: "Truck", train: "Train", plane: "Plane", boat: "Boat" } as const;
const LABEL_STATUS = { notStarted: "Not started", recording: "Recording", stopped: "Stopped", ended: "Ended" } as const;
const STATE = { success: "OK", warning: "Warning", error: "Alarm" } as const satisfies Record<SummaryState, string>;
const OVERALL_VERDICT: Record<OverallVerdict, string> = {
  violation: "ALARM: at least one unit is in violation",
  noData: "NO DATA: the label sent no readings; there is nothing to judge the shipment by",
  incomplete: "INCOMPLETE DATA: a gap or silence is longer than the company allows; the verdict cannot be OK",
  ok: "OK: no unit is in violation and the data is complete",
};

/** "45 min", "2 h 5 min", "3 d 4 h 0 min". */
export function formatDuration(minutes: number): string {
  const m = Math.round(minutes);
  const days = Math.floor(m / 1440);
  const hours = Math.floor((m % 1440) / 60);
  const rest = m % 60;
  if (days > 0) return `${days} d ${hours} h ${rest} min`;
  if (hours > 0) return `${hours} h ${rest} min`;
  return `${rest} min`;
}

/** The recording summary's lines on the data's completeness (a summary stored before it was kept has none). */
function completenessLines(summary: ReportContent["summary"]): [string, string][] {
  const c = summary.completeness;
  if (!c) return [];
  const coverage = (value: number | null) => (value === null ? "not measured" : `${value} %`);
  const mismatch = intervalMismatchText(c);
  return [
    ["Data completeness", `${COMPLETENESS_TEXT[c.state]}. ${completenessSentence(c)}`],
    ["Coverage", `Temperature ${coverage(c.coverage.temperature)}, humidity ${coverage(c.coverage.humidity)}`],
    [
      "Label's interval",
      mismatch ??
        (c.labelIntervalMinutes === null
          ? "Unknown (fewer than two readings)"
          : `${formatDuration(c.labelIntervalMinutes)}, as the rule assumes`),
    ],
  ];
}

export async function renderPdf(content: ReportContent, series: Series, options: DownloadOptions): Promise<Buffer> {
  const { report, preset, summary } = content;
  const zone = options.timeZone;
  const at = (t: number | string | Date | null | undefined) =>
    t === null || t === undefined ? "-" : formatInstant(t, { timeZone: zone, locale: options.locale }) || "-";
  const atSeconds = (t: number) => formatInstant(t, { timeZone: zone, locale: options.locale, seconds: true });
  const tUnit = options.temperatureUnit;
  const tSymbol = TEMPERATURE_SYMBOLS[tUnit];
  const locale = options.locale;
  const temp = (c: number | null | undefined, decimals = 1) =>
    c === null || c === undefined
      ? "-"
      : formatMeasurement("temperature", c, { temperatureUnit: tUnit, decimals, locale });
  const hum = (v: number | null | undefined, decimals = 0) =>
    v === null || v === undefined ? "-" : formatMeasurement("humidity", v, { decimals, locale });
  const count = (n: number) => formatDecimal(n, { locale });
  const zoneName = zone === "UTC" ? "UTC" : `${timeZoneAbbreviation(zone, content.generatedAt)} (${zone})`;

  const w = new PdfWriter(options.pageSize, {
    title: `Label report ${report.labelId}`,
    author: report.companyName,
    created: content.generatedAt,
  });
  const doc = w.doc;

  // Header.
  doc.font("Helvetica").fontSize(9).fillColor(COLORS.muted);
  w.paragraph(report.companyName, { color: COLORS.muted, size: 10 });
  doc.font("Helvetica-Bold").fontSize(18).fillColor(COLORS.text).text("Label report", w.left, doc.y);
  doc.font("Helvetica").fontSize(9);
  w.keyValues([
    ["Company", report.companyName],
    ["Report ID", report.id],
    ["Generated", `${at(content.generatedAt)} ${zoneName}`],
    ["Times shown in", zone === "UTC" ? "UTC" : `${zone} (${timeZoneAbbreviation(zone, content.generatedAt)})`],
    ["Units", `Temperature ${tSymbol}, humidity ${UNIT_SYMBOLS.humidity}, shock ${UNIT_SYMBOLS.shock}`],
    ["Overall verdict", OVERALL_VERDICT[verdictOf(summary)]],
  ]);

  w.heading("Shipment identification");
  w.keyValues([
    ["Label ID", report.labelId],
    ["Reference", report.reference],
    ["Route", `${report.origin || "-"} -> ${report.destination || "-"}`],
    ["Transport mode", TRANSPORT[report.transportMode]],
    ["Label status", LABEL_STATUS[report.status]],
  ]);

  w.heading("Preset configuration");
  const range = (min: number | null, max: number | null, f: (v: number) => string) =>
    `${min === null ? "no lower limit" : f(min)} to ${max === null ? "no upper limit" : f(max)}`;
  w.keyValues([
    ["Preset", report.presetName ?? "None (the preset was deleted: nothing is evaluated)"],
    ...(report.presetVersion === null ? [] : [["Preset version", String(report.presetVersion)] as [string, string]]),
    [
      "Temperature",
      preset.temperatureEnabled
        ? `Enabled, allowed ${range(preset.temperatureMin, preset.temperatureMax, (v) => temp(v))}`
        : "Not measured",
    ],
    [
      "Humidity",
      preset.humidityEnabled
        ? `Enabled, allowed ${range(preset.humidityMin, preset.humidityMax, (v) => hum(v))}`
        : "Not measured",
    ],
    [
      "Shock",
      preset.shockEnabled && preset.shockThresholdG !== null
        ? `Enabled, events at or above ${formatMeasurement("shock", preset.shockThresholdG, { locale })}`
        : "Not measured",
    ],
    ["Alarm delay", formatDuration(preset.alarmDelayMinutes)],
    [
      "Alarm type",
      preset.alarmType === "cumulative"
        ? "Cumulative: the total time out of range (above and below together) reaches the delay"
        : "Single event: one excursion lasts at least the delay",
    ],
    ["Logging interval", formatDuration(preset.intervalMinutes)],
    ["Battery warning", `At or below ${preset.batteryWarningLevel} %`],
    [
      "Evaluation rule",
      "Each unit is its own series: a reading without that unit's value is not part of it. A reading is out of range when strictly above the upper or strictly below the lower limit (a reading at a limit is in range). An excursion is a run of consecutive out-of-range readings of a unit; each counts for the time until the unit's next reading, or for the label's own interval when that next reading is more than the gap threshold away (two of the label's or the rule's intervals, whichever is larger) or there is none. Gaps are offline time, never counted as in or out of range; a gap or silence longer than the company's threshold makes the data incomplete, never OK. A shock at or above its threshold is an event.",
    ],
  ]);

  w.heading("Recording summary");
  const trim = content.trim;
  const trimText = trim
    ? `Trimmed: ${trim.start ? at(trim.start) : "first reading"} to ${trim.end ? at(trim.end) : "last reading"}`
    : "Whole recording (not trimmed)";
  const setBy = trim?.setBy
    ? `${trim.setBy.name}${trim.setBy.email ? ` (${trim.setBy.email})` : ""}, ${at(trim.setBy.at)}${trim.setBy.reason ? `. Reason: ${trim.setBy.reason}` : ""}`
    : trim
      ? "Not recorded in the audit trail"
      : "-";
  const gapMinutes = summary.gaps.reduce((sum, g) => sum + (Date.parse(g.end) - Date.parse(g.start)) / 60_000, 0);
  w.keyValues([
    ["Recording start", at(report.startTime)],
    ["Recording stop", at(report.endTime)],
    ["Readings recorded", count(content.totalReadings)],
    ["Readings evaluated", count(content.readings.length)],
    ["Logging interval", formatDuration(report.intervalMinutes)],
    ["Evaluation window", trimText],
    ["Window set by", setBy],
    ["Gaps (offline)", summary.gaps.length ? `${summary.gaps.length}, ${formatDuration(gapMinutes)} in total` : "None"],
    ...completenessLines(summary),
  ]);
  const silences = summary.completeness ? silenceRows(summary.completeness, summary.gaps) : [];
  if (silences.length > 0)
    w.table(
      [
        { title: "No data", width: 110 },
        { title: "From", width: 120 },
        { title: "To", width: 120 },
        { title: "Length", width: w.width - 350, align: "right" },
      ],
      silences.map((s) => [
        s.tooLong ? `${s.label} (too long)` : s.label,
        at(s.start),
        at(s.end),
        formatDuration(s.minutes),
      ]),
      { size: 8, rowHeight: 12 },
    );

  w.heading("Verdict per unit");
  const channelDetail = (c: ChannelSummary) =>
    `${c.excursionCount} excursion${c.excursionCount === 1 ? "" : "s"}, ${formatDuration(c.timeAboveMinutes)} above, ${formatDuration(c.timeBelowMinutes)} below${c.firstTriggered ? `, alarm from ${at(c.firstTriggered)}` : ""}`;
  const yesNo = (measured: boolean, value: boolean) => (measured ? (value ? "Yes" : "No") : "N.a.");
  const state = (measured: boolean, s: SummaryState) => (measured ? STATE[s] : "N.a.");
  const verdictColumns: Column[] = [
    { title: "Unit", width: 70 },
    { title: "Violation", width: 60 },
    { title: "Status", width: 60 },
    { title: "Details", width: w.width - 190 },
  ];
  const { temperature, humidity, shock, battery, label } = summary;
  w.table(
    verdictColumns,
    [
      [
        "Temperature",
        yesNo(temperature.measured, temperature.violation),
        state(temperature.measured, temperature.state),
        temperature.measured ? channelDetail(temperature) : "Not measured",
      ],
      [
        "Humidity",
        yesNo(humidity.measured, humidity.violation),
        state(humidity.measured, humidity.state),
        humidity.measured ? channelDetail(humidity) : "Not measured",
      ],
      [
        "Shock",
        yesNo(shock.measured, shock.violation),
        state(shock.measured, shock.state),
        shock.measured
          ? `${shock.eventCount} event${shock.eventCount === 1 ? "" : "s"} at or above the threshold${shock.maxG !== null ? `, largest ${formatMeasurement("shock", shock.maxG, { locale })}` : ""}`
          : "Not measured",
      ],
      [
        "Battery",
        battery.measured ? (battery.low ? "Low" : "No") : "N.a.",
        state(battery.measured, battery.state),
        battery.measured && battery.level !== null
          ? `${formatMeasurement("battery", battery.level, { locale })} at the last reading`
          : "No battery level",
      ],
      ["Label", "-", LABEL_STATUS[label.status], `Label status: ${LABEL_STATUS[label.status]}`],
    ],
    { size: 8, rowHeight: 14 },
  );
  // The table's cells do not wrap: when the alarm was met and when its excursion began
  // get lines of their own.
  const alarmTimes = (name: string, c: ChannelSummary): [string, string][] => {
    if (!c.measured || !c.firstTriggered) return [];
    const began = c.triggeringExcursionStart ?? c.firstTriggered;
    return [
      [
        `${name} alarm`,
        began === c.firstTriggered
          ? `First triggered ${at(c.firstTriggered)}, as its excursion began`
          : `First triggered ${at(c.firstTriggered)}, in the excursion that began ${at(began)}`,
      ],
    ];
  };
  w.keyValues([...alarmTimes("Temperature", temperature), ...alarmTimes("Humidity", humidity)]);

  w.heading("QA disposition");
  const signed = content.disposition;
  w.keyValues(
    signed
      ? [
          ["Disposition", DISPOSITION_LABELS[signed.value]],
          ["Meaning of the signature", signed.meaning],
          [
            "Signed by",
            signed.signedBy.email ? `${signed.signedBy.name} (${signed.signedBy.email})` : signed.signedBy.name,
          ],
          ["Signed at", `${at(signed.signedAt)} (${signed.signedAt} UTC)`],
          ["Comment", signed.comment || "-"],
          [
            "Signature",
            "Electronic signature (21 CFR Part 11 §11.50): signed with the signer's password or e-mailed code; it cannot be changed, only superseded.",
          ],
        ]
      : [["Disposition", "None signed"]],
  );

  w.heading("Statistics");
  const statColumns: Column[] = [
    { title: "Unit", width: 70 },
    { title: "Minimum", width: 125 },
    { title: "Maximum", width: 125 },
    { title: "Average", width: 60, align: "right" },
    { title: "MKT (information)", width: w.width - 380, align: "right" },
  ];
  // The summary keeps its statistics rounded to 2 decimals in °C; converting those to °F
  // would round twice. The PDF computes them from the window's readings at full precision
  // and rounds once, in the unit it prints.
  const celsius = content.readings.flatMap((r) => (r.temperature === null ? [] : [r.temperature]));
  const precise: ChannelSummary = {
    ...temperature,
    average: celsius.length ? celsius.reduce((sum, v) => sum + v, 0) / celsius.length : temperature.average,
    mkt: temperature.mkt === null ? null : (meanKineticTemperature(celsius) ?? temperature.mkt),
  };
  const statRow = (name: string, c: ChannelSummary, f: (v: number) => string): string[] =>
    c.measured
      ? [
          name,
          c.min ? `${f(c.min.value)} at ${at(c.min.t)}` : "-",
          c.max ? `${f(c.max.value)} at ${at(c.max.t)}` : "-",
          c.average === null ? "-" : f(c.average),
          c.mkt === null ? "-" : f(c.mkt),
        ]
      : [name, "N.a.", "N.a.", "N.a.", "N.a."];
  w.table(
    statColumns,
    [
      statRow("Temperature", precise, (v) => temp(v, 2)),
      [...statRow("Humidity", humidity, (v) => hum(v, 1)).slice(0, 4), "-"],
    ],
    { size: 8, rowHeight: 14 },
  );
  doc.moveDown(0.3);
  w.paragraph(
    MKT_BASIS.replace("ΔH", "activation energy"), // The standard fonts have no Greek letters.
    { color: COLORS.muted, size: 8 },
  );

  w.heading("Excursions");
  const all: { unit: "Temperature" | "Humidity"; e: Excursion }[] = [
    ...content.excursions.temperature.map((e) => ({ unit: "Temperature" as const, e })),
    ...content.excursions.humidity.map((e) => ({ unit: "Humidity" as const, e })),
  ].sort((a, b) => a.e.start - b.e.start);
  if (all.length === 0) {
    w.paragraph("No excursions in the evaluation window.");
  } else {
    w.table(
      [
        { title: "Unit", width: 70 },
        { title: "Start", width: 95 },
        { title: "End (last reading)", width: 95 },
        { title: "Duration", width: 80, align: "right" },
        { title: "Side", width: 50 },
        { title: "Peak", width: w.width - 390, align: "right" },
      ],
      all.map(({ unit, e }) => [
        unit,
        at(e.start),
        at(e.end),
        formatDuration(e.durationMinutes),
        e.side === "above" ? "Above" : "Below",
        unit === "Temperature" ? temp(e.peak, 2) : hum(e.peak, 1),
      ]),
      { size: 8, rowHeight: 12, fill: (i) => (all[i]?.e.side === "above" ? COLORS.errorFill : COLORS.belowFill) },
    );
  }

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
        gaps,
        from,
        to,
        intervalMinutes: preset.intervalMinutes,
        timeZone: zone,
        locale: options.locale,
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
        gaps,
        from,
        to,
        intervalMinutes: preset.intervalMinutes,
        timeZone: zone,
        locale: options.locale,
        decimals: 0,
      });
    }
    if (!preset.temperatureEnabled && !preset.humidityEnabled) {
      w.paragraph("The preset measures neither temperature nor humidity: there is nothing to chart.");
    }
  }

  w.heading("Data table");
  renderDataTable(w, content, options, atSeconds);

  const generated = `${at(content.generatedAt)} ${zone === "UTC" ? "UTC" : timeZoneAbbreviation(zone, content.generatedAt)}`;
  return w.finish((page, pages) => ({
    left: `Content SHA-256: ${content.hash}`,
    right: `Page ${page} of ${pages}`,
    second: `${report.labelId} · generated ${generated} · the SHA-256 covers the readings, limits, evaluation window, shock events and signed disposition, not this file`,
  }));
}

function renderDataTable(
  w: PdfWriter,
  content: ReportContent,
  options: DownloadOptions,
  atSeconds: (t: number) => string,
): void {
  const choice = options.includeDataTable;
  if (choice === "none") {
    w.paragraph("Not included in this download (data table: none). The CSV download holds every reading.");
    return;
  }
  const tUnit = options.temperatureUnit;
  const locale = options.locale;
  const temperature = new ExcursionCursor(content.excursions.temperature);
  const humidity = new ExcursionCursor(content.excursions.humidity);
  // One pass: each reading with its excursion sides; minimal keeps only those in an excursion.
  const rows: string[][] = [];
  const flagged: boolean[] = [];
  for (const r of content.readings) {
    const ts = temperature.sideAt(r.t);
    const hs = humidity.sideAt(r.t);
    const inExcursion = ts !== null || hs !== null;
    if (choice === "minimal" && !inExcursion) continue;
    const flags = [ts ? `T ${ts}` : "", hs ? `H ${hs}` : ""].filter(Boolean).join(", ");
    rows.push([
      atSeconds(r.t),
      r.temperature === null
        ? ""
        : formatMeasurement("temperature", r.temperature, { temperatureUnit: tUnit, decimals: 2, locale }),
      r.humidity === null ? "" : formatMeasurement("humidity", r.humidity, { decimals: 1, locale }),
      r.battery === null ? "" : formatMeasurement("battery", r.battery, { locale }),
      flags,
    ]);
    flagged.push(inExcursion);
  }
  w.paragraph(
    choice === "minimal"
      ? `Readings inside an excursion only (data table: minimal): ${rows.length} of ${content.readings.length} readings.`
      : `Every reading of the evaluation window (data table: full): ${rows.length} readings.`,
    { color: COLORS.muted, size: 8 },
  );
  if (rows.length === 0) {
    w.paragraph("No reading is inside an excursion.");
    return;
  }
  const zoneLabel = options.timeZone;
  w.table(
    [
      { title: `Time (${zoneLabel})`, width: 130 },
      { title: `Temperature (${TEMPERATURE_SYMBOLS[tUnit]})`, width: 95, align: "right" },
      { title: "Humidity (%RH)", width: 85, align: "right" },
      { title: "Battery (%)", width: 65, align: "right" },
      { title: "Excursion", width: w.width - 375 },
    ],
    rows,
    { size: 7.5, rowHeight: 10, fill: (i) => (choice === "full" && flagged[i] ? COLORS.errorFill : null) },
  );
}

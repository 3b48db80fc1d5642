import { formatMeasurement, TEMPERATURE_SYMBOLS } from "../../../../core/domain/units";
import { COLORS } from "../pdf-layout";
import { ExcursionCursor } from "../report-content";
import type { PdfContext } from "./context";

/** The readings: none, those inside an excursion (minimal), or all (full), as the download asks. */
export function renderDataTable({ w, content, options, atSeconds }: PdfContext): void {
  w.heading("Data table");
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

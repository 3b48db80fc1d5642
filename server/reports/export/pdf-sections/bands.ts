import { SEVERITY_TEXT } from "../../../../core/domain/limit-bands";
import type { BandSummary } from "../../../../core/domain/report-summary";
import type { Column } from "../pdf-layout";
import type { PdfContext } from "./context";
import { formatDuration } from "./labels";

/**
 * The alarm table of a report judged by limit bands of its own: one row per band, with
 * its time beyond, excursions and when it was reached. A report judged by its min and max
 * alone has its one alarm per unit in the verdict table, and no such section.
 */
export function renderBands({ w, content: { summary }, at, temp, hum }: PdfContext): void {
  const units = [
    { name: "Temperature", bands: summary.temperature.bands, limit: (v: number) => temp(v) },
    { name: "Humidity", bands: summary.humidity.bands, limit: (v: number) => hum(v, 1) },
  ].filter((u): u is typeof u & { bands: BandSummary[] } => Boolean(u.bands && u.bands.length > 0));
  if (units.length === 0) return;
  w.heading("Limit bands");
  const columns: Column[] = [
    { title: "Unit", width: 62 },
    { title: "Band", width: w.width - 62 - 50 - 60 - 50 - 110 },
    { title: "Reached", width: 50 },
    { title: "Time beyond", width: 60 },
    { title: "Excursions", width: 50 },
    { title: "First triggered", width: 110 },
  ];
  const rows = units.flatMap((unit) =>
    unit.bands.map((band) => {
      const delay = band.delayMinutes === 0 ? "at once" : `after ${formatDuration(band.delayMinutes)}`;
      const type = band.delayMinutes > 0 && band.delayType === "cumulative" ? ", cumulative" : "";
      return [
        unit.name,
        `${SEVERITY_TEXT[band.severity]} ${band.side} ${unit.limit(band.limit)} ${delay}${type}`,
        band.reached ? "Yes" : "No",
        formatDuration(band.timeBeyondMinutes),
        String(band.excursionCount),
        band.firstTriggered ? at(band.firstTriggered) : "-",
      ];
    }),
  );
  w.table(columns, rows, { size: 8, rowHeight: 14 });
}

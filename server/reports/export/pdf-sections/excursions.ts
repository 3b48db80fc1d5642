import type { Excursion } from "../../../../core/domain/excursions";
import { COLORS } from "../pdf-layout";
import type { PdfContext } from "./context";
import { formatDuration } from "./labels";

/** Every excursion of the evaluation window, in time order. */
export function renderExcursions({ w, content, at, temp, hum }: PdfContext): void {
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
}

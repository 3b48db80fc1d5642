import type { ChannelSummary } from "../../../../core/domain/report-summary";
import { MKT_BASIS, meanKineticTemperature } from "../../../../core/domain/statistics";
import { COLORS, type Column } from "../pdf-layout";
import type { PdfContext } from "./context";

/** Minimum, maximum, average and MKT (as information) of each unit over the evaluation window. */
export function renderStatistics({ w, content, at, temp, hum }: PdfContext): void {
  const { temperature, humidity } = content.summary;
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
  w.doc.moveDown(0.3);
  w.paragraph(
    MKT_BASIS.replace("ΔH", "activation energy"), // The standard fonts have no Greek letters.
    { color: COLORS.muted, size: 8 },
  );
}

import type { PdfContext } from "./context";
import { LABEL_STATUS, TRANSPORT } from "./labels";

/** The shipment, with the values of the fields that are part of the record (hashed, so printed). */
export function renderShipment({ w, content: { report, recordFields } }: PdfContext): void {
  w.heading("Shipment identification");
  w.keyValues([
    ["Label ID", report.labelId],
    ["Reference", report.reference],
    ["Route", `${report.origin || "-"} -> ${report.destination || "-"}`],
    ["Transport mode", TRANSPORT[report.transportMode]],
    ["Label status", LABEL_STATUS[report.status]],
    ...recordFields.map((field): [string, string] => [field.name, field.text]),
  ]);
}

import type { PdfContext } from "./context";
import { LABEL_STATUS, TRANSPORT } from "./labels";

export function renderShipment({ w, content: { report } }: PdfContext): void {
  w.heading("Shipment identification");
  w.keyValues([
    ["Label ID", report.labelId],
    ["Reference", report.reference],
    ["Route", `${report.origin || "-"} -> ${report.destination || "-"}`],
    ["Transport mode", TRANSPORT[report.transportMode]],
    ["Label status", LABEL_STATUS[report.status]],
  ]);
}

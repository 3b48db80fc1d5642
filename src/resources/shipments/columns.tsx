import type { ShipmentListItem } from "@core/api/shipment";
import { SHIPMENT_TRANSPORT_MODE_TEXT } from "@core/domain/shipments";
import type { ColumnSpec } from "@/components/list/columns";
import { DateTimeText } from "@/components/list/date-time-text";

const EMPTY = "—";

/** The shipment list: its reference, route, carrier, mode, planned departure and how many labels. */
export const shipmentColumns: ColumnSpec<ShipmentListItem>[] = [
  { key: "reference", title: "Reference", render: (shipment) => <strong>{shipment.reference}</strong> },
  { key: "origin", title: "Origin", render: (shipment) => shipment.origin || EMPTY },
  { key: "destination", title: "Destination", render: (shipment) => shipment.destination || EMPTY },
  { key: "carrier", title: "Carrier", render: (shipment) => shipment.carrier || EMPTY },
  {
    key: "transportMode",
    title: "Mode",
    render: (shipment) => SHIPMENT_TRANSPORT_MODE_TEXT[shipment.transportMode],
  },
  {
    key: "plannedDeparture",
    title: "Planned departure",
    render: (shipment) => (shipment.plannedDeparture ? <DateTimeText value={shipment.plannedDeparture} /> : EMPTY),
  },
  { key: "product", title: "Product", render: (shipment) => shipment.product || EMPTY },
  { key: "reportCount", title: "Labels", render: (shipment) => shipment.reportCount },
];

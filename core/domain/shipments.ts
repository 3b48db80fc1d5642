/**
 * Shipments (docs/domain.md, Shipments): a company's shipment groups one or more of its
 * label reports, e.g. the two to four labels on one pallet.
 */

export const SHIPMENT_TRANSPORT_MODES = ["road", "air", "sea", "rail", "multimodal"] as const;
export type ShipmentTransportMode = (typeof SHIPMENT_TRANSPORT_MODES)[number];

/** How each transport mode reads in the dashboard. */
export const SHIPMENT_TRANSPORT_MODE_TEXT: Record<ShipmentTransportMode, string> = {
  road: "Road",
  air: "Air",
  sea: "Sea",
  rail: "Rail",
  multimodal: "Multimodal",
};

/** The per-field message when a shipment's planned arrival is before its departure, or null. */
export function plannedDatesError(departure: string | null | undefined, arrival: string | null | undefined) {
  if (!departure || !arrival) return null;
  return Date.parse(arrival) < Date.parse(departure) ? "The planned arrival must not be before the departure" : null;
}

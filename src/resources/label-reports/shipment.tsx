import { MeasurementIcon } from "@/components/icons/measurement-icons";
import { humanize } from "@/components/list/columns";
import type { TransportMode } from "@/domain/resources";

/** A shipment as people say it: transport icon, origin -> destination. */
export function Shipment({
  origin,
  destination,
  transportMode,
}: {
  origin: string;
  destination: string;
  transportMode: TransportMode;
}) {
  return (
    <span style={{ display: "inline-flex", alignItems: "center", gap: 6, whiteSpace: "nowrap" }}>
      <MeasurementIcon name={transportMode} title={humanize(transportMode)} />
      <span>
        {origin || "—"} → {destination || "—"}
      </span>
    </span>
  );
}

import type { TransportMode } from "@core/domain/resources";
import { MeasurementIcon } from "@/components/icons/measurement-icons";
import { humanize } from "@/components/list/columns";
import styles from "./columns.module.css";

/**
 * A shipment as people say it: transport icon, origin -> destination. `wrap`: in at most
 * two lines of a bounded width (the list's column), the whole route in the title.
 */
export function Shipment({
  origin,
  destination,
  transportMode,
  wrap = false,
}: {
  origin: string;
  destination: string;
  transportMode: TransportMode;
  wrap?: boolean;
}) {
  const route = `${origin || "—"} → ${destination || "—"}`;
  return (
    <span style={{ display: "inline-flex", alignItems: "center", gap: 6, whiteSpace: "nowrap" }}>
      <MeasurementIcon name={transportMode} title={humanize(transportMode)} />
      {wrap ? (
        <span className={styles.clamp} title={route}>
          {route}
        </span>
      ) : (
        <span>{route}</span>
      )}
    </span>
  );
}

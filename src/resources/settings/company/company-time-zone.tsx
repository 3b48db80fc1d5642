import { TimeZoneSelect } from "@/components/controls/time-zone-select/time-zone-select";
import { deviceTimeZone } from "@/providers/stores/preferences";

/**
 * The time-zone control for a company (its settings, a distributor's sub-company): a
 * device's "system" choice is stored as the zone's name, since a company has no device.
 */
export function CompanyTimeZone({
  value,
  onChange,
  "aria-label": ariaLabel = "Default time zone",
}: {
  value?: string;
  onChange?: (zone: string) => void;
  "aria-label"?: string;
}) {
  return (
    <TimeZoneSelect
      aria-label={ariaLabel}
      value={value ?? "utc"}
      defaultChoice="utc"
      onChange={(choice) => onChange?.(choice === "system" ? deviceTimeZone() : choice)}
    />
  );
}

import type { ReactNode } from "react";
import type { TimeZoneChoice } from "@/providers/stores/preferences";
import type { ControlSize } from "../field/field-state";
import { Autocomplete } from "../select/autocomplete";
import { selectedTimeZone, timeZoneOptions, toTimeZoneChoice } from "./time-zone-options";

export interface TimeZoneSelectProps {
  /** The stored choice: system, utc or a zone name (null: not chosen yet). */
  value: TimeZoneChoice | null;
  onChange(choice: TimeZoneChoice): void;
  /** What an unset value shows: the device's zone (system) unless this is utc. */
  defaultChoice?: "system" | "utc";
  label?: ReactNode;
  "aria-label"?: string;
  disabled?: boolean;
  size?: ControlSize;
  className?: string;
}

/** Every world zone plus UTC, offsets as GMT+hh:mm, stored as system / utc / a zone name. */
export function TimeZoneSelect({ value, onChange, defaultChoice = "system", ...props }: TimeZoneSelectProps) {
  return (
    <Autocomplete
      {...props}
      options={timeZoneOptions()}
      value={selectedTimeZone(value, defaultChoice)}
      onChange={(selected) => onChange(toTimeZoneChoice(selected))}
      allowClear
    />
  );
}

import type { TemperatureUnit } from "@/domain/units";
import { usePreferencesStore } from "@/providers/stores/preferences";

/** The unit the user reads and types temperatures in (the `fahrenheit` preference). */
export function useTemperatureUnit(): TemperatureUnit {
  return usePreferencesStore((s) => (s.fahrenheit ? "fahrenheit" : "celsius"));
}

import type { ProfileRecord } from "@core/api/profile";
import { effectiveTemperatureUnit, type TemperatureUnit } from "@core/domain/units";
import { type HttpError, useCustom } from "@refinedev/core";
import { selectTimeZoneName, usePreferencesStore } from "@/providers/stores/preferences";

/** How dates, numbers and temperatures read on screen: the interface preferences, resolved. */
export interface DisplayPreferences {
  /** An IANA zone name or "UTC" ("system" already resolved). */
  timeZone: string;
  locale: string;
  temperatureUnit: TemperatureUnit;
}

/**
 * The company's unit comes with GET /api/me (the same query as the profile page, so one
 * request serves both); until it arrives, and for a person who chose, the preference rules.
 */
function useProfileQuery(enabled: boolean) {
  return useCustom<ProfileRecord, HttpError>({
    url: "me",
    method: "get",
    queryOptions: { enabled, staleTime: 5 * 60_000 },
    errorNotification: false,
  }).query;
}

export function useCompanyTemperatureUnit(enabled = true): TemperatureUnit | undefined {
  return useProfileQuery(enabled).data?.data.companyTemperatureUnit;
}

export function useTemperatureUnit(): TemperatureUnit {
  return useKnownTemperatureUnit() ?? "celsius";
}

/**
 * The unit temperatures are read and typed in, or undefined while it cannot be known yet: the
 * person chose none and the company's has not come. A screen that shows or takes temperatures
 * waits for it (TemperatureUnitGate): drawn in °C first and redrawn in °F, a reading is
 * misread, and a form's values taken in one unit are sent as the other. If the profile cannot
 * be loaded, °C.
 */
export function useKnownTemperatureUnit(): TemperatureUnit | undefined {
  const fahrenheit = usePreferencesStore((s) => s.fahrenheit);
  const query = useProfileQuery(fahrenheit === null);
  if (fahrenheit === null && query.isPending) return undefined;
  return effectiveTemperatureUnit(fahrenheit, query.data?.data.companyTemperatureUnit);
}

export function useDisplayPreferences(): DisplayPreferences {
  const timeZone = usePreferencesStore(selectTimeZoneName);
  const locale = usePreferencesStore((s) => s.locale);
  const temperatureUnit = useTemperatureUnit();
  return { timeZone, locale, temperatureUnit };
}

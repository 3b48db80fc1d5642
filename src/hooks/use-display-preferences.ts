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
export function useCompanyTemperatureUnit(enabled = true): TemperatureUnit | undefined {
  const { query } = useCustom<ProfileRecord, HttpError>({
    url: "me",
    method: "get",
    queryOptions: { enabled, staleTime: 5 * 60_000 },
    errorNotification: false,
  });
  return query.data?.data.companyTemperatureUnit;
}

export function useTemperatureUnit(): TemperatureUnit {
  const fahrenheit = usePreferencesStore((s) => s.fahrenheit);
  const companyUnit = useCompanyTemperatureUnit(fahrenheit === null);
  return effectiveTemperatureUnit(fahrenheit, companyUnit);
}

export function useDisplayPreferences(): DisplayPreferences {
  const timeZone = usePreferencesStore(selectTimeZoneName);
  const locale = usePreferencesStore((s) => s.locale);
  const temperatureUnit = useTemperatureUnit();
  return { timeZone, locale, temperatureUnit };
}

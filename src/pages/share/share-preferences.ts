import { isKnownLocale } from "@core/domain/datetime";
import { effectiveTemperatureUnit, type TemperatureUnit } from "@core/domain/units";
import {
  deviceTimeZone,
  type PreferencesData,
  preferencesStorageKey,
  resolveTimeZone,
  usePreferencesStore,
} from "@/providers/stores/preferences";

/** How the public share page writes dates, numbers and temperatures. */
export interface ShareDisplay {
  locale: string;
  /** An IANA zone name or "UTC". */
  timeZone: string;
  temperatureUnit: TemperatureUnit;
}

export interface BrowserSettings {
  /** navigator.language: may be missing or unknown to Intl. */
  locale?: string | undefined;
  timeZone: string;
}

/**
 * The rule: the viewer's preferences saved in this browser by the
 * dashboard, else the browser's own locale and zone; the temperature unit is the viewer's
 * own choice, else the report's company's unit, else °C.
 */
export function shareDisplay(
  stored: Pick<PreferencesData, "timeZone" | "locale" | "fahrenheit"> | null,
  browser: BrowserSettings,
  companyUnit?: TemperatureUnit | null,
): ShareDisplay {
  if (stored) {
    return {
      locale: stored.locale,
      timeZone: resolveTimeZone(stored.timeZone, browser.timeZone),
      temperatureUnit: effectiveTemperatureUnit(stored.fahrenheit, companyUnit),
    };
  }
  const locale = browser.locale && isKnownLocale(browser.locale) ? browser.locale : "en-US";
  return { locale, timeZone: browser.timeZone, temperatureUnit: companyUnit ?? "celsius" };
}

function hasStoredPreferences(): boolean {
  try {
    return localStorage.getItem(preferencesStorageKey()) !== null;
  } catch {
    // Storage can be blocked (private modes, policies): then the browser's settings apply.
    return false;
  }
}

/** The share page's display from the stored preferences, the browser and the company's unit. */
export function useShareDisplay(companyUnit?: TemperatureUnit | null): ShareDisplay {
  const timeZone = usePreferencesStore((s) => s.timeZone);
  const locale = usePreferencesStore((s) => s.locale);
  const fahrenheit = usePreferencesStore((s) => s.fahrenheit);
  const stored = hasStoredPreferences() ? { timeZone, locale, fahrenheit } : null;
  return shareDisplay(stored, { locale: navigator.language, timeZone: deviceTimeZone() }, companyUnit);
}

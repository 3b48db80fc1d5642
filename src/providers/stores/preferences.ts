import { create } from "zustand";
import { createJSONStorage, persist, type StateStorage } from "zustand/middleware";
import { useAuthSessionStore } from "./auth-session";

/**
 * The interface preferences, persisted in local storage per person: the next person
 * signing in on the same browser starts from their own preferences or the defaults, never
 * from the previous person's locale, zone and unit.
 */

/** `system` (the device's zone), `utc`, or an IANA zone name. */
export type TimeZoneChoice = "system" | "utc" | (string & {});

export interface DownloadReportPreferences {
  pageSize: "a4" | "letter";
  fileType: "pdf" | "csv";
  timeZone: TimeZoneChoice;
  locale: string;
  temperatureUnit: "celsius" | "fahrenheit";
  includeDataTable: "none" | "minimal" | "full";
}

/** The download options that follow the screen's preferences until chosen in the dialog. */
type FollowedDownloadOption = "timeZone" | "locale" | "temperatureUnit";

export interface PreferencesData {
  timeZone: TimeZoneChoice;
  /** null: not chosen, the company's temperature unit applies (docs/dashboard.md: Preferences). */
  fahrenheit: boolean | null;
  locale: string;
  downloadReport: DownloadReportPreferences;
  liveViewEnabled: boolean;
  showMaintenanceBanner: boolean;
  showLabelPresetFeatureModal: boolean;
  /**
   * The download options chosen in the download dialog itself. The others follow the screen's
   * choices (the company's unit for a member without their own; docs/dashboard.md: Preferences): a stored
   * `downloadReport` value alone cannot tell a choice from the spec's default.
   */
  downloadChosen?: Partial<Record<FollowedDownloadOption, true>>;
}

interface PreferencesActions {
  setTimeZone(timeZone: TimeZoneChoice): void;
  setFahrenheit(fahrenheit: boolean | null): void;
  setLocale(locale: string): void;
  setDownloadReport(changes: Partial<DownloadReportPreferences>): void;
  setLiveViewEnabled(enabled: boolean): void;
  setShowMaintenanceBanner(show: boolean): void;
  setShowLabelPresetFeatureModal(show: boolean): void;
  resetPreferences(): void;
}

export type PreferencesState = PreferencesData & PreferencesActions;

export const PREFERENCES_STORAGE_KEY = "preferences";

export const DEFAULT_PREFERENCES: PreferencesData = {
  timeZone: "system",
  fahrenheit: null,
  locale: "en-US",
  downloadReport: {
    pageSize: "a4",
    fileType: "pdf",
    timeZone: "utc",
    locale: "en-US",
    temperatureUnit: "celsius",
    includeDataTable: "minimal",
  },
  liveViewEnabled: false,
  showMaintenanceBanner: true,
  showLabelPresetFeatureModal: true,
};

const signedInPerson = () => useAuthSessionStore.getState().user?.id ?? null;

/** The local storage entry the preferences are kept in: the signed-in person's, or the browser's when nobody is. */
export function preferencesStorageKey(person = signedInPerson()): string {
  return person ? `${PREFERENCES_STORAGE_KEY}:${person}` : PREFERENCES_STORAGE_KEY;
}

/**
 * The browser's entry (preferences kept before they were per person, or chosen before
 * signing in) goes to the next person signed in when the store loads: before, it was the
 * only entry, and the person signed in was the one using it.
 */
const personalStorage: StateStorage = {
  getItem: () => {
    const own = preferencesStorageKey();
    const browsers = localStorage.getItem(PREFERENCES_STORAGE_KEY);
    if (own === PREFERENCES_STORAGE_KEY || browsers === null) return localStorage.getItem(own);
    localStorage.setItem(own, browsers);
    localStorage.removeItem(PREFERENCES_STORAGE_KEY);
    return browsers;
  },
  setItem: (_name, value) => localStorage.setItem(preferencesStorageKey(), value),
  removeItem: () => localStorage.removeItem(preferencesStorageKey()),
};

export const usePreferencesStore = create<PreferencesState>()(
  persist(
    (set) => ({
      ...DEFAULT_PREFERENCES,
      // Choosing how to read dates and numbers also makes it the download dialog's choice, so
      // a downloaded file reads like the screen until the dialog is told otherwise.
      setTimeZone: (timeZone) => set((state) => ({ timeZone, downloadReport: { ...state.downloadReport, timeZone } })),
      setFahrenheit: (fahrenheit) =>
        set((state) =>
          fahrenheit === null
            ? { fahrenheit }
            : {
                fahrenheit,
                downloadReport: { ...state.downloadReport, temperatureUnit: fahrenheit ? "fahrenheit" : "celsius" },
              },
        ),
      setLocale: (locale) => set((state) => ({ locale, downloadReport: { ...state.downloadReport, locale } })),
      setDownloadReport: (changes) =>
        set((state) => ({
          downloadReport: { ...state.downloadReport, ...changes },
          downloadChosen: {
            ...state.downloadChosen,
            ...(changes.timeZone ? { timeZone: true } : {}),
            ...(changes.locale ? { locale: true } : {}),
            ...(changes.temperatureUnit ? { temperatureUnit: true } : {}),
          },
        })),
      setLiveViewEnabled: (liveViewEnabled) => set({ liveViewEnabled }),
      setShowMaintenanceBanner: (showMaintenanceBanner) => set({ showMaintenanceBanner }),
      setShowLabelPresetFeatureModal: (showLabelPresetFeatureModal) => set({ showLabelPresetFeatureModal }),
      resetPreferences: () => set({ ...DEFAULT_PREFERENCES, downloadChosen: {} }),
    }),
    {
      name: PREFERENCES_STORAGE_KEY,
      storage: createJSONStorage(() => {
        // Where there is no local storage (unit tests in Node), nothing is kept: zustand's persist then stands aside.
        if (typeof localStorage === "undefined") throw new Error("no local storage here");
        return personalStorage;
      }),
      // Loaded over the defaults, not over the state in memory, which may be the previous
      // person's; a preference added later keeps its default for older stored preferences.
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<PreferencesData>;
        return {
          ...current,
          ...DEFAULT_PREFERENCES,
          downloadChosen: {},
          ...stored,
          downloadReport: { ...DEFAULT_PREFERENCES.downloadReport, ...stored.downloadReport },
        };
      },
    },
  ),
);

// Another person signing in (or nobody, after a sign-out) loads their own preferences.
let person = signedInPerson();
useAuthSessionStore.subscribe(() => {
  const next = signedInPerson();
  if (next === person) return;
  person = next;
  // Without local storage (a private window refusing it, a test run without a DOM) zustand
  // keeps the store in memory and gives it no persist API: nothing to load then.
  void usePreferencesStore.persist?.rehydrate();
});

/**
 * Intl builds a whole formatter to answer, and a list asks once per date cell on every
 * render: ~100 ms of a cold load of /label-reports in the profile (bench/README.md). A device
 * that changes zone (a laptop that travelled) is seen within a minute.
 */
const DEVICE_ZONE_TTL_MS = 60_000;
let deviceZone: { name: string; at: number } | undefined;

/** The zone the device runs in, as an IANA name ('UTC' when the runtime cannot tell). */
export function deviceTimeZone(): string {
  const now = Date.now();
  if (deviceZone && now - deviceZone.at < DEVICE_ZONE_TTL_MS) return deviceZone.name;
  let name: string;
  try {
    name = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    name = "UTC";
  }
  deviceZone = { name, at: now };
  return name;
}

/** The IANA zone a stored choice stands for: `system` is the device's zone, `utc` is UTC. */
export function resolveTimeZone(choice: TimeZoneChoice | null | undefined, device?: string): string {
  // The device's zone is asked for only when needed: Intl's answer costs, and lists ask per cell.
  if (!choice || choice === "system") return device ?? deviceTimeZone();
  if (choice === "utc") return "UTC";
  return choice;
}

/** The IANA zone dates are shown in, from the interface preferences. */
export const selectTimeZoneName = (state: PreferencesData): string => resolveTimeZone(state.timeZone);

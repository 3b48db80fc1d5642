import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_PREFERENCES, usePreferencesStore } from "@/providers/stores/preferences";
import { dialogChoices } from "@/resources/label-reports/download/download-options";

const base = {
  downloadReport: DEFAULT_PREFERENCES.downloadReport,
  fahrenheit: null,
  downloadChosen: {},
  timeZone: "system",
  locale: "en-US",
};

// The store is shared with the worker's next files (isolate: false): leave it as found.
afterEach(() => usePreferencesStore.getState().resetPreferences());

describe("the download dialog's defaults follow the effective preferences", () => {
  it("a member without their own unit in a °F company gets °F as the download's unit", () => {
    expect(dialogChoices(base, "fahrenheit").temperatureUnit).toBe("fahrenheit");
  });

  it("without any choice and a °C company the spec's defaults stay (UTC, en-US, °C, A4, PDF, minimal)", () => {
    expect(dialogChoices(base, "celsius")).toEqual(DEFAULT_PREFERENCES.downloadReport);
    expect(dialogChoices(base, undefined)).toEqual(DEFAULT_PREFERENCES.downloadReport);
  });

  it("the screen's locale and zone are the download's, even when stored before they were copied", () => {
    const prefs = { ...base, locale: "de-DE", timeZone: "Asia/Tokyo" };
    expect(dialogChoices(prefs)).toMatchObject({ locale: "de-DE", timeZone: "Asia/Tokyo" });
  });

  it("a member's own °C wins over the company's °F", () => {
    expect(dialogChoices({ ...base, fahrenheit: false }, "fahrenheit").temperatureUnit).toBe("celsius");
  });

  it("what was chosen in the dialog is kept over the screen's and the company's choices", () => {
    usePreferencesStore.getState().resetPreferences();
    usePreferencesStore.getState().setLocale("de-DE");
    usePreferencesStore.getState().setDownloadReport({ temperatureUnit: "celsius", locale: "fr-FR", timeZone: "utc" });
    usePreferencesStore.getState().setTimeZone("Asia/Tokyo");
    const state = usePreferencesStore.getState();
    // A later profile choice of zone is copied into the download's (the store's rule), the dialog's unit and locale stay.
    expect(dialogChoices(state, "fahrenheit")).toMatchObject({
      temperatureUnit: "celsius",
      locale: "fr-FR",
      timeZone: "Asia/Tokyo",
    });
  });
});

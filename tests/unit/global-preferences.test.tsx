// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  FEATURE_MODAL_DISMISS,
  FEATURE_MODAL_TITLE,
  LabelPresetFeatureModal,
} from "@/components/global/feature-modal/label-preset-feature-modal";
import { MaintenanceBanner } from "@/components/global/maintenance-banner/maintenance-banner";
import {
  DEFAULT_PREFERENCES,
  preferencesStorageKey,
  resolveTimeZone,
  selectTimeZoneName,
  usePreferencesStore,
} from "@/providers/stores/preferences";
import { setupControlsDom } from "./controls-dom";

setupControlsDom();

// The entry of whoever is signed in (another file of the worker may have left someone signed in).
const stored = () => JSON.parse(localStorage.getItem(preferencesStorageKey()) ?? "null")?.state;

beforeEach(() => {
  localStorage.clear();
  usePreferencesStore.getState().resetPreferences();
});
// The store is shared with the worker's next files (isolate: false): leave it as found.
afterEach(() => {
  usePreferencesStore.getState().resetPreferences();
  localStorage.clear();
});

describe("interface preferences (persisted)", () => {
  it("hold the spec's defaults", () => {
    expect(DEFAULT_PREFERENCES).toEqual({
      timeZone: "system",
      // null: not chosen yet, the company's unit applies.
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
    });
  });

  it("are persisted in local storage", () => {
    usePreferencesStore.getState().setTimeZone("Asia/Tokyo");
    expect(stored()).toMatchObject({ timeZone: "Asia/Tokyo", showMaintenanceBanner: true });
  });

  it("the time zone setting accepts system, utc, or a zone name", () => {
    expect(resolveTimeZone("system", "Europe/Paris")).toBe("Europe/Paris");
    expect(resolveTimeZone("utc", "Europe/Paris")).toBe("UTC");
    expect(resolveTimeZone("Asia/Tokyo", "Europe/Paris")).toBe("Asia/Tokyo");
    usePreferencesStore.getState().setTimeZone("utc");
    expect(selectTimeZoneName(usePreferencesStore.getState())).toBe("UTC");
  });
});

describe("maintenance banner", () => {
  it("is shown by default and its dismissal is remembered", () => {
    const { unmount } = render(<MaintenanceBanner />);
    expect(screen.getByTestId("maintenance-banner")).toBeTruthy();
    act(() => {
      fireEvent.click(screen.getByRole("button", { name: "Dismiss maintenance notice" }));
    });
    expect(usePreferencesStore.getState().showMaintenanceBanner).toBe(false);
    expect(stored().showMaintenanceBanner).toBe(false);
    unmount();
    render(<MaintenanceBanner />);
    expect(screen.queryByTestId("maintenance-banner")).toBeNull();
  });
});

describe("label-preset feature modal", () => {
  it("is shown by default and its dismissal is remembered", () => {
    render(<LabelPresetFeatureModal />);
    expect(screen.getByText(FEATURE_MODAL_TITLE)).toBeTruthy();
    act(() => {
      fireEvent.click(screen.getByRole("button", { name: FEATURE_MODAL_DISMISS }));
    });
    expect(stored().showLabelPresetFeatureModal).toBe(false);
  });

  it("has a close button, which dismisses it too", () => {
    render(<LabelPresetFeatureModal />);
    act(() => {
      fireEvent.click(screen.getByRole("button", { name: "Close" }));
    });
    expect(usePreferencesStore.getState().showLabelPresetFeatureModal).toBe(false);
  });
});

describe("the download dialog starts from the interface preferences", () => {
  it("choosing a time zone, a locale or a unit makes it the download's default too", () => {
    const store = usePreferencesStore.getState();
    store.setLocale("de-DE");
    store.setTimeZone("Europe/Berlin");
    store.setFahrenheit(true);
    expect(usePreferencesStore.getState().downloadReport).toMatchObject({
      locale: "de-DE",
      timeZone: "Europe/Berlin",
      temperatureUnit: "fahrenheit",
    });
  });
});

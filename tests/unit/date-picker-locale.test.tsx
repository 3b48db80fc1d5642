// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DatePicker } from "@/components/controls/date-picker";
import {
  fromDay,
  monthTitle,
  todayIn,
  weekdayLabels,
  weekdayNames,
} from "@/components/controls/date-picker/date-picker-state";
import { usePreferencesStore } from "@/providers/stores/preferences";
import { setupControlsDom } from "./controls-dom";

setupControlsDom();

// 23:30 UTC on March 12: already March 13 in Berlin (UTC+1), still March 12 in New York.
const NOW = new Date(Date.UTC(2025, 2, 12, 23, 30));

beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterAll(() => vi.useRealTimers());
afterEach(() => usePreferencesStore.getState().resetPreferences());

describe("the date picker follows the chosen locale and time zone", () => {
  it("names months and weekdays in the chosen locale, weeks still starting on Monday", () => {
    expect(monthTitle("2025-03", "de-DE")).toBe("März 2025");
    expect(weekdayLabels("de-DE")).toEqual(["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"]);
    expect(weekdayNames("fr-FR")[0]).toBe("lundi");
  });

  it("'today' is the day in the chosen zone, not on the device", () => {
    expect(todayIn("Europe/Berlin", NOW)).toBe("2025-03-13");
    expect(todayIn("America/New_York", NOW)).toBe("2025-03-12");
    expect(todayIn("UTC", NOW)).toBe("2025-03-12");
  });

  it("with de-DE and Europe/Berlin chosen, the field, the calendar and the today mark read as in Berlin", () => {
    usePreferencesStore.getState().setLocale("de-DE");
    usePreferencesStore.getState().setTimeZone("Europe/Berlin");
    render(<DatePicker aria-label="Wann" value={fromDay("2025-03-04")} onChange={() => undefined} />);
    const field = screen.getByLabelText("Wann") as HTMLInputElement;
    expect(field.value).toBe("04.03.2025");
    fireEvent.click(field);
    expect(screen.getByRole("grid").getAttribute("aria-label")).toBe("März 2025");
    expect(screen.getByRole("columnheader", { name: "Montag" }).textContent).toBe("Mo");
    const today = screen.getByLabelText("Donnerstag, 13. März 2025");
    expect(today.hasAttribute("data-today")).toBe(true);
  });

  it("a locale chosen while the field is shown applies at once", () => {
    render(<DatePicker aria-label="When" value={fromDay("2025-03-04")} onChange={() => undefined} />);
    const field = screen.getByLabelText("When") as HTMLInputElement;
    expect(field.value).toBe("03/04/2025");
    act(() => usePreferencesStore.getState().setLocale("en-GB"));
    expect((screen.getByLabelText("When") as HTMLInputElement).value).toBe("04/03/2025");
  });
});

import { describe, expect, it } from "vitest";
import { shareDisplay } from "@/pages/share/share-preferences";

const browser = { locale: "fr-FR", timeZone: "America/New_York" };

describe("the public share page reads in the viewer's preferences", () => {
  it("preferences saved in this browser win: their locale, zone and unit", () => {
    const stored = { locale: "de-DE", timeZone: "Europe/Berlin", fahrenheit: true };
    expect(shareDisplay(stored, browser, "celsius")).toEqual({
      locale: "de-DE",
      timeZone: "Europe/Berlin",
      temperatureUnit: "fahrenheit",
    });
  });

  it("a saved 'system' zone is the browser's zone, 'utc' is UTC", () => {
    expect(shareDisplay({ locale: "en-GB", timeZone: "system", fahrenheit: null }, browser).timeZone).toBe(
      "America/New_York",
    );
    expect(shareDisplay({ locale: "en-GB", timeZone: "utc", fahrenheit: null }, browser).timeZone).toBe("UTC");
  });

  it("without saved preferences the browser's locale and zone apply", () => {
    expect(shareDisplay(null, browser)).toEqual({
      locale: "fr-FR",
      timeZone: "America/New_York",
      temperatureUnit: "celsius",
    });
  });

  it("a browser locale Intl does not know falls back to en-US", () => {
    expect(shareDisplay(null, { locale: "xx-invalid-", timeZone: "UTC" }).locale).toBe("en-US");
    expect(shareDisplay(null, { locale: undefined, timeZone: "UTC" }).locale).toBe("en-US");
  });

  it("a viewer who chose no unit reads the report's company's unit", () => {
    expect(shareDisplay(null, browser, "fahrenheit").temperatureUnit).toBe("fahrenheit");
    expect(
      shareDisplay({ locale: "en-US", timeZone: "utc", fahrenheit: null }, browser, "fahrenheit").temperatureUnit,
    ).toBe("fahrenheit");
    expect(
      shareDisplay({ locale: "en-US", timeZone: "utc", fahrenheit: false }, browser, "fahrenheit").temperatureUnit,
    ).toBe("celsius");
  });
});

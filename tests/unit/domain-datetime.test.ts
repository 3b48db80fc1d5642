import { describe, expect, it } from "vitest";
import { formatInstant, isKnownLocale, isKnownTimeZone, timeZoneAbbreviation } from "../../core/domain/datetime";

describe("formatInstant", () => {
  it("writes US dates with a 24-hour clock in the chosen zone", () => {
    expect(formatInstant("2026-03-05T13:07:00Z", { timeZone: "UTC" })).toBe("03/05/2026, 13:07");
    expect(formatInstant("2026-03-05T13:07:00Z", { timeZone: "America/New_York" })).toBe("03/05/2026, 08:07");
  });

  it("shows seconds only when asked (data tables)", () => {
    expect(formatInstant("2026-03-05T13:07:09Z", { timeZone: "UTC", seconds: true })).toBe("03/05/2026, 13:07:09");
  });

  it("follows the locale's order of day and month", () => {
    expect(formatInstant("2026-03-05T13:07:00Z", { timeZone: "UTC", locale: "en-GB" })).toBe("05/03/2026, 13:07");
  });

  it("gives an empty text for a missing or invalid instant", () => {
    expect(formatInstant(null, { timeZone: "UTC" })).toBe("");
    expect(formatInstant("not a date", { timeZone: "UTC" })).toBe("");
  });
});

describe("time zones and locales", () => {
  it("knows IANA zones and refuses made-up ones", () => {
    expect(isKnownTimeZone("Europe/Amsterdam")).toBe(true);
    expect(isKnownTimeZone("Mars/Olympus")).toBe(false);
  });

  it("knows real locales and refuses garbage", () => {
    expect(isKnownLocale("en-US")).toBe(true);
    expect(isKnownLocale("!!")).toBe(false);
  });

  it("abbreviates the zone at the instant (daylight saving aware)", () => {
    expect(timeZoneAbbreviation("UTC")).toBe("UTC");
    expect(timeZoneAbbreviation("America/New_York", new Date("2026-07-01T00:00:00Z"))).toBe("EDT");
  });
});

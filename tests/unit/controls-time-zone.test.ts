import { describe, expect, it } from "vitest";
import { filterOptions } from "@/components/controls/select/select-options";
import {
  findTimeZone,
  formatGmtOffset,
  selectedTimeZone,
  timeZoneEntries,
  timeZoneOptions,
  toTimeZoneChoice,
  UTC_ENTRY,
} from "@/components/controls/time-zone-select/time-zone-options";

describe("time-zone table", () => {
  it("covers the world's zones from -11:00 up to +14:00 (Line Islands), plus a UTC entry with offset 0", () => {
    const entries = timeZoneEntries();
    const offsets = entries.map((entry) => entry.rawOffsetInMinutes);
    expect(Math.min(...offsets)).toBe(-660);
    expect(Math.max(...offsets)).toBe(840);
    expect(entries.find((entry) => entry.rawOffsetInMinutes === 840)?.name).toBe("Pacific/Kiritimati");
    expect(entries[0]).toBe(UTC_ENTRY);
    expect(UTC_ENTRY.rawOffsetInMinutes).toBe(0);
    expect(entries.length).toBeGreaterThan(300);
  });

  it("entries carry the spec's fields", () => {
    const amsterdam = findTimeZone("Europe/Amsterdam");
    expect(amsterdam).toMatchObject({
      name: "Europe/Amsterdam",
      countryCode: "NL",
      continentCode: "EU",
      rawOffsetInMinutes: 60,
    });
    expect(Object.keys(amsterdam ?? {}).sort()).toEqual(
      [
        "abbreviation",
        "alternativeName",
        "continentCode",
        "continentName",
        "countryCode",
        "countryName",
        "group",
        "mainCities",
        "name",
        "rawFormat",
        "rawOffsetInMinutes",
      ].sort(),
    );
  });

  it("finds a zone by an alias of its group", () => {
    expect(findTimeZone("Asia/Calcutta")?.name).toBe("Asia/Kolkata");
    expect(findTimeZone("Etc/UTC")?.name).toBe("UTC");
  });

  it("offsets are shown as GMT+hh:mm", () => {
    expect(formatGmtOffset(60)).toBe("GMT+01:00");
    expect(formatGmtOffset(-210)).toBe("GMT-03:30");
    expect(formatGmtOffset(0)).toBe("GMT+00:00");
    expect(formatGmtOffset(840)).toBe("GMT+14:00");
    const option = timeZoneOptions().find((o) => o.value === "Asia/Kolkata");
    expect(option?.displayValue).toBe("(GMT+05:30) Asia/Kolkata");
  });

  it("options can be searched by city", () => {
    expect(filterOptions(timeZoneOptions(), "rotterdam").map((o) => o.value)).toContain("Europe/Amsterdam");
  });
});

describe("time zone choice", () => {
  const device = "Europe/Berlin";

  it("an empty selection becomes utc", () => {
    expect(toTimeZoneChoice(null, device)).toBe("utc");
    expect(toTimeZoneChoice("", device)).toBe("utc");
  });

  it("choosing the device's own zone is stored as system", () => {
    expect(toTimeZoneChoice("Europe/Berlin", device)).toBe("system");
  });

  it("choosing UTC is stored as utc", () => {
    expect(toTimeZoneChoice("UTC", device)).toBe("utc");
  });

  it("any other zone is stored by name", () => {
    expect(toTimeZoneChoice("America/New_York", device)).toBe("America/New_York");
  });

  it("the select defaults to the device zone unless the default is utc", () => {
    expect(selectedTimeZone(null, "system", device)).toBe("Europe/Berlin");
    expect(selectedTimeZone(undefined, "utc", device)).toBe("UTC");
    expect(selectedTimeZone("system", "utc", device)).toBe("Europe/Berlin");
    expect(selectedTimeZone("utc", "system", device)).toBe("UTC");
    expect(selectedTimeZone("Asia/Tokyo", "system", device)).toBe("Asia/Tokyo");
  });
});

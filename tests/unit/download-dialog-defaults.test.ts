import { describe, expect, it } from "vitest";
import { DEFAULT_PREFERENCES } from "@/providers/stores/preferences";
import { dialogChoices } from "@/resources/label-reports/download/download-options";

const base = { downloadReport: DEFAULT_PREFERENCES.downloadReport, fahrenheit: null, downloadUnitChosen: false };

describe("the download dialog's defaults follow the effective preferences", () => {
  it("a member without their own unit in a °F company gets °F as the download's unit", () => {
    expect(dialogChoices(base, "fahrenheit").temperatureUnit).toBe("fahrenheit");
  });

  it("without any choice and a °C company the spec's defaults stay (UTC, en-US, °C, A4, PDF, minimal)", () => {
    expect(dialogChoices(base, "celsius")).toEqual(DEFAULT_PREFERENCES.downloadReport);
    expect(dialogChoices(base, undefined)).toEqual(DEFAULT_PREFERENCES.downloadReport);
  });

  it("a member's own °C wins over the company's °F", () => {
    expect(dialogChoices({ ...base, fahrenheit: false }, "fahrenheit").temperatureUnit).toBe("celsius");
  });

  it("a unit chosen in the dialog is kept over the company's", () => {
    const chosen = {
      ...base,
      downloadUnitChosen: true,
      downloadReport: { ...base.downloadReport, temperatureUnit: "celsius" as const },
    };
    expect(dialogChoices(chosen, "fahrenheit").temperatureUnit).toBe("celsius");
  });
});

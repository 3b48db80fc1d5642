import { describe, expect, it } from "vitest";
import { canonicalNumberText, formatDecimal, localiseNumberText } from "../../core/domain/number-text";
import { formatMeasurement, formatTemperature } from "../../core/domain/units";

describe("typing numbers", () => {
  it("a decimal point typed as '.' is kept: 2.5 is two and a half, not 25", () => {
    expect(canonicalNumberText("2.5")).toBe("2.5");
    expect(canonicalNumberText("2.")).toBe("2.");
  });

  it("a leading minus is kept: -5 is minus five, not 5", () => {
    expect(canonicalNumberText("-5")).toBe("-5");
    expect(canonicalNumberText("-")).toBe("-");
    // A typographic minus (pasted from a document) counts too.
    expect(canonicalNumberText("\u22123,5", "de-DE")).toBe("-3.5");
  });

  it("the locale's decimal comma is read as the decimal point: '2,5' in de-DE is 2.5", () => {
    expect(canonicalNumberText("2,5", "de-DE")).toBe("2.5");
    expect(canonicalNumberText("-0,25", "fr-FR")).toBe("-0.25");
  });

  it("the field shows the number with the locale's separator", () => {
    expect(localiseNumberText("-2.5", "de-DE")).toBe("-2,5");
    expect(localiseNumberText("-2.5", "en-US")).toBe("-2.5");
  });
});

describe("showing numbers in the chosen locale", () => {
  it("de-DE writes a decimal comma, en-US a point", () => {
    expect(formatDecimal(2.5, { locale: "de-DE", decimals: 1 })).toBe("2,5");
    expect(formatDecimal(2.5, { locale: "en-US", decimals: 1 })).toBe("2.5");
  });

  it("temperatures and measurements follow the locale", () => {
    expect(formatTemperature(5.25, "celsius", 1, "de-DE")).toBe("5,3 °C");
    expect(formatMeasurement("shock", 2.5, { locale: "fr-FR" })).toBe("2,5 g");
  });

  it("a value that rounds to zero never prints as -0", () => {
    expect(formatTemperature(-0.04, "celsius", 1, "de-DE")).toBe("0,0 °C");
  });
});

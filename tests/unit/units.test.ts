import { describe, expect, test } from "vitest";
import {
  celsiusToFahrenheit,
  celsiusToKelvin,
  effectiveTemperatureUnit,
  fahrenheitToCelsius,
  formatMeasurement,
  formatTemperature,
  fromTemperatureUnit,
  roundTo,
  toTemperatureUnit,
} from "../../core/domain/units";

describe("temperature conversion", () => {
  test("°F conversion of 2 °C is 35.6 °F", () => {
    expect(roundTo(celsiusToFahrenheit(2), 1)).toBe(35.6);
  });

  test("°F conversion of -40 °C is -40 °F", () => {
    expect(celsiusToFahrenheit(-40)).toBe(-40);
  });

  test("°C conversion of 46.4 °F is 8 °C", () => {
    expect(fahrenheitToCelsius(46.4)).toBeCloseTo(8, 10);
  });

  test("converting to °F and back returns the same °C", () => {
    for (const c of [-25, -15, 2, 8, 25, 37.5]) expect(fahrenheitToCelsius(celsiusToFahrenheit(c))).toBeCloseTo(c, 10);
  });

  test("0 °C is 273.15 K", () => {
    expect(celsiusToKelvin(0)).toBe(273.15);
  });

  test("display conversion leaves °C alone and converts °F both ways", () => {
    expect(toTemperatureUnit(8, "celsius")).toBe(8);
    expect(toTemperatureUnit(8, "fahrenheit")).toBeCloseTo(46.4, 10);
    expect(fromTemperatureUnit(46.4, "fahrenheit")).toBeCloseTo(8, 10);
  });
});

describe("rounding for display", () => {
  test("1.005 rounds up to 1.01 despite binary floating point", () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
  });

  test("halves round away from zero on both sides", () => {
    expect(roundTo(2.5, 0)).toBe(3);
    expect(roundTo(-2.5, 0)).toBe(-3);
  });

  test("a value that rounds to zero is 0, not -0", () => {
    expect(Object.is(roundTo(-0.004, 2), 0)).toBe(true);
  });

  test("float4 noise disappears at two decimals", () => {
    expect(roundTo(4.369999885559082, 2)).toBe(4.37);
  });

  test("formatTemperature shows the value in the chosen unit with its symbol", () => {
    expect(formatTemperature(2, "fahrenheit")).toBe("35.6 °F");
    expect(formatTemperature(-20, "celsius")).toBe("-20.0 °C");
  });

  test("formatMeasurement uses the unit's symbol and a sensible default precision", () => {
    expect(formatMeasurement("humidity", 45.4)).toBe("45 %RH");
    expect(formatMeasurement("shock", 8.46)).toBe("8.5 g");
    expect(formatMeasurement("battery", 19.6)).toBe("20 %");
    expect(formatMeasurement("temperature", 2, { temperatureUnit: "fahrenheit" })).toBe("35.6 °F");
  });
});

describe("the temperature unit a person sees", () => {
  test("is the company's unit for a member who has not chosen one", () => {
    expect(effectiveTemperatureUnit(null, "fahrenheit")).toBe("fahrenheit");
  });

  test("is the member's own choice when they made one, whatever the company's", () => {
    expect(effectiveTemperatureUnit(false, "fahrenheit")).toBe("celsius");
    expect(effectiveTemperatureUnit(true, "celsius")).toBe("fahrenheit");
  });
});

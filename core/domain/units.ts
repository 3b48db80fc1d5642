import { formatDecimal } from "./number-text";

/**
 * The measurement units of a label report (those its summary cards show) and the
 * temperature conversions. Data is stored in °C; °F exists only for display.
 */

const UNITS = ["temperature", "humidity", "shock", "battery", "label"] as const;
export type Unit = (typeof UNITS)[number];

export const TEMPERATURE_UNITS = ["celsius", "fahrenheit"] as const;
export type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number];

/** "label" is a status, not a quantity, so it has no symbol. */
export const UNIT_SYMBOLS: Record<Unit, string> = {
  temperature: "°C",
  humidity: "%RH",
  shock: "g",
  battery: "%",
  label: "",
};

export const TEMPERATURE_SYMBOLS: Record<TemperatureUnit, string> = { celsius: "°C", fahrenheit: "°F" };

const KELVIN_OFFSET = 273.15;

export function celsiusToFahrenheit(celsius: number): number {
  return (celsius * 9) / 5 + 32;
}

export function fahrenheitToCelsius(fahrenheit: number): number {
  return ((fahrenheit - 32) * 5) / 9;
}

export function celsiusToKelvin(celsius: number): number {
  return celsius + KELVIN_OFFSET;
}

export function kelvinToCelsius(kelvin: number): number {
  return kelvin - KELVIN_OFFSET;
}

/** °C in, the chosen display unit out. */
export function toTemperatureUnit(celsius: number, unit: TemperatureUnit): number {
  return unit === "fahrenheit" ? celsiusToFahrenheit(celsius) : celsius;
}

/** The chosen display unit in (e.g. a threshold typed in °F), °C out. */
export function fromTemperatureUnit(value: number, unit: TemperatureUnit): number {
  return unit === "fahrenheit" ? fahrenheitToCelsius(value) : value;
}

/**
 * Rounds half away from zero, so -2.5 and 2.5 round alike (Math.round sends -2.5 to -2).
 * The product is cut to 15 significant digits first so that 1.005 * 100 = 100.49999…
 * rounds up as a person expects.
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** decimals;
  const rounded = Math.round(Number((Math.abs(value) * factor).toPrecision(15))) / factor;
  // -0 would print as "-0"; a value that rounds to zero is zero.
  return rounded === 0 ? 0 : Math.sign(value) * rounded;
}

/** Display text such as "35.6 °F" ("35,6 °F" in de-DE); the value is given in °C. */
export function formatTemperature(celsius: number, unit: TemperatureUnit, decimals = 1, locale?: string): string {
  const shown = roundTo(toTemperatureUnit(celsius, unit), decimals);
  return `${formatDecimal(shown, { decimals, locale })} ${TEMPERATURE_SYMBOLS[unit]}`;
}

/** Display text of a value in its unit, e.g. "45 %RH", "8.5 g". Temperatures take the display unit. */
export function formatMeasurement(
  unit: Unit,
  value: number,
  options: { temperatureUnit?: TemperatureUnit; decimals?: number; locale?: string } = {},
): string {
  if (unit === "temperature")
    return formatTemperature(value, options.temperatureUnit ?? "celsius", options.decimals, options.locale);
  const decimals = options.decimals ?? (unit === "shock" ? 1 : 0);
  const symbol = UNIT_SYMBOLS[unit];
  const text = formatDecimal(roundTo(value, decimals), { decimals, locale: options.locale });
  return symbol ? `${text} ${symbol}` : text;
}

/**
 * The unit temperatures are shown and typed in: the person's own choice (the `fahrenheit`
 * preference) when they made one, else their company's setting, else °C.
 */
export function effectiveTemperatureUnit(
  fahrenheit: boolean | null | undefined,
  companyUnit?: TemperatureUnit | null,
): TemperatureUnit {
  if (fahrenheit === true) return "fahrenheit";
  if (fahrenheit === false) return "celsius";
  return companyUnit ?? "celsius";
}

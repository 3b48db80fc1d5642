import { type LimitBand, SEVERITY_TEXT } from "@core/domain/limit-bands";
import { formatDecimal } from "@core/domain/number-text";
import { roundTo, TEMPERATURE_SYMBOLS, type TemperatureUnit, toTemperatureUnit } from "@core/domain/units";

/** How a preset's settings read on screen (list, review step, detail). Temperatures arrive in °C. */

// As many digits as the value has, up to one: "2" and "2.5", never "2.0".
const number = (value: number, locale?: string) => formatDecimal(roundTo(value, 1), { locale });

/** "2 to 8 °C", or in °F "35.6 to 46.4 °F"; "—" when a bound is missing. */
export function temperatureRange(
  min: number | null | undefined,
  max: number | null | undefined,
  unit: TemperatureUnit,
  locale?: string,
) {
  if (min === null || min === undefined || max === null || max === undefined) return "—";
  const show = (c: number) => number(toTemperatureUnit(c, unit), locale);
  return `${show(min)} to ${show(max)} ${TEMPERATURE_SYMBOLS[unit]}`;
}

/** "30 to 60 %RH". */
export function humidityRange(min: number | null | undefined, max: number | null | undefined, locale?: string) {
  if (min === null || min === undefined || max === null || max === undefined) return "—";
  return `${number(min, locale)} to ${number(max, locale)} %RH`;
}

/** "≥ 2.5 g". */
export function shockThreshold(value: number | null | undefined, locale?: string) {
  return value === null || value === undefined ? "—" : `≥ ${number(value, locale)} g`;
}

/** 0 -> "none", 45 -> "45 min", 90 -> "1 h 30 min", 1440 -> "24 h". */
export function duration(minutes: number | null | undefined, zero = "none") {
  if (minutes === null || minutes === undefined) return "—";
  if (minutes === 0) return zero;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "Critical above 15 °C at once", "Alarm above 8 °C after 1 h (cumulative)". */
export function bandText(band: LimitBand, limitText: (value: number) => string) {
  const delay = band.delayMinutes === 0 ? "at once" : `after ${duration(band.delayMinutes)}`;
  const type = band.delayMinutes > 0 && band.delayType === "cumulative" ? " (cumulative)" : "";
  return `${SEVERITY_TEXT[band.severity]} ${band.side} ${limitText(band.limit)} ${delay}${type}`;
}

/** A temperature limit in the user's unit: "46.4 °F". */
export const temperatureText = (unit: TemperatureUnit, locale?: string) => (celsius: number) =>
  `${number(toTemperatureUnit(celsius, unit), locale)} ${TEMPERATURE_SYMBOLS[unit]}`;

/** A humidity limit: "60 %RH". */
export const humidityText = (locale?: string) => (value: number) => `${number(value, locale)} %RH`;

import { roundTo } from "@core/domain/units";
import { decimalsOf } from "../number-input/number-input-state";

/** The range slider's rules: one value or two handles, snapped to the step within the bounds, keys and tooltips. */

export type SliderValue = number | [number, number];
export type SliderVariant = "neutral" | "primary" | "blue" | "primary-dark";
export type SliderUnitType = "number" | "timestamp";
export type TimestampUnit = "seconds" | "milliseconds";
/** Which handle: 0 the lower (or only), 1 the upper. */
export type HandleIndex = 0 | 1;

export const SLIDER_DEFAULTS = {
  min: 0,
  max: 100,
  step: 1,
  variant: "neutral" as SliderVariant,
  rangeCharacter: "to",
  showTooltip: true,
  showTickLabels: false,
  unitType: "number" as SliderUnitType,
  timestampUnit: "seconds" as TimestampUnit,
};

/** Gap between a handle and its tooltip, in px (other tooltips use 10). */
export const SLIDER_TOOLTIP_OFFSET = 8;
/** How long tooltips stay visible after a click on the track. */
export const TRACK_CLICK_TOOLTIP_MS = 400;
/** PageUp and PageDown move this many steps. */
const PAGE_STEPS = 10;

export interface SliderScale {
  min: number;
  max: number;
  step: number;
}

/** Displayed decimals follow the step's (0.25 shows two). */
export function sliderDecimals(step: number): number {
  return decimalsOf(step);
}

/** Snapped to the nearest step counted from min, then clamped to min and max. */
export function snapValue(value: number, { min, max, step }: SliderScale): number {
  const snapped = step > 0 ? min + Math.round((value - min) / step) * step : value;
  const rounded = roundTo(snapped, Math.max(sliderDecimals(step), decimalsOf(min)));
  return Math.min(max, Math.max(min, rounded));
}

export function isRange(value: SliderValue): value is [number, number] {
  return Array.isArray(value);
}

/**
 * A handle moved to `raw`: snapped and clamped, and kept one step clear of the other
 * handle (the lower stays at or below upper − step, the upper at or above lower + step).
 */
export function moveHandle(value: SliderValue, handle: HandleIndex, raw: number, scale: SliderScale): SliderValue {
  const next = snapValue(raw, scale);
  if (!isRange(value)) return next;
  const [low, high] = value;
  const digits = Math.max(sliderDecimals(scale.step), decimalsOf(low), decimalsOf(high));
  if (handle === 0) return [Math.max(scale.min, Math.min(next, roundTo(high - scale.step, digits))), high];
  return [low, Math.min(scale.max, Math.max(next, roundTo(low + scale.step, digits)))];
}

/** The handle a click on the track moves: the nearer one (ties go to the side clicked). */
export function nearerHandle(value: SliderValue, at: number): HandleIndex {
  if (!isRange(value)) return 0;
  const [low, high] = value;
  const toLow = Math.abs(at - low);
  const toHigh = Math.abs(at - high);
  if (toLow !== toHigh) return toLow < toHigh ? 0 : 1;
  return at <= low ? 0 : 1;
}

/** 0..1 along the track. */
export function ratioOf(value: number, { min, max }: Pick<SliderScale, "min" | "max">): number {
  if (max <= min) return 0;
  return Math.min(1, Math.max(0, (value - min) / (max - min)));
}

export function valueAtRatio(ratio: number, { min, max }: Pick<SliderScale, "min" | "max">): number {
  return min + Math.min(1, Math.max(0, ratio)) * (max - min);
}

/** The value a key moves a handle to, or null for a key the slider ignores. */
export function valueForKey(current: number, key: string, scale: SliderScale): number | null {
  switch (key) {
    case "ArrowRight":
    case "ArrowUp":
      return current + scale.step;
    case "ArrowLeft":
    case "ArrowDown":
      return current - scale.step;
    case "PageUp":
      return current + PAGE_STEPS * scale.step;
    case "PageDown":
      return current - PAGE_STEPS * scale.step;
    case "Home":
      return scale.min;
    case "End":
      return scale.max;
    default:
      return null;
  }
}

export interface SliderFormat {
  unitType: SliderUnitType;
  decimals: number;
  locale: string;
  /** IANA zone for timestamps. */
  timeZone: string;
  timestampUnit: TimestampUnit;
  /** Text after a number, such as '°C'. */
  unit?: string | undefined;
}

/** A number with the step's decimals; a timestamp as day, short month, year and 24-hour time in the zone. */
export function formatSliderValue(value: number, format: SliderFormat): string {
  if (format.unitType === "timestamp") {
    const ms = format.timestampUnit === "seconds" ? value * 1000 : value;
    return new Intl.DateTimeFormat(format.locale, {
      day: "2-digit",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: format.timeZone,
    }).format(ms);
  }
  const text = new Intl.NumberFormat(format.locale, {
    minimumFractionDigits: format.decimals,
    maximumFractionDigits: format.decimals,
  }).format(value);
  return format.unit ? `${text} ${format.unit}` : text;
}

/** Tick labels: min, the rounded midpoint, max. */
export function tickValues({ min, max, step }: SliderScale): [number, number, number] {
  return [min, roundTo((min + max) / 2, sliderDecimals(step)), max];
}

/** The text of a range, e.g. '20 to 80'. */
export function rangeText(low: string, high: string, rangeCharacter: string = SLIDER_DEFAULTS.rangeCharacter): string {
  return `${low} ${rangeCharacter} ${high}`;
}

/** Horizontal extent of a tooltip, in px from the track's left edge. */
export interface Extent {
  center: number;
  width: number;
}

/** The max tooltip hides when it overlaps the min tooltip. */
export function tooltipsOverlap(minTooltip: Extent, maxTooltip: Extent): boolean {
  if (minTooltip.width === 0 || maxTooltip.width === 0) return false;
  return minTooltip.center + minTooltip.width / 2 > maxTooltip.center - maxTooltip.width / 2;
}

import { canonicalNumberText, type NumberTextRules } from "@core/domain/number-text";
import { roundTo } from "@core/domain/units";

/** The number input's and number stepper's rules. */

export const NUMBER_PLACEHOLDER = "0";

export interface NumberBounds {
  min?: number | undefined;
  max?: number | undefined;
  /** Digits after the point; absent: no rounding. */
  decimals?: number | undefined;
}

export interface StepOptions extends NumberBounds {
  /** The amount one step adds; 1 by default. */
  step?: number | undefined;
  readOnly?: boolean | undefined;
  disabled?: boolean | undefined;
}

function clamp(value: number, min?: number, max?: number): number {
  let result = value;
  if (max !== undefined && result > max) result = max;
  if (min !== undefined && result < min) result = min;
  return result;
}

/** Rounded to the decimals setting if one exists, then clamped to min and max (the bounds win). */
export function normaliseNumber(value: number, { min, max, decimals }: NumberBounds): number {
  const rounded = decimals === undefined ? value : roundTo(value, decimals);
  return clamp(rounded, min, max);
}

/** What a typed text means: nothing, a number on its way ('-', '.'), or a number. */
export type ParsedNumberText = { kind: "empty" } | { kind: "partial" } | { kind: "number"; value: number };

/**
 * Numeric only, in the canonical form (`-12.5`): digits, one leading minus (when negatives
 * are allowed) and one decimal point (when decimals are), typed as "." or as the locale's
 * separator ("2,5" in de-DE).
 */
export function sanitiseNumberText(
  text: string,
  { allowNegative = true, allowDecimal = true, locale = "en-US" }: NumberTextRules & { locale?: string } = {},
): string {
  return canonicalNumberText(text, locale, { allowNegative, allowDecimal });
}

export function parseNumberText(text: string): ParsedNumberText {
  const trimmed = text.trim();
  if (trimmed === "") return { kind: "empty" };
  if (trimmed === "-" || trimmed === "." || trimmed === "-.") return { kind: "partial" };
  const value = Number(trimmed);
  return Number.isFinite(value) ? { kind: "number", value } : { kind: "partial" };
}

/** The value a typed text gives: null for an empty field, undefined while incomplete. */
export function valueFromText(text: string, bounds: NumberBounds): number | null | undefined {
  const parsed = parseNumberText(text);
  if (parsed.kind === "empty") return null;
  if (parsed.kind === "partial") return undefined;
  return normaliseNumber(parsed.value, bounds);
}

/** The text shown for a value. */
export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? "" : String(value);
}

export type StepDirection = 1 | -1;

/** Decrement is blocked at the minimum, increment at the maximum; readonly and disabled fields never step. */
export function canStep(value: number | null, direction: StepDirection, options: StepOptions): boolean {
  if (options.readOnly || options.disabled) return false;
  if (value === null) return true;
  if (direction < 0) return options.min === undefined || value > options.min;
  return options.max === undefined || value < options.max;
}

/**
 * One step up or down. From an empty value the first decrement gives the larger of the
 * minimum and -1, capped at the maximum; the first increment gives the smaller of the
 * maximum and 1, raised to the minimum. Returns the value unchanged when stepping is blocked.
 */
export function stepNumber(value: number | null, direction: StepDirection, options: StepOptions): number | null {
  if (!canStep(value, direction, options)) return value;
  const { min, max } = options;
  if (value === null) {
    if (direction < 0) return Math.min(Math.max(min ?? Number.NEGATIVE_INFINITY, -1), max ?? Number.POSITIVE_INFINITY);
    return Math.max(Math.min(max ?? Number.POSITIVE_INFINITY, 1), min ?? Number.NEGATIVE_INFINITY);
  }
  const step = options.step ?? 1;
  // Sum in the step's precision so 0.1 + 0.2 gives 0.3.
  const digits = Math.max(decimalsOf(step), decimalsOf(value));
  return normaliseNumber(roundTo(value + direction * step, digits), options);
}

/** Digits after the point of a number as written (1e-7 counts 7). */
export function decimalsOf(value: number): number {
  if (!Number.isFinite(value) || Number.isInteger(value)) return 0;
  const text = String(value);
  const exponent = /e-(\d+)$/.exec(text);
  if (exponent) {
    const mantissa = text.slice(0, text.indexOf("e"));
    return Number(exponent[1]) + (mantissa.split(".")[1]?.length ?? 0);
  }
  return text.split(".")[1]?.length ?? 0;
}

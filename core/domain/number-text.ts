/**
 * Numbers as people read and type them in their locale. The screen, the PDF and the number
 * fields all go through here, so "2,5" in de-DE means the same everywhere.
 */

const formatters = new Map<string, Intl.NumberFormat>();

export interface DecimalFormat {
  /** A BCP 47 locale; en-US unless the user chose another. */
  locale?: string | undefined;
  /** Exactly this many digits after the separator; absent: as many as the value has. */
  decimals?: number | undefined;
  /** Thousands separators (on for display, off in a field being edited). */
  grouping?: boolean | undefined;
}

function formatterFor({ locale = "en-US", decimals, grouping = true }: DecimalFormat): Intl.NumberFormat {
  const key = `${locale}|${decimals ?? ""}|${grouping}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      useGrouping: grouping,
      minimumFractionDigits: decimals ?? 0,
      // 20 keeps every digit a double prints ("as typed" for a field's value).
      maximumFractionDigits: decimals ?? 20,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** "2.5" in en-US, "2,5" in de-DE; '' for a value that is not a finite number. */
export function formatDecimal(value: number | null | undefined, format: DecimalFormat = {}): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "";
  // -0 (a rounded -0.04) would print as "-0".
  return formatterFor(format).format(value === 0 ? 0 : value);
}

/** The character a locale writes between the whole and the fractional part ("." or ","). */
export function decimalSeparator(locale = "en-US"): string {
  return (
    formatterFor({ locale, decimals: 1, grouping: false })
      .formatToParts(1.5)
      .find((p) => p.type === "decimal")?.value ?? "."
  );
}

export interface NumberTextRules {
  allowNegative?: boolean;
  allowDecimal?: boolean;
}

const MINUS_SIGNS = new Set(["-", "\u2212", "\u2012", "\u2013"]);

/**
 * What a person typed, reduced to the canonical form `-12.5` (or a part of it while
 * typing: "-", "2."). Both the locale's separator and "." are read as the decimal point,
 * so "2,5" (de-DE) and "2.5" give the same value; the first one counts, later ones are
 * dropped, as are letters and spaces. A minus counts only in front.
 */
export function canonicalNumberText(
  text: string,
  locale = "en-US",
  { allowNegative = true, allowDecimal = true }: NumberTextRules = {},
): string {
  const separator = decimalSeparator(locale);
  let result = "";
  let seenPoint = false;
  for (const char of text.trim()) {
    if (char >= "0" && char <= "9") result += char;
    else if (MINUS_SIGNS.has(char) && allowNegative && result === "") result += "-";
    else if ((char === "." || char === separator || char === ",") && allowDecimal && !seenPoint) {
      seenPoint = true;
      result += ".";
    }
  }
  return result;
}

/** The canonical text written with the locale's separator ("-2.5" -> "-2,5" in de-DE). */
export function localiseNumberText(canonical: string, locale = "en-US"): string {
  const separator = decimalSeparator(locale);
  return separator === "." ? canonical : canonical.replace(".", separator);
}

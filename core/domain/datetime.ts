/**
 * Instants as people read them, in a chosen time zone and locale. The screen, the PDF and
 * the CSV all format through here, so the same choices give the same text everywhere.
 * en-US gives the dashboard's US format (MM/DD/YYYY, 24-hour clock).
 */

export interface InstantFormat {
  /** An IANA zone name, or "UTC". */
  timeZone: string;
  /** A BCP 47 locale; en-US unless the user chose another. */
  locale?: string;
  /** Include seconds (data tables), default false. */
  seconds?: boolean;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor({ timeZone, locale = "en-US", seconds = false }: InstantFormat): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${seconds}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      ...(seconds ? { second: "2-digit" } : {}),
      hourCycle: "h23",
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** True when the runtime knows the zone (an unknown zone would throw in Intl). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The runtime's spelling of a known zone ("europe/berlin" is "Europe/Berlin"), so stored names compare equal. */
export function canonicalTimeZone(timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone }).resolvedOptions().timeZone;
}

/** True when the runtime can format in the locale (not silently falling back to another). */
export function isKnownLocale(locale: string): boolean {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([locale]).length === 1;
  } catch {
    return false;
  }
}

/** "11/21/2026, 14:05" in en-US; '' for a missing value. */
export function formatInstant(value: string | number | Date | null | undefined, format: InstantFormat): string {
  if (value === null || value === undefined || value === "") return "";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return formatterFor(format).format(date);
}

/** The zone's short name at an instant ("UTC", "CET", "GMT+1"), for headers and column titles. */
export function timeZoneAbbreviation(timeZone: string, at: Date = new Date(), locale = "en-US"): string {
  const part = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "short" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? timeZone;
}

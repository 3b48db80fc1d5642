import { formatInstant, timeZoneAbbreviation } from "@core/domain/datetime";
import { selectTimeZoneName, usePreferencesStore } from "@/providers/stores/preferences";

/** The IANA zone and locale dates are shown in, from the interface preferences. */
export function useInstantFormat(): { timeZone: string; locale: string } {
  const timeZone = usePreferencesStore(selectTimeZoneName);
  const locale = usePreferencesStore((s) => s.locale);
  return { timeZone, locale };
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of an instant in a zone ("11/21/2026" in en-US). */
function formatDayIn(value: string | number | Date, timeZone: string, locale = "en-US"): string {
  const key = `${locale}|${timeZone}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dateFormatters.set(key, formatter);
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? "" : formatter.format(date);
}

/**
 * An instant as text in the user's time zone (spec: time zone from the preferences), the
 * same text the PDF and CSV print for the same choices (core/domain/datetime.ts).
 */
export function DateTimeText({
  value,
  time = true,
  seconds = false,
  zone = false,
}: {
  value: string | number | Date;
  time?: boolean;
  seconds?: boolean;
  /** Followed by the zone's short name ("GMT+1"), where the instant is a record's (a signature's time). */
  zone?: boolean;
}) {
  const { timeZone, locale } = useInstantFormat();
  const iso = new Date(value).toISOString();
  const text = time ? formatInstant(value, { timeZone, locale, seconds }) : formatDayIn(value, timeZone, locale);
  const zoneText = zone ? ` ${timeZoneAbbreviation(timeZone, new Date(value), locale)}` : "";
  return (
    <time dateTime={iso}>
      {text}
      {zoneText}
    </time>
  );
}

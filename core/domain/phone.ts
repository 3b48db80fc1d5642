import { type CountryCode, getCountries, parsePhoneNumberFromString } from "libphonenumber-js";

/**
 * Phone numbers are a sign-in method, looked up by equality: stored and compared only
 * in E.164 (+496955501001), whatever spacing or national form was typed, and shown in
 * the international format (+49 69 55501001). Shared by the server (which decides) and
 * the dashboard (which converts national numbers with the browser's country).
 */

const COUNTRIES = new Set<string>(getCountries());

/**
 * The country a national number ("069 5550 1001") is read in: the region of the
 * browser's language (de-DE -> DE). Without one, only international numbers are read.
 */
function countryOfLocale(locale: string | undefined): CountryCode | undefined {
  if (!locale) return undefined;
  try {
    const region = new Intl.Locale(locale).maximize().region;
    return region && COUNTRIES.has(region) ? (region as CountryCode) : undefined;
  } catch {
    return undefined;
  }
}

/** The E.164 form of a typed number, or null when it is not a valid number. */
export function toE164(raw: string, defaultCountry?: CountryCode): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}

export function phoneNumberError(raw: string, defaultCountry?: CountryCode): string | null {
  return toE164(raw, defaultCountry) === null ? "Phone number is invalid" : null;
}

/** The international format for display; a stored value that does not parse is shown as it is. */
export function formatPhone(stored: string | null | undefined): string {
  if (!stored) return "";
  const parsed = parsePhoneNumberFromString(stored);
  return parsed?.isValid() ? parsed.formatInternational() : stored;
}

/**
 * What a phone field sends: E.164 when the number parses, national numbers read in the
 * country of `locale`; otherwise the text as typed, for the server to reject per field.
 */
export function phoneToSend(raw: string, locale: string | undefined): string {
  return toE164(raw, countryOfLocale(locale)) ?? raw.trim();
}

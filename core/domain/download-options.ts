import { canonicalTimeZone, isKnownLocale, isKnownTimeZone } from "./datetime";
import { TEMPERATURE_UNITS, type TemperatureUnit } from "./units";

/**
 * The options of a label report download (the stored "downloadReport" preferences):
 * their names, allowed values, defaults and validation. The download dialog offers
 * exactly these and the server's export endpoint
 * (GET /api/label-reports/:id/export?fileType=…&pageSize=…&timeZone=…&locale=…&temperatureUnit=…&includeDataTable=…)
 * validates with the same function, so both sides agree on what is allowed.
 */

const FILE_TYPES = ["pdf", "csv"] as const;
export type FileType = (typeof FILE_TYPES)[number];

const PAGE_SIZES = ["a4", "letter"] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/**
 * none: no data table; minimal: only the readings inside an excursion (any unit);
 * full: every reading of the evaluation window. Affects the PDF only: a CSV always has every reading.
 */
const DATA_TABLE_CHOICES = ["none", "minimal", "full"] as const;
type DataTableChoice = (typeof DATA_TABLE_CHOICES)[number];

/**
 * What the export endpoint takes. `timeZone` is already resolved: an IANA zone name or
 * "UTC" (the preference's "system" and "utc" are turned into one by the dialog,
 * with resolveTimeZone of src/providers/stores/preferences.ts).
 */
export interface DownloadOptions {
  fileType: FileType;
  pageSize: PageSize;
  timeZone: string;
  locale: string;
  temperatureUnit: TemperatureUnit;
  includeDataTable: DataTableChoice;
}

export type DownloadOptionName = keyof DownloadOptions;

export const DOWNLOAD_OPTION_NAMES: readonly DownloadOptionName[] = [
  "fileType",
  "pageSize",
  "timeZone",
  "locale",
  "temperatureUnit",
  "includeDataTable",
];

/** The spec's download preferences: a4, pdf, UTC, en-US, celsius, minimal. */
export const DEFAULT_DOWNLOAD_OPTIONS: DownloadOptions = {
  fileType: "pdf",
  pageSize: "a4",
  timeZone: "UTC",
  locale: "en-US",
  temperatureUnit: "celsius",
  includeDataTable: "minimal",
};

/** The allowed values of the closed options (time zone and locale are open: checked with Intl). */
export const DOWNLOAD_OPTION_VALUES = {
  fileType: FILE_TYPES,
  pageSize: PAGE_SIZES,
  temperatureUnit: TEMPERATURE_UNITS,
  includeDataTable: DATA_TABLE_CHOICES,
} as const;

/** Human labels of the choices, for the dialog and for the options printed in the files. */
export const DOWNLOAD_OPTION_LABELS = {
  fileType: { pdf: "PDF", csv: "CSV" },
  pageSize: { a4: "A4", letter: "Letter" },
  temperatureUnit: { celsius: "Celsius (°C)", fahrenheit: "Fahrenheit (°F)" },
  includeDataTable: { none: "None", minimal: "Minimal (excursions only)", full: "Full (every reading)" },
} as const;

/**
 * "Include audit trail" (`includeAuditTrail=true`): the PDF ends with the report's audit
 * trail. A choice of one download, off unless asked for, and not a stored preference: a
 * trail names people, and it goes into a file only when someone means it to.
 */
export const INCLUDE_AUDIT_TRAIL = "includeAuditTrail";

/** The option's value: true, false (also when left out), or null for anything else. */
export function parseIncludeAuditTrail(value: string | undefined): boolean | null {
  if (value === undefined || value === "" || value === "false") return false;
  return value === "true" ? true : null;
}

export const MEDIA_TYPES: Record<FileType, string> = {
  pdf: "application/pdf",
  csv: "text/csv; charset=utf-8",
};

interface DownloadOptionError {
  id: DownloadOptionName;
  error: string;
}

export type DownloadOptionsResult =
  | { ok: true; options: DownloadOptions }
  | { ok: false; errors: DownloadOptionError[] };

function oneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

/**
 * Checks every option at once (one message per bad field) and fills in the defaults of
 * the missing ones. Zone names are returned in their canonical spelling ("europe/berlin"
 * is accepted as "Europe/Berlin"); anything Intl does not know is refused, including
 * the preference values "system" and "utc"'s misspellings: the caller resolves those first.
 */
export function parseDownloadOptions(input: Partial<Record<string, string | undefined>>): DownloadOptionsResult {
  const errors: DownloadOptionError[] = [];
  const options: DownloadOptions = { ...DEFAULT_DOWNLOAD_OPTIONS };
  const present = (name: DownloadOptionName): string | undefined => {
    const value = input[name];
    return value === undefined || value === "" ? undefined : value;
  };

  for (const name of ["fileType", "pageSize", "temperatureUnit", "includeDataTable"] as const) {
    const value = present(name);
    if (value === undefined) continue;
    const allowed: readonly string[] = DOWNLOAD_OPTION_VALUES[name];
    if (oneOf(allowed, value)) (options as unknown as Record<string, string>)[name] = value;
    else errors.push({ id: name, error: `must be one of ${allowed.join(", ")}` });
  }

  const timeZone = present("timeZone");
  if (timeZone !== undefined) {
    // Stored and compared in the runtime's spelling ("europe/berlin", "Etc/UTC" are Europe/Berlin, UTC).
    if (timeZone.length <= 64 && isKnownTimeZone(timeZone)) options.timeZone = canonicalTimeZone(timeZone);
    else errors.push({ id: "timeZone", error: "must be an IANA time zone name (Europe/Berlin) or UTC" });
  }

  const locale = present("locale");
  if (locale !== undefined) {
    if (locale.length <= 35 && isKnownLocale(locale)) options.locale = locale;
    else errors.push({ id: "locale", error: "must be a supported BCP 47 locale (en-US, de-DE…)" });
  }

  return errors.length ? { ok: false, errors } : { ok: true, options };
}

import {
  DOWNLOAD_OPTION_LABELS,
  DOWNLOAD_OPTION_NAMES,
  DOWNLOAD_OPTION_VALUES,
  type DownloadOptions,
  INCLUDE_AUDIT_TRAIL,
} from "@core/domain/download-options";
import { effectiveTemperatureUnit, type TemperatureUnit } from "@core/domain/units";
import type { DownloadReportPreferences, PreferencesData } from "@/providers/stores/preferences";
import { resolveTimeZone } from "@/providers/stores/preferences";

/**
 * The download dialog's choices (the stored download preferences) and the export
 * URL they make. The values and labels are the export endpoint's own
 * (core/domain/download-options.ts); only the locales offered are the dialog's choice.
 */

type ClosedOption = keyof typeof DOWNLOAD_OPTION_VALUES;

function choices<N extends ClosedOption>(name: N) {
  const labels: Record<string, string> = DOWNLOAD_OPTION_LABELS[name];
  return DOWNLOAD_OPTION_VALUES[name].map((value) => ({ value, label: labels[value] ?? value }));
}

export const PAGE_SIZE_OPTIONS = choices("pageSize");
export const FILE_TYPE_OPTIONS = choices("fileType");
export const TEMPERATURE_UNIT_OPTIONS = choices("temperatureUnit");
export const DATA_TABLE_OPTIONS = choices("includeDataTable");

export { LOCALE_OPTIONS } from "@core/domain/locales";

/**
 * What the dialog offers: the spec's download defaults, overridden by the screen's zone,
 * locale and temperature unit where the person chose them (the unit: the company's for a
 * member without their own), and by what was chosen in the dialog itself.
 */
export function dialogChoices(
  prefs: Pick<PreferencesData, "downloadReport" | "fahrenheit" | "downloadChosen" | "timeZone" | "locale">,
  companyUnit?: TemperatureUnit | null,
): DownloadReportPreferences {
  const chosen = prefs.downloadChosen ?? {};
  const stored = prefs.downloadReport;
  return {
    ...stored,
    // "system" is also the profile's unchosen default: it leaves the spec's UTC (or a zone chosen in the dialog).
    timeZone: chosen.timeZone || prefs.timeZone === "system" ? stored.timeZone : prefs.timeZone,
    locale: chosen.locale ? stored.locale : prefs.locale,
    temperatureUnit: chosen.temperatureUnit
      ? stored.temperatureUnit
      : effectiveTemperatureUnit(prefs.fahrenheit, companyUnit),
  };
}

/**
 * The export path and query for a report and the chosen preferences ("system" resolved to
 * the device's zone); `includeAuditTrail` (a PDF's, this download's only) is sent when chosen.
 */
export function exportPath(
  reportId: string,
  prefs: DownloadReportPreferences,
  deviceZone?: string,
  includeAuditTrail = false,
): string {
  const options: DownloadOptions = { ...prefs, timeZone: resolveTimeZone(prefs.timeZone, deviceZone) };
  const query = new URLSearchParams(DOWNLOAD_OPTION_NAMES.map((name) => [name, options[name]]));
  if (includeAuditTrail && options.fileType === "pdf") query.set(INCLUDE_AUDIT_TRAIL, "true");
  return `label-reports/${encodeURIComponent(reportId)}/export?${query.toString()}`;
}

/** The file name from Content-Disposition, else one made from the label. */
export function downloadFileName(contentDisposition: string | null, labelId: string, fileType: "pdf" | "csv"): string {
  const match = contentDisposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  if (match?.[1]) return decodeURIComponent(match[1]);
  return `label-report-${labelId.replace(/[^A-Za-z0-9_-]/g, "_")}.${fileType}`;
}

import type { DownloadReportPreferences } from "@/providers/stores/preferences";
import { resolveTimeZone } from "@/providers/stores/preferences";

/**
 * The download dialog's choices (spec section 3, download preferences) and the export
 * URL they make. Kept here until src/domain/download-options.ts (the export endpoint's
 * own list) is merged; then these lists come from there.
 */

export const PAGE_SIZE_OPTIONS = [
  { value: "a4", label: "A4" },
  { value: "letter", label: "Letter" },
] as const;

export const FILE_TYPE_OPTIONS = [
  { value: "pdf", label: "PDF" },
  { value: "csv", label: "CSV" },
] as const;

export const TEMPERATURE_UNIT_OPTIONS = [
  { value: "celsius", label: "Celsius (°C)" },
  { value: "fahrenheit", label: "Fahrenheit (°F)" },
] as const;

export const DATA_TABLE_OPTIONS = [
  { value: "none", label: "None" },
  { value: "minimal", label: "Minimal (excursions only)" },
  { value: "full", label: "Full (every reading)" },
] as const;

export const LOCALE_OPTIONS = [
  { value: "en-US", label: "English (United States)" },
  { value: "en-GB", label: "English (United Kingdom)" },
  { value: "de-DE", label: "German (Germany)" },
  { value: "fr-FR", label: "French (France)" },
  { value: "es-ES", label: "Spanish (Spain)" },
  { value: "nl-NL", label: "Dutch (Netherlands)" },
  { value: "pt-PT", label: "Portuguese (Portugal)" },
  { value: "ja-JP", label: "Japanese (Japan)" },
  { value: "zh-CN", label: "Chinese (China)" },
] as const;

/** The export path and query for a report and the chosen preferences ("system" resolved to the device's zone). */
export function exportPath(reportId: string, prefs: DownloadReportPreferences, deviceZone?: string): string {
  const query = new URLSearchParams({
    fileType: prefs.fileType,
    pageSize: prefs.pageSize,
    timeZone: resolveTimeZone(prefs.timeZone, deviceZone),
    locale: prefs.locale,
    temperatureUnit: prefs.temperatureUnit,
    includeDataTable: prefs.includeDataTable,
  });
  return `label-reports/${encodeURIComponent(reportId)}/export?${query.toString()}`;
}

/** The file name from Content-Disposition, else one made from the label. */
export function downloadFileName(contentDisposition: string | null, labelId: string, fileType: "pdf" | "csv"): string {
  const match = contentDisposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  if (match?.[1]) return decodeURIComponent(match[1]);
  return `label-report-${labelId.replace(/[^A-Za-z0-9_-]/g, "_")}.${fileType}`;
}

import type { FileType } from "../../../core/domain/download-options";

/**
 * The download's file name, "label-report-<labelId>-<YYYY-MM-DD>.<ext>" (the date is the
 * generation day in the chosen time zone), and the Content-Disposition header carrying it.
 * A label id may hold anything a label maker printed, so the plain `filename` gets a
 * conservative ASCII form (quotes, backslashes, slashes, control characters and
 * non-ASCII become "_") and the exact name goes in RFC 5987's `filename*` (UTF-8,
 * percent-encoded): no label id can break out of the header or name a path.
 */

export function downloadFileName(labelId: string, generatedAt: Date, timeZone: string, fileType: FileType): string {
  return `label-report-${labelId}-${isoDateIn(generatedAt, timeZone)}.${fileType}`;
}

/** YYYY-MM-DD of an instant in a zone. */
function isoDateIn(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
    .formatToParts(at)
    .reduce<Record<string, string>>((acc, p) => {
      acc[p.type] = p.value;
      return acc;
    }, {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export function asciiFileName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^\.+/, "_");
  return safe.slice(0, 200) || "download";
}

/** RFC 5987 value characters: everything else is percent-encoded from UTF-8. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function contentDisposition(name: string): string {
  const ascii = asciiFileName(name);
  if (ascii === name) return `attachment; filename="${name}"`;
  try {
    return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
  } catch {
    // A lone surrogate cannot be UTF-8 encoded: the ASCII name alone will do.
    return `attachment; filename="${ascii}"`;
  }
}

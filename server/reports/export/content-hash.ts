import { createHash } from "node:crypto";

/**
 * The record of a label report and its content hash: the SHA-256 printed in the footer of a
 * downloaded report, sent as X-Content-SHA256 with the PDF and the CSV, answered as
 * `contentHash` on the report, and the hash of the record document that
 * `GET /api/label-reports/{id}/record` answers byte for byte. It fingerprints the report's
 * CONTENT, not a file's bytes: the same for every render, for PDF and CSV, for every display
 * option, and it changes when a reading, the rule, the trim window or the standing
 * disposition changes. docs/record-format.md specifies the document for a partner's own
 * verifier; in short:
 *
 *   sha256( utf8( canonicalJson(document) ) ), written as 64 lowercase hex digits, where
 *
 *   document = {
 *     "format": "coldchain-label-report-content/2",
 *     "reportId": "<uuid>", "labelId": "<label id>",
 *     "preset": { temperatureEnabled, temperatureMin, temperatureMax, humidityEnabled, humidityMin,
 *                 humidityMax, shockEnabled, shockThresholdG, alarmDelayMinutes, alarmType,
 *                 intervalMinutes, batteryWarningLevel,
 *                 temperatureBands?, humidityBands? },               (°C, %RH, g, minutes, %)
 *     "window": { "start": ISO 8601 | null, "end": ISO 8601 | null }, (the trim window as stored)
 *     "readings": [ [ISO 8601 UTC time, °C | null, %RH | null, battery % | null], … ],
 *     "shockEvents": [ [ISO 8601 UTC time, g], … ],
 *     "recordFields": { "<field key>": text | number, … },
 *     "disposition": { value, meaning, comment, signedBy: { id, name }, signedAt }
 *   }
 *
 * "temperatureBands" / "humidityBands" (a unit's own limit bands: side, limit, delayMinutes,
 * delayType, severity) are absent while the rule sets none, so such a record hashes as before.
 * "recordFields" holds the values of the custom fields marked part of the record (a batch, a
 * product; dates as YYYY-MM-DD), by key; the key is absent while the report has none, so a
 * record without such fields hashes as it did before they existed.
 * "disposition" is the signed QA disposition that stands (signedAt as ISO 8601 UTC), and the
 * key is absent while none does. The signer is named by id and printed name, not e-mail: the
 * record is also handed to partners through share links. Format 1 (before the record could
 * be downloaded) had the signer's e-mail too.
 *
 * readings and shockEvents are those inside the evaluation window (bounds included), in
 * time order; times are `Date.toISOString()` (milliseconds, "Z"); numbers are the stored
 * values written as JavaScript writes them (shortest round-trip form, as in the CSV's
 * Celsius columns); canonical JSON = no whitespace, object keys sorted by UTF-16 code
 * units, strings escaped as JSON.stringify does.
 */

export const CONTENT_FORMAT = "coldchain-label-report-content/2";

export type CanonicalValue =
  | null
  | boolean
  | number
  | string
  | readonly CanonicalValue[]
  | { readonly [key: string]: CanonicalValue | undefined };

/** Writes the canonical JSON of `value` in pieces to `sink` (so large documents never sit in one string). */
function writeCanonicalJson(value: CanonicalValue, sink: (chunk: string) => void): void {
  if (value === null || typeof value === "boolean" || typeof value === "string") {
    sink(JSON.stringify(value));
  } else if (typeof value === "number") {
    // JSON has no NaN or Infinity: a value that cannot be written is refused, never written as null silently.
    if (!Number.isFinite(value)) throw new RangeError(`cannot hash the number ${value}`);
    sink(JSON.stringify(value));
  } else if (Array.isArray(value)) {
    sink("[");
    value.forEach((item: CanonicalValue, i: number) => {
      if (i > 0) sink(",");
      writeCanonicalJson(item, sink);
    });
    sink("]");
  } else {
    const record = value as { readonly [key: string]: CanonicalValue | undefined };
    // Absent (undefined) keys are left out, as JSON.stringify does; sort() compares UTF-16 code units.
    const keys = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort();
    sink("{");
    keys.forEach((key, i) => {
      if (i > 0) sink(",");
      sink(JSON.stringify(key));
      sink(":");
      writeCanonicalJson(record[key] as CanonicalValue, sink);
    });
    sink("}");
  }
}

export function canonicalJson(value: CanonicalValue): string {
  const parts: string[] = [];
  writeCanonicalJson(value, (chunk) => parts.push(chunk));
  return parts.join("");
}

/** SHA-256 (lowercase hex) of the canonical JSON, fed to the hash in 64 KB pieces. */
export function sha256OfCanonicalJson(value: CanonicalValue): string {
  const hash = createHash("sha256");
  let buffer = "";
  writeCanonicalJson(value, (chunk) => {
    buffer += chunk;
    if (buffer.length >= 65_536) {
      hash.update(buffer, "utf8");
      buffer = "";
    }
  });
  hash.update(buffer, "utf8");
  return hash.digest("hex");
}

export interface HashedReading {
  /** Epoch ms. */
  t: number;
  temperature: number | null;
  humidity: number | null;
  battery: number | null;
}

export interface ContentToHash {
  reportId: string;
  labelId: string;
  preset: { readonly [key: string]: CanonicalValue };
  window: { start: string | null; end: string | null };
  readings: readonly HashedReading[];
  shockEvents: readonly { t: number; magnitudeG: number }[];
  /** Values of the fields that are part of the record, by key (core/domain/record-fields.ts). */
  recordFields?: { readonly [key: string]: string | number };
  disposition?: {
    value: string;
    meaning: string;
    comment: string;
    signedBy: { id: string; name: string };
    signedAt: string;
  } | null;
}

/** The signature's part of the record: exactly these keys, whatever else the API says of it. */
function dispositionDocument(d: NonNullable<ContentToHash["disposition"]>): CanonicalValue {
  const { id, name } = d.signedBy;
  return {
    value: d.value,
    meaning: d.meaning,
    comment: d.comment,
    signedBy: { id, name },
    signedAt: d.signedAt,
  };
}

function contentDocument(content: ContentToHash): CanonicalValue {
  const iso = (t: number) => new Date(t).toISOString();
  return {
    format: CONTENT_FORMAT,
    reportId: content.reportId,
    labelId: content.labelId,
    preset: content.preset,
    window: content.window,
    readings: content.readings.map((r) => [iso(r.t), r.temperature, r.humidity, r.battery]),
    shockEvents: content.shockEvents.map((e) => [iso(e.t), e.magnitudeG]),
    ...(content.recordFields && Object.keys(content.recordFields).length > 0
      ? { recordFields: content.recordFields }
      : {}),
    ...(content.disposition ? { disposition: dispositionDocument(content.disposition) } : {}),
  };
}

export function contentHash(content: ContentToHash): string {
  return sha256OfCanonicalJson(contentDocument(content));
}

/** The record document itself, byte for byte what contentHash hashes (its UTF-8). */
export function recordDocumentText(content: ContentToHash): string {
  return canonicalJson(contentDocument(content));
}

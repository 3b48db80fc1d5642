import type { EpcisCaptureError, EpcisIgnored } from "../../core/api/epcis-capture-job";
import type { FieldError } from "../../core/api/error-answer";
import {
  EARLIEST_READING_MS,
  MAX_CLOCK_SKEW_MS,
  MAX_READING_ERRORS,
  MAX_READINGS_PER_REQUEST,
  parseTime,
  READING_RANGES,
  type Reading,
  type ReadingChannel,
} from "../../core/domain/readings";
import { FirstEntries } from "./first-entries";

/**
 * GS1 EPCIS 2.0 documents (JSON / JSON-LD, REST binding) turned into label readings
 * (docs/api.md, EPCIS capture). Pure: the capture job (epcis-capture.ts)
 * stores what this returns through the same path as POST /api/readings.
 *
 * - Every event's `sensorElementList` gives readings; events of other kinds or without
 *   sensor data are accepted and give nothing.
 * - A reading's time: the sensorReport's `time`, else its element's `sensorMetadata.time`,
 *   else the event's `eventTime` (offsets kept: they name an instant).
 * - Its label: the report's `deviceID`, else `sensorMetadata.deviceID`, else the event's
 *   only `epcList` entry; see labelIdOf for how an identifier becomes a label id.
 * - Mapped CBV measurement types: Temperature (CEL, FAH, KEL -> °C), RelativeHumidity
 *   (P1, percent) and Acceleration (MTS2 or K40 -> g, its magnitude, as a shock). The
 *   CBV has no battery type. Every other type (AbsoluteHumidity, Speed, Illuminance,
 *   extension types such as `example:Temperature` ...) is none of our channels: listed
 *   as ignored, never stored as something else.
 * - A label's readings are stored all or nothing: one bad reading (time, unit, range)
 *   makes an error of its event, and the label's other events are not stored either.
 * - A document is bounded whatever it holds: at most MAX_READINGS_PER_REQUEST readings
 *   (as POST /api/readings), identifiers of at most MAX_IDENTIFIER_LENGTH characters
 *   (never repeated into the answer longer than that), the first MAX_LISTED errors and
 *   ignored reports listed with a count of all; parsing and mapping run on a worker
 *   thread (epcis-parser-pool.ts), storing one label at a time (epcis-capture.ts).
 */

/** The most events one capture may carry; a gateway with more sends several documents. */
export const MAX_EPCIS_EVENTS = 10_000;

/**
 * The most sensor reports one document may carry, counted before anything is read:
 * room for every channel of the document's 10,000 readings, several acceleration axes
 * and some types that are none of our channels.
 */
export const MAX_SENSOR_REPORTS = 5 * MAX_READINGS_PER_REQUEST;

/** The longest eventID, deviceID, epcList entry or sensor type taken: a longer one is an error naming its place. */
export const MAX_IDENTIFIER_LENGTH = 200;

/** Errors and ignored reports listed in a capture job: the first ones by event, and a count of all. */
export const MAX_LISTED = MAX_READING_ERRORS;

export type { EpcisCaptureError, EpcisIgnored };

/** One label's readings of a document, and which event each reading came from. */
export interface LabelBatch {
  labelId: string;
  readings: Reading[];
  /** eventIndexes[i] is the event of readings[i]. */
  eventIndexes: number[];
  /** Every event that contributed to this label. */
  events: number[];
}

export interface EpcisMapping {
  batches: LabelBatch[];
  /** The first MAX_LISTED ignored reports by event; ignoredCount counts them all. */
  ignored: EpcisIgnored[];
  ignoredCount: number;
  /** The first MAX_LISTED errors by event; errorCount counts them all. */
  errors: EpcisCaptureError[];
  errorCount: number;
  /**
   * True when the document holds more than MAX_READINGS_PER_REQUEST readings (distinct
   * label and time): mapping stopped there, and nothing of it may be stored.
   */
  tooManyReadings: boolean;
}

/** Where the types of the GS1 vocabulary may be written in full (JSON-LD with or without the context). */
const GS1_VOCABULARY = ["gs1:", "https://gs1.org/voc/", "http://gs1.org/voc/"];

type Conversion = (value: number) => number;

/** Conversions of each mapped type by UN/CEFACT unit code (the uoms the CBV names). */
const MAPPED_TYPES: Record<string, { channel: ReadingChannel; units: Record<string, Conversion> }> = {
  Temperature: {
    channel: "temperature",
    units: { CEL: (v) => v, FAH: (v) => ((v - 32) * 5) / 9, KEL: (v) => v - 273.15 },
  },
  RelativeHumidity: { channel: "humidity", units: { P1: (v) => v } },
  // A shock is how hard the parcel was hit: the magnitude, whatever the axis or sign.
  Acceleration: {
    channel: "shock",
    units: { MTS2: (v) => Math.abs(v) / 9.80665, K40: (v) => Math.abs(v) },
  },
};

/** Label ids as POST /api/label-reports takes them. */
const LABEL_ID = /^[A-Za-z0-9_-]{1,64}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The document's shape, checked before anything is accepted: what is not an EPCIS
 * document at all is a 400 naming the field; a wrong value inside an event is that
 * event's error in the capture job instead.
 */
export function eventsOfDocument(body: unknown): { events: Record<string, unknown>[]; problems: FieldError[] } {
  const problems: FieldError[] = [];
  if (!isRecord(body)) return { events: [], problems: [{ id: "body", error: "must be an EPCISDocument object" }] };
  if (body.type !== "EPCISDocument") problems.push({ id: "type", error: "must be EPCISDocument" });
  const eventList = isRecord(body.epcisBody) ? body.epcisBody.eventList : undefined;
  if (!Array.isArray(eventList)) {
    problems.push({ id: "epcisBody.eventList", error: "must be a list of events" });
    return { events: [], problems };
  }
  if (eventList.length > MAX_EPCIS_EVENTS) {
    problems.push({ id: "epcisBody.eventList", error: `must have at most ${MAX_EPCIS_EVENTS} events` });
    return { events: [], problems };
  }
  let reports = 0;
  eventList.forEach((event, index) => {
    if (!isRecord(event) || typeof event.type !== "string") {
      if (problems.length < MAX_LISTED)
        problems.push({ id: `epcisBody.eventList.${index}`, error: "must be an event with a type" });
      return;
    }
    if (!Array.isArray(event.sensorElementList)) return;
    for (const element of event.sensorElementList)
      if (isRecord(element) && Array.isArray(element.sensorReport)) reports += element.sensorReport.length;
  });
  if (reports > MAX_SENSOR_REPORTS)
    problems.push({
      id: "epcisBody.eventList",
      error: `must carry at most ${MAX_SENSOR_REPORTS.toLocaleString("en-US")} sensor reports (it carries ${reports.toLocaleString("en-US")}); send them in several documents`,
    });
  return { events: problems.length ? [] : (eventList as Record<string, unknown>[]), problems };
}

/**
 * The label id an EPCIS identifier names (docs/api.md, EPCIS capture):
 * - an EPC URN (`urn:epc:id:giai:4000001.LBL-5FC6DC`): what follows the company prefix
 *   (`LBL-5FC6DC`);
 * - any other URN or plain id: its last `:` segment;
 * - a GS1 Digital Link or other URL (`https://id.gs1.org/8004/4000001LBL-5FC6DC`): its
 *   last path segment whole (`4000001LBL-5FC6DC`), because where the company prefix
 *   ends cannot be told from the string; such labels are registered under that id.
 * Null when the result is not a label id.
 */
export function labelIdOf(identifier: string): string | null {
  let id: string;
  if (/^https?:\/\//i.test(identifier)) {
    let path: string;
    try {
      path = new URL(identifier).pathname;
    } catch {
      return null;
    }
    const segment = path.split("/").filter(Boolean).pop() ?? "";
    try {
      id = decodeURIComponent(segment);
    } catch {
      return null;
    }
  } else {
    const last = identifier.split(":").pop() ?? "";
    const epc = /^urn:epc:id:[a-z]+:/i.test(identifier);
    id = epc && last.includes(".") ? last.slice(last.indexOf(".") + 1) : last;
  }
  return LABEL_ID.test(id) ? id : null;
}

/** The CBV type name of a report's `type` (`Temperature`, `gs1:Temperature`, EPCIS drafts' `gs1:MT-Temperature`), or null when it is not the GS1 vocabulary's. */
function cbvType(type: string): string | null {
  const prefix = GS1_VOCABULARY.find((p) => type.startsWith(p));
  if (prefix === undefined && type.includes(":")) return null; // an extension (example:Temperature) is not the CBV's
  const name = prefix === undefined ? type : type.slice(prefix.length);
  return name.startsWith("MT-") ? name.slice(3) : name;
}

/** A mapped type by CBV name; own keys only, so `constructor` or `__proto__` is no type. */
function mappedType(name: string | null) {
  return name !== null && Object.hasOwn(MAPPED_TYPES, name) ? MAPPED_TYPES[name] : undefined;
}

/** A unit's conversion of a mapped type; own keys only, as above. */
function conversionOf(units: Record<string, Conversion>, uom: unknown): Conversion | undefined {
  return typeof uom === "string" && Object.hasOwn(units, uom) ? units[uom] : undefined;
}

/** A value's length is checked before it is used or repeated anywhere. */
function tooLong(value: string): boolean {
  return value.length > MAX_IDENTIFIER_LENGTH;
}

/** Rounds away float noise of the conversions (5 °C in KEL is 278.15 - 273.15 = 4.999…). */
function tidy(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

interface Pending {
  reading: Reading;
  eventIndex: number;
}

type ReportOutcome =
  | { kind: "skip"; reason: string }
  | { kind: "fail"; title: string; label?: string }
  | { kind: "reading"; label: string; t: number; channel: ReadingChannel; value: number };

interface ReportContext {
  /** Where the sensor element is, e.g. `sensorElementList.0`. */
  at: string;
  metadata: Record<string, unknown>;
  epcList: unknown[];
  eventTime: unknown;
  now: number;
}

/** The identifier naming a report's label, and where it was found (for an error's title). */
function deviceOf(report: Record<string, unknown>, path: string, context: ReportContext) {
  const { metadata, epcList, at } = context;
  if (typeof report.deviceID === "string") return { device: report.deviceID, where: `${path}.deviceID` };
  if (typeof metadata.deviceID === "string")
    return { device: metadata.deviceID, where: `${at}.sensorMetadata.deviceID` };
  if (epcList.length === 1 && typeof epcList[0] === "string") return { device: epcList[0], where: "epcList.0" };
  return undefined;
}

/** What one sensorReport gives: a value of a label at a time, nothing (and why), or an error. */
function readReport(report: Record<string, unknown>, path: string, context: ReportContext): ReportOutcome {
  const { metadata, epcList, eventTime, now } = context;
  const fail = (title: string, label?: string): ReportOutcome => ({ kind: "fail", title, label });
  if (typeof report.type !== "string") return { kind: "skip", reason: "no measurement type" };
  const sensorType = report.type;
  if (tooLong(sensorType)) return fail(`${path}.type: must be at most ${MAX_IDENTIFIER_LENGTH} characters`);
  const mapped = mappedType(cbvType(sensorType));
  if (mapped === undefined)
    return { kind: "skip", reason: "not a channel of these labels (temperature, humidity, shock)" };
  if (report.exception === "ERROR_CONDITION") return { kind: "skip", reason: "the sensor reported an error condition" };
  if (report.value === undefined || report.value === null)
    return { kind: "skip", reason: "no value (statistics such as minValue or meanValue are not readings)" };

  const found = deviceOf(report, path, context);
  if (found === undefined)
    return fail(
      `${path}: no sensorMetadata.deviceID and ${epcList.length ? "several" : "no"} epcList entries: which label measured is unknown`,
    );
  const { device, where } = found;
  if (tooLong(device)) return fail(`${where}: must be at most ${MAX_IDENTIFIER_LENGTH} characters`);
  const label = labelIdOf(device);
  if (label === null) return fail(`${where}: "${device}" does not name a label id (letters, digits, - and _)`);

  const t = parseTime(report.time ?? metadata.time ?? eventTime);
  if (typeof t === "string") return fail(`${path}.time: ${t}`, label);
  if (t > now + MAX_CLOCK_SKEW_MS) return fail(`${path}.time: is in the future`, label);
  if (t < EARLIEST_READING_MS) return fail(`${path}.time: is before 2000 (is the label's clock set?)`, label);

  const convert = conversionOf(mapped.units, report.uom);
  if (convert === undefined)
    return fail(`${path}.uom: ${sensorType} must be in ${Object.keys(mapped.units).join(", ")}`, label);
  if (typeof report.value !== "number" || !Number.isFinite(report.value))
    return fail(`${path}.value: must be a number`, label);
  const value = tidy(convert(report.value));
  const { min, max, unit } = READING_RANGES[mapped.channel];
  if (value < min || value > max)
    return fail(`${path}.value: ${value} ${unit} is outside ${min}…${max} ${unit}`, label);
  return { kind: "reading", label, t, channel: mapped.channel, value };
}

/** "3", "3, 7" or "3, 7, 9, 12, 15 and 40 more": a title names a few events, never thousands. */
function someEvents(indexes: readonly number[]): string {
  const shown = indexes.slice(0, 5).join(", ");
  return indexes.length > 5 ? `${shown} and ${indexes.length - 5} more` : shown;
}

/**
 * The readings, errors and ignored reports of a document's events. Synchronous: the
 * server runs it on the EPCIS worker thread (epcis-parser-pool.ts), never on its own.
 */
export function mapEpcisEvents(events: readonly Record<string, unknown>[], now: number): EpcisMapping {
  const ignored = new FirstEntries<EpcisIgnored>(MAX_LISTED);
  const errors = new FirstEntries<EpcisCaptureError>(MAX_LISTED);
  // label -> time -> reading: reports of one label at one time make one reading.
  const byLabel = new Map<string, Map<number, Pending>>();
  const eventsOfLabel = new Map<string, Set<number>>();
  const rejectedLabels = new Map<string, Set<number>>();
  let readings = 0;
  const eventIdAt = (index: number): string | undefined => {
    const id = events[index]?.eventID;
    return typeof id === "string" && !tooLong(id) ? id : undefined;
  };
  const finished = (tooManyReadings: boolean): EpcisMapping => ({
    batches: tooManyReadings ? [] : batches(),
    ignored: ignored.list(),
    ignoredCount: ignored.count,
    errors: errors.list(),
    errorCount: errors.count,
    tooManyReadings,
  });

  for (const [eventIndex, event] of events.entries()) {
    const eventID = eventIdAt(eventIndex);
    const ids = eventID === undefined ? { eventIndex } : { eventIndex, eventID };
    const fail = (title: string, label?: string) => {
      errors.push({ ...ids, type: "ValidationException", title });
      if (label !== undefined) rejectedLabels.set(label, (rejectedLabels.get(label) ?? new Set()).add(eventIndex));
    };
    // An event whose id cannot be repeated is not read: each of its errors would carry it.
    if (typeof event.eventID === "string" && eventID === undefined) {
      fail(`eventID: must be at most ${MAX_IDENTIFIER_LENGTH} characters`);
      continue;
    }
    const elements = event.sensorElementList;
    if (elements === undefined || elements === null) continue;
    if (!Array.isArray(elements)) {
      fail("sensorElementList: must be a list");
      continue;
    }
    const epcList = Array.isArray(event.epcList) ? event.epcList : [];

    for (const [e, element] of elements.entries()) {
      const at = `sensorElementList.${e}`;
      if (!isRecord(element) || !Array.isArray(element.sensorReport)) {
        fail(`${at}: must be a sensor element with a sensorReport list`);
        continue;
      }
      const metadata = isRecord(element.sensorMetadata) ? element.sensorMetadata : {};
      const context: ReportContext = { at, metadata, epcList, eventTime: event.eventTime, now };

      for (const [r, report] of (element.sensorReport as unknown[]).entries()) {
        const path = `${at}.sensorReport.${r}`;
        const outcome: ReportOutcome = isRecord(report)
          ? readReport(report, path, context)
          : { kind: "fail", title: `${path}: must be a sensor report` };
        if (outcome.kind === "skip") {
          const sensorType = isRecord(report) && typeof report.type === "string" ? report.type : undefined;
          ignored.push({ ...ids, path, ...(sensorType === undefined ? {} : { sensorType }), reason: outcome.reason });
          continue;
        }
        const label = outcome.label;
        if (label !== undefined) eventsOfLabel.set(label, (eventsOfLabel.get(label) ?? new Set()).add(eventIndex));
        if (outcome.kind === "fail") {
          fail(outcome.title, label);
          continue;
        }
        const times = byLabel.get(outcome.label) ?? new Map<number, Pending>();
        byLabel.set(outcome.label, times);
        let pending = times.get(outcome.t);
        if (pending === undefined) {
          // The cap of POST /api/readings, over the whole document: nothing more is read.
          if (++readings > MAX_READINGS_PER_REQUEST) return finished(true);
          pending = {
            reading: { t: outcome.t, temperature: null, humidity: null, shock: null, battery: null },
            eventIndex,
          };
          times.set(outcome.t, pending);
        }
        const current = pending.reading[outcome.channel];
        // Several axes of one acceleration sensor: the hardest hit is the shock.
        if (current === null || (outcome.channel === "shock" && outcome.value > current))
          pending.reading[outcome.channel] = outcome.value;
      }
    }
  }
  return finished(false);

  function batches(): LabelBatch[] {
    const result: LabelBatch[] = [];
    for (const [labelId, contributing] of eventsOfLabel) {
      const rejected = rejectedLabels.get(labelId);
      if (rejected) {
        const bad = someEvents([...rejected].sort((a, b) => a - b));
        const title = `Not stored: label ${labelId}'s readings are stored all or nothing, and event ${bad} has an error`;
        for (const eventIndex of contributing) {
          if (rejected.has(eventIndex)) continue;
          const eventID = eventIdAt(eventIndex);
          errors.push({
            eventIndex,
            ...(eventID === undefined ? {} : { eventID }),
            type: "ValidationException",
            title,
          });
        }
        continue;
      }
      const pending = [...(byLabel.get(labelId)?.values() ?? [])];
      if (pending.length === 0) continue;
      result.push({
        labelId,
        readings: pending.map((p) => p.reading),
        eventIndexes: pending.map((p) => p.eventIndex),
        events: [...contributing],
      });
    }
    return result;
  }
}

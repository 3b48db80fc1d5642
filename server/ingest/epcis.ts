import {
  EARLIEST_READING_MS,
  MAX_CLOCK_SKEW_MS,
  parseTime,
  READING_RANGES,
  type Reading,
  type ReadingChannel,
} from "../../src/domain/readings";
import type { FieldError } from "../errors";

/**
 * GS1 EPCIS 2.0 documents (JSON / JSON-LD, REST binding) turned into label readings
 * (issue #18 section 3, README: EPCIS capture). Pure: the capture job (epcis-capture.ts)
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
 */

/** The most events one capture may carry; a gateway with more sends several documents. */
export const MAX_EPCIS_EVENTS = 10_000;

/** EPCIS exception names (EPCIS 2.0 section 12, REST binding problem types). */
export type EpcisExceptionType = "ValidationException" | "ImplementationException";

export interface EpcisCaptureError {
  /** The event's place in `epcisBody.eventList`. */
  eventIndex: number;
  eventID?: string;
  type: EpcisExceptionType;
  title: string;
}

/** A sensor report we do not store, and why. */
export interface EpcisIgnored {
  eventIndex: number;
  eventID?: string;
  /** Where in the event, e.g. `sensorElementList.0.sensorReport.2`. */
  path: string;
  /** The report's measurement type as sent (`AbsoluteHumidity`, `example:Speed`), if any. */
  sensorType?: string;
  reason: string;
}

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
  ignored: EpcisIgnored[];
  errors: EpcisCaptureError[];
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
  eventList.forEach((event, index) => {
    if (!isRecord(event) || typeof event.type !== "string")
      if (problems.length < 100)
        problems.push({ id: `epcisBody.eventList.${index}`, error: "must be an event with a type" });
  });
  return { events: problems.length ? [] : (eventList as Record<string, unknown>[]), problems };
}

/**
 * The label id an EPCIS identifier names (README: EPCIS capture):
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

/** What one sensorReport gives: a value of a label at a time, nothing (and why), or an error. */
function readReport(
  report: Record<string, unknown>,
  path: string,
  context: { metadata: Record<string, unknown>; epcList: unknown[]; eventTime: unknown; now: number },
): ReportOutcome {
  const { metadata, epcList, eventTime, now } = context;
  const fail = (title: string, label?: string): ReportOutcome => ({ kind: "fail", title, label });
  if (typeof report.type !== "string") return { kind: "skip", reason: "no measurement type" };
  const sensorType = report.type;
  const name = cbvType(sensorType);
  const mapped = name === null ? undefined : MAPPED_TYPES[name];
  if (mapped === undefined)
    return { kind: "skip", reason: "not a channel of these labels (temperature, humidity, shock)" };
  if (report.exception === "ERROR_CONDITION") return { kind: "skip", reason: "the sensor reported an error condition" };
  if (report.value === undefined || report.value === null)
    return { kind: "skip", reason: "no value (statistics such as minValue or meanValue are not readings)" };

  const device =
    typeof report.deviceID === "string"
      ? report.deviceID
      : typeof metadata.deviceID === "string"
        ? metadata.deviceID
        : epcList.length === 1 && typeof epcList[0] === "string"
          ? epcList[0]
          : undefined;
  if (device === undefined)
    return fail(
      `${path}: no sensorMetadata.deviceID and ${epcList.length ? "several" : "no"} epcList entries: which label measured is unknown`,
    );
  const label = labelIdOf(device);
  if (label === null) return fail(`${path}: "${device}" does not name a label id (letters, digits, - and _)`);

  const t = parseTime(report.time ?? metadata.time ?? eventTime);
  if (typeof t === "string") return fail(`${path}.time: ${t}`, label);
  if (t > now + MAX_CLOCK_SKEW_MS) return fail(`${path}.time: is in the future`, label);
  if (t < EARLIEST_READING_MS) return fail(`${path}.time: is before 2000 (is the label's clock set?)`, label);

  const convert = mapped.units[typeof report.uom === "string" ? report.uom : ""];
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

export function mapEpcisEvents(events: readonly Record<string, unknown>[], now: number): EpcisMapping {
  const ignored: EpcisIgnored[] = [];
  const errors: EpcisCaptureError[] = [];
  // label -> time -> reading: reports of one label at one time make one reading.
  const byLabel = new Map<string, Map<number, Pending>>();
  const eventsOfLabel = new Map<string, Set<number>>();
  const rejectedLabels = new Map<string, number[]>();

  for (const [eventIndex, event] of events.entries()) {
    const eventID = typeof event.eventID === "string" ? event.eventID : undefined;
    const ids = eventID === undefined ? { eventIndex } : { eventIndex, eventID };
    const fail = (title: string, label?: string) => {
      errors.push({ ...ids, type: "ValidationException", title });
      if (label !== undefined) rejectedLabels.set(label, [...(rejectedLabels.get(label) ?? []), eventIndex]);
    };
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
      const context = { metadata, epcList, eventTime: event.eventTime, now };

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
        const pending = times.get(outcome.t) ?? {
          reading: { t: outcome.t, temperature: null, humidity: null, shock: null, battery: null },
          eventIndex,
        };
        times.set(outcome.t, pending);
        const current = pending.reading[outcome.channel];
        // Several axes of one acceleration sensor: the hardest hit is the shock.
        if (current === null || (outcome.channel === "shock" && outcome.value > current))
          pending.reading[outcome.channel] = outcome.value;
      }
    }
  }

  const batches: LabelBatch[] = [];
  for (const [labelId, contributing] of eventsOfLabel) {
    const rejected = rejectedLabels.get(labelId);
    if (rejected) {
      const bad = [...new Set(rejected)];
      for (const eventIndex of contributing) {
        if (bad.includes(eventIndex)) continue;
        const eventID = eventIdAt(eventIndex);
        errors.push({
          eventIndex,
          ...(eventID === undefined ? {} : { eventID }),
          type: "ValidationException",
          title: `Not stored: label ${labelId}'s readings are stored all or nothing, and event ${bad.join(", ")} has an error`,
        });
      }
      continue;
    }
    const pending = [...(byLabel.get(labelId)?.values() ?? [])];
    if (pending.length === 0) continue;
    batches.push({
      labelId,
      readings: pending.map((p) => p.reading),
      eventIndexes: pending.map((p) => p.eventIndex),
      events: [...contributing],
    });
  }
  errors.sort((a, b) => a.eventIndex - b.eventIndex);
  return { batches, ignored, errors };

  function eventIdAt(index: number): string | undefined {
    const id = events[index]?.eventID;
    return typeof id === "string" ? id : undefined;
  }
}

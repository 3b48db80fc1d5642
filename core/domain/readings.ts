/**
 * Readings as labels send them: what a reading may hold and
 * the physical range of each channel. A value outside what such a label can measure is a
 * broken sensor or a garbled upload, never a reading to judge a shipment by.
 */

/** The most readings one request may carry (a label's memory in one upload). */
export const MAX_READINGS_PER_REQUEST = 10_000;

/** Physical ranges, inclusive. Shock: peak acceleration in g; 1000 g is beyond any drop a parcel survives. */
export const READING_RANGES = {
  temperature: { min: -100, max: 100, unit: "°C" },
  humidity: { min: 0, max: 100, unit: "%RH" },
  shock: { min: 0, max: 1000, unit: "g" },
  battery: { min: 0, max: 100, unit: "%" },
} as const;

export type ReadingChannel = keyof typeof READING_RANGES;
const READING_CHANNELS = Object.keys(READING_RANGES) as ReadingChannel[];

/**
 * The smallest magnitude a PostgreSQL `real` (float4) holds as a normal number. A value
 * closer to zero (1e-46) underflows there, which was a 500; no label measures such a
 * thing (they report a few decimals), so it is stored as 0 rather than refused: the
 * reading is in range, only its noise is beyond the column.
 */
const FLOAT4_MIN_NORMAL = 1.1754943508222875e-38;

/** A reading may be at most this far in the future (label and gateway clocks drift a little). */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;
/** Nothing was recorded before this: an earlier time is an unset label clock. */
export const EARLIEST_READING_MS = Date.parse("2000-01-01T00:00:00Z");

/** At most this many problems are named in one answer; the rest would only make it longer. */
export const MAX_READING_ERRORS = 100;

export interface Reading {
  /** Epoch milliseconds. */
  t: number;
  temperature: number | null;
  humidity: number | null;
  shock: number | null;
  battery: number | null;
}

export interface ReadingProblem {
  id: string;
  error: string;
}

// ISO-8601 date and time with seconds and an explicit offset (Z or ±hh:mm): a time without
// an offset would be read in the server's zone, which no label means.
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

const FIELDS = new Set<string>(["time", ...READING_CHANNELS]);

/**
 * Checks every reading of a batch and names each problem by its place (`readings.3.time`,
 * `readings.7.temperature`); the readings come back only when there is none, so a batch is
 * written whole or not at all.
 */
export function parseReadings(
  input: readonly unknown[],
  now: number,
): { readings: Reading[]; problems: ReadingProblem[] } {
  const problems: ReadingProblem[] = [];
  const readings: Reading[] = [];
  const problem = (id: string, error: string) => {
    if (problems.length < MAX_READING_ERRORS) problems.push({ id, error });
  };
  input.forEach((item, index) => {
    const at = `readings.${index}`;
    if (typeof item !== "object" || item === null || Array.isArray(item)) {
      problem(at, "must be an object with a time and at least one value");
      return;
    }
    const record = item as Record<string, unknown>;
    for (const key of Object.keys(record)) if (!FIELDS.has(key)) problem(`${at}.${key}`, "Unknown field");
    const t = parseTime(record.time);
    if (typeof t === "string") problem(`${at}.time`, t);
    else if (t > now + MAX_CLOCK_SKEW_MS) problem(`${at}.time`, "is in the future");
    else if (t < EARLIEST_READING_MS) problem(`${at}.time`, "is before 2000 (is the label's clock set?)");
    const values: Partial<Record<ReadingChannel, number | null>> = {};
    let present = 0;
    for (const channel of READING_CHANNELS) {
      const value = record[channel];
      if (value === undefined || value === null) {
        values[channel] = null;
        continue;
      }
      const { min, max, unit } = READING_RANGES[channel];
      if (typeof value !== "number" || !Number.isFinite(value)) problem(`${at}.${channel}`, "must be a number");
      else if (value < min || value > max) problem(`${at}.${channel}`, `must be between ${min} and ${max} ${unit}`);
      else {
        values[channel] = Math.abs(value) < FLOAT4_MIN_NORMAL ? 0 : value;
        present++;
      }
    }
    if (present === 0 && READING_CHANNELS.every((c) => record[c] === undefined || record[c] === null))
      problem(at, "needs at least one of temperature, humidity, shock, battery");
    if (typeof t === "number")
      readings.push({
        t,
        temperature: values.temperature ?? null,
        humidity: values.humidity ?? null,
        shock: values.shock ?? null,
        battery: values.battery ?? null,
      });
  });
  return problems.length ? { readings: [], problems } : { readings, problems };
}

/** An ISO-8601 time with an offset as epoch milliseconds, or why it is not one. */
export function parseTime(value: unknown): number | string {
  if (typeof value !== "string") return value === undefined ? "Enter a value" : "must be a date-time";
  if (!ISO_TIME.test(value)) return "must be an ISO-8601 date-time with a time zone, e.g. 2026-11-24T08:00:00Z";
  const t = Date.parse(value);
  // Date.parse rolls 31 February over into March; a label never means that.
  const [year, month, day] = value.slice(0, 10).split("-").map(Number) as [number, number, number];
  const real = new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
  return Number.isNaN(t) || !real ? "is not a real date and time" : t;
}

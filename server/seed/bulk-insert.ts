import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema";
import type { ReportRow } from "./reports";
import type { Series } from "./series";

/**
 * Fast inserts for generated data, the same on PGlite and PostgreSQL: one statement per
 * batch that unpacks array parameters (`unnest`) or a JSON array (`jsonb_to_recordset`).
 *
 * The arrays are passed as array literals built here ('{1,2,NULL}') rather than as JS
 * arrays, so both drivers bind exactly the same text. Measurements travel as integers
 * (epoch seconds, hundredths) because PGlite parses integer arrays several times
 * faster than timestamp or float text; the SQL turns them back into timestamptz and real.
 */

type Executor = Kysely<Database>;

/** About this many measurement rows per statement. */
export const MEASUREMENT_BATCH_ROWS = 20_000;
/** At most this many reports per statement, for reports with few readings: keeps the JSON parameter a few MB. */
export const REPORT_BATCH_ROWS = 2_000;

function intArrayLiteral(values: readonly (number | null)[]): string {
  let out = "{";
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ",";
    out += v === null || v === undefined ? "NULL" : String(Math.trunc(v));
  }
  return `${out}}`;
}

/** Elements are double-quoted with backslash escapes, so any text is safe. */
function textArrayLiteral(values: readonly (string | null)[]): string {
  const items = values.map((v) => (v === null ? "NULL" : `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`));
  return `{${items.join(",")}}`;
}

/**
 * Inside a seeding transaction, skip the per-row foreign-key triggers: the rows are
 * generated parent-first, and the checks cost more than the inserts themselves (4x on
 * PGlite). Only a superuser may do this (PGlite always is; a managed PostgreSQL user
 * usually is not), so it is tried only then. Returns whether the checks are off.
 */
export async function skipForeignKeyChecks(trx: Executor): Promise<boolean> {
  const { rows } = await sql<{ superuser: string }>`select current_setting('is_superuser') as superuser`.execute(trx);
  if (rows[0]?.superuser !== "on") return false;
  await sql`set local session_replication_role = replica`.execute(trx);
  return true;
}

const REPORT_COLUMNS = [
  ["id", "id", "uuid"],
  ["companyId", "company_id", "uuid"],
  ["presetId", "preset_id", "uuid"],
  ["labelId", "label_id", "text"],
  ["reference", "reference", "text"],
  ["status", "status", "text"],
  ["origin", "origin", "text"],
  ["destination", "destination", "text"],
  ["transportMode", "transport_mode", "text"],
  ["isArchived", "is_archived", "boolean"],
  ["created", "created", "timestamptz"],
  ["startTime", "start_time", "timestamptz"],
  ["endTime", "end_time", "timestamptz"],
  ["intervalMinutes", "interval_minutes", "integer"],
  ["trimStart", "trim_start", "timestamptz"],
  ["trimEnd", "trim_end", "timestamptz"],
  ["readingCount", "reading_count", "integer"],
  ["temperatureViolation", "temperature_violation", "boolean"],
  ["humidityViolation", "humidity_violation", "boolean"],
  ["shockViolation", "shock_violation", "boolean"],
  ["batteryLow", "battery_low", "boolean"],
  ["dataIncomplete", "data_incomplete", "boolean"],
  ["worstSeverity", "worst_severity", "text"],
  ["summaryMaths", "summary_maths", "integer"],
  ["summary", "summary", "jsonb"],
  ["customFields", "custom_fields", "jsonb"],
  ["rule", "rule", "jsonb"],
  ["presetVersion", "preset_version", "integer"],
  ["lastReadingAt", "last_reading_at", "timestamptz"],
] as const satisfies readonly (readonly [keyof ReportRow, string, string])[];

const REPORT_TARGET = sql.raw(REPORT_COLUMNS.map(([, column]) => column).join(", "));
const REPORT_SOURCE = sql.raw(REPORT_COLUMNS.map(([key]) => `"${key}"`).join(", "));
const REPORT_RECORD = sql.raw(REPORT_COLUMNS.map(([key, , type]) => `"${key}" ${type}`).join(", "));

/**
 * Reports in one statement. jsonb_to_recordset rather than a dozen unnest arrays: the
 * rows carry two JSON documents each, which would need escaping inside array literals.
 */
export async function insertReportRows(trx: Executor, rows: readonly ReportRow[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    insert into label_reports (${REPORT_TARGET})
    select ${REPORT_SOURCE} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${REPORT_RECORD})
  `.execute(trx);
}

/** Measurements of several reports, gathered until a batch is full. */
export class MeasurementBatch {
  readonly reportIds: string[] = [];
  readonly index: number[] = [];
  readonly seconds: number[] = [];
  readonly temperature: (number | null)[] = [];
  readonly humidity: (number | null)[] = [];
  readonly battery: (number | null)[] = [];
  readonly shocks: { index: number; ms: number; magnitudeG: number }[] = [];

  get size(): number {
    return this.seconds.length;
  }

  add(reportId: string, series: Series): void {
    this.reportIds.push(reportId);
    // 1-based: PostgreSQL arrays start at 1.
    const index = this.reportIds.length;
    for (let i = 0; i < series.seconds.length; i++) {
      this.index.push(index);
      this.seconds.push(series.seconds[i] ?? 0);
      this.temperature.push(series.temperature[i] ?? null);
      this.humidity.push(series.humidity[i] ?? null);
      this.battery.push(series.battery[i] ?? null);
    }
    for (const shock of series.shocks) this.shocks.push({ index, ...shock });
  }
}

export async function insertMeasurementBatch(trx: Executor, batch: MeasurementBatch): Promise<void> {
  const ids = textArrayLiteral(batch.reportIds);
  if (batch.size > 0) {
    await sql`
      insert into measurements (report_id, t, temperature, humidity, battery)
      select (${ids}::uuid[])[i], to_timestamp(s), te::real / 100, hu::real / 100, ba::real / 100
      from unnest(
        ${intArrayLiteral(batch.index)}::int4[],
        ${intArrayLiteral(batch.seconds)}::int8[],
        ${intArrayLiteral(batch.temperature)}::int4[],
        ${intArrayLiteral(batch.humidity)}::int4[],
        ${intArrayLiteral(batch.battery)}::int4[]
      ) as u(i, s, te, hu, ba)
    `.execute(trx);
  }
  if (batch.shocks.length > 0) {
    await sql`
      insert into shock_events (report_id, t, magnitude_g)
      select (${ids}::uuid[])[i], to_timestamp(ms / 1000.0), g::real / 10
      from unnest(
        ${intArrayLiteral(batch.shocks.map((s) => s.index))}::int4[],
        ${intArrayLiteral(batch.shocks.map((s) => s.ms))}::int8[],
        ${intArrayLiteral(batch.shocks.map((s) => Math.round(s.magnitudeG * 10)))}::int4[]
      ) as u(i, ms, g)
    `.execute(trx);
  }
}

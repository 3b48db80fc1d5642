import { sql } from "kysely";
import type { AlarmUnit } from "../../core/domain/alarms";
import type { BandUnit } from "../../core/domain/limit-bands";
import type { BandSummary } from "../../core/domain/report-summary";
import type { Db } from "../db/index";

/** What of a report can raise an alert, read before and after a change to compare. */
export interface AlertState {
  status: string;
  endTime: string | null;
  alarms: Record<AlarmUnit, { violation: boolean; triggeredAt: string | null; excursionStart: string | null }>;
  /** A unit's own limit bands as its summary lists them (null: none, its alarm is the unit's). */
  bands: Record<BandUnit, BandSummary[] | null>;
  batteryLow: boolean;
  batteryLevel: number | null;
  batteryWarningLevel: number | null;
  lastReadingAt: string | null;
}

// Literals, not parameters: an untyped parameter after -> could mean a key or an index.
const field = (unit: string, key: string) => sql<string | null>`summary -> ${sql.lit(unit)} ->> ${sql.lit(key)}`;

/** The label_reports columns an AlertState is made of (alertStateOf), to select with others in one query. */
export const ALERT_STATE_COLUMNS = [
  "status",
  "endTime",
  "temperatureViolation",
  "humidityViolation",
  "shockViolation",
  "batteryLow",
  field("temperature", "firstTriggered").as("temperatureAt"),
  field("temperature", "triggeringExcursionStart").as("temperatureStart"),
  field("humidity", "firstTriggered").as("humidityAt"),
  field("humidity", "triggeringExcursionStart").as("humidityStart"),
  // At most three bands per side: a few small objects, never the summary's growing parts.
  sql<unknown>`summary -> 'temperature' -> 'bands'`.as("temperatureBands"),
  sql<unknown>`summary -> 'humidity' -> 'bands'`.as("humidityBands"),
  field("battery", "level").as("batteryLevel"),
  sql<string | null>`rule ->> 'batteryWarningLevel'`.as("batteryWarningLevel"),
  "lastReadingAt",
] as const;

export interface AlertStateRow {
  status: string;
  endTime: Date | string | null;
  temperatureViolation: boolean;
  humidityViolation: boolean;
  shockViolation: boolean;
  batteryLow: boolean;
  temperatureAt: string | null;
  temperatureStart: string | null;
  humidityAt: string | null;
  humidityStart: string | null;
  temperatureBands: unknown;
  humidityBands: unknown;
  batteryLevel: string | null;
  batteryWarningLevel: string | null;
  lastReadingAt: Date | string | null;
}

/**
 * A few of the report's verdict columns and summary fields (not the whole summary, whose
 * gaps list grows with the report), inside the caller's transaction.
 */
export async function readAlertState(db: Db, reportId: string): Promise<AlertState> {
  const row = await db
    .selectFrom("labelReports")
    .select(ALERT_STATE_COLUMNS)
    .where("id", "=", reportId)
    .executeTakeFirstOrThrow();
  return alertStateOf(row);
}

/** A summary's bands as the database answers them (parsed JSON, or its text). */
function bandsOf(value: unknown): BandSummary[] | null {
  const parsed = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? (parsed as BandSummary[]) : null;
}

export function alertStateOf(row: AlertStateRow): AlertState {
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    status: row.status,
    endTime: iso(row.endTime),
    alarms: {
      temperature: {
        violation: row.temperatureViolation,
        triggeredAt: row.temperatureAt,
        excursionStart: row.temperatureStart,
      },
      humidity: { violation: row.humidityViolation, triggeredAt: row.humidityAt, excursionStart: row.humidityStart },
      shock: { violation: row.shockViolation, triggeredAt: null, excursionStart: null },
    },
    bands: { temperature: bandsOf(row.temperatureBands), humidity: bandsOf(row.humidityBands) },
    batteryLow: row.batteryLow,
    batteryLevel: row.batteryLevel === null ? null : Number(row.batteryLevel),
    batteryWarningLevel: row.batteryWarningLevel === null ? null : Number(row.batteryWarningLevel),
    lastReadingAt: iso(row.lastReadingAt),
  };
}

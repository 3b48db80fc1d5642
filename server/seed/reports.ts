import { type ReportRule, ruleOfPreset } from "../../core/domain/report-rule";
import { type PresetThresholds, summariseReport, violationColumns } from "../../core/domain/report-summary";
import type { LabelStatus, TransportMode } from "../../core/domain/resources";
import { SUMMARY_MATHS_VERSION } from "../reports/summary";
import type { SeedCustomField } from "./companies";
import { chance, hex, int, mulberry32, pick, type Rng, range, seedFrom, weighted } from "./prng";
import { generateSeries, planSeries, type Series } from "./series";

/**
 * One synthetic label report: its row (status, times, lane, custom fields), its
 * readings and its summary, computed with the same domain code the API uses.
 */

/** The demo's "now": data is anchored here, not to the clock, so every run is the same. */
export const ANCHOR_MS = Date.UTC(2026, 10, 1);
export const YEAR_START_MS = Date.UTC(2026, 0, 1);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface PresetRef extends PresetThresholds {
  id: string;
  name: string;
  startDelayMinutes: number;
  /** The preset's version the reports keep (1 when absent: a freshly seeded preset). */
  version?: number;
  weight: number;
}

export interface CompanyRef {
  id: string;
  name: string;
  presets: PresetRef[];
  customFields: SeedCustomField[];
  lanes: [string, string][];
}

export interface ReportShape {
  /** Exactly this many readings per report (before gaps); otherwise from minDays..maxDays. */
  pointsPerReport?: number;
  minDays: number;
  maxDays: number;
}

/** The label_reports columns, in the shape jsonb_to_recordset reads (see bulk-insert.ts). */
export interface ReportRow {
  id: string;
  companyId: string;
  presetId: string;
  labelId: string;
  reference: string;
  status: LabelStatus;
  origin: string;
  destination: string;
  transportMode: TransportMode;
  isArchived: boolean;
  created: string;
  startTime: string | null;
  endTime: string | null;
  intervalMinutes: number;
  trimStart: string | null;
  trimEnd: string | null;
  readingCount: number;
  temperatureViolation: boolean;
  humidityViolation: boolean;
  shockViolation: boolean;
  batteryLow: boolean;
  dataIncomplete: boolean;
  worstSeverity: "warning" | "alarm" | "critical" | null;
  summaryMaths: number;
  summary: unknown;
  customFields: Record<string, string | number>;
  rule: ReportRule;
  presetVersion: number;
  /** The latest reading's time, as ingestion keeps it (null: no reading stored). */
  lastReadingAt: string | null;
}

export interface PlannedReport {
  row: ReportRow;
  series: Series | null;
}

const LONG_HAUL = new Set(["New York", "Singapore", "Boston", "Tokyo"]);

function transportFor(rng: Rng, origin: string, destination: string): TransportMode {
  if (LONG_HAUL.has(origin) || LONG_HAUL.has(destination))
    return weighted(rng, [
      ["plane", 3],
      ["boat", 1],
    ]);
  return weighted(rng, [
    ["truck", 8],
    ["train", 1],
    ["plane", 1],
  ]);
}

/** "LBL-4F2A91": six hex digits, unique within `taken`. */
function newLabelId(rng: Rng, taken: Set<string>): string {
  for (let attempt = 0; ; attempt++) {
    // Past a few misses the space is crowded (millions of reports): two more digits.
    const id = `LBL-${hex(rng, attempt < 8 ? 6 : 8).toUpperCase()}`;
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

function customFieldValues(rng: Rng, fields: readonly SeedCustomField[]) {
  const values: Record<string, string | number> = {};
  if (!chance(rng, 0.85)) return values;
  for (const field of fields) {
    if (field.type === "select" && field.options?.length) values[field.key] = pick(rng, field.options);
    else if (field.type === "number") values[field.key] = int(rng, 20, 2500) * 100;
    else if (field.type === "text") values[field.key] = `B26-${String(int(rng, 1, 99999)).padStart(5, "0")}`;
  }
  return values;
}

const iso = (ms: number) => new Date(ms).toISOString();
const fromHundredths = (value: number | null | undefined) => (value == null ? null : value / 100);

export function planReport(
  rng: Rng,
  id: string,
  company: CompanyRef,
  takenLabelIds: Set<string>,
  shape: ReportShape,
): PlannedReport {
  const preset = weighted(
    rng,
    company.presets.filter((p) => p.weight > 0).map((p) => [p, p.weight] as const),
  );
  const interval = preset.intervalMinutes;
  const intervalMs = interval * MINUTE;
  const status = weighted<LabelStatus>(rng, [
    ["ended", 78],
    ["recording", 10],
    ["stopped", 7],
    ["notStarted", 5],
  ]);
  // pointsPerReport 0 (bulk loads of reports only): the times are planned as usual, no readings stored.
  const withReadings = shape.pointsPerReport !== 0;
  const plannedPoints =
    shape.pointsPerReport || Math.max(2, Math.floor((range(rng, shape.minDays, shape.maxDays) * DAY) / intervalMs));
  // A report cannot run longer than the demo year (huge --points in the CLI).
  const points = Math.min(plannedPoints, Math.floor((ANCHOR_MS - YEAR_START_MS - 2 * DAY) / intervalMs));
  const durationMs = (points - 1) * intervalMs;

  let startMs: number | null = null;
  let endMs: number | null = null;
  let taken = 0; // readings actually recorded
  if (status === "recording") {
    taken = Math.max(1, Math.floor(points * range(rng, 0.1, 0.95)));
    startMs = ANCHOR_MS - taken * intervalMs;
    // Half the running labels know their planned end (in the future), half do not.
    endMs = chance(rng, 0.5) ? startMs + durationMs : null;
  } else if (status === "ended" || status === "stopped") {
    startMs = range(rng, YEAR_START_MS + DAY, ANCHOR_MS - durationMs - HOUR);
    taken = status === "ended" ? points : Math.max(1, Math.floor(points * range(rng, 0.2, 0.8)));
  }
  if (startMs !== null) startMs = Math.floor(startMs / MINUTE) * MINUTE;
  if (startMs !== null && status !== "recording") endMs = startMs + (taken - 1) * intervalMs;
  // A third of the ended labels fell silent days before they were ended at their planned end
  // (Incomplete data). Drawn from a generator of the report's own, so every other figure of
  // the demo stays what it was.
  const silence = mulberry32(seedFrom(`silent-label:${id}`));
  if (status === "ended" && endMs !== null && silence.next() < 1 / 3)
    endMs = Math.min(ANCHOR_MS - HOUR, endMs + (1 + Math.floor(silence.next() * 23)) * DAY);
  const createdMs = Math.max(
    YEAR_START_MS,
    startMs === null ? ANCHOR_MS - range(rng, HOUR, 21 * DAY) : startMs - range(rng, 10 * MINUTE, 2 * DAY),
  );

  let series: Series | null = null;
  let trimStart: number | null = null;
  if (startMs !== null && taken > 0 && withReadings) {
    const plan = planSeries(rng, taken, startMs, preset);
    // A few ended reports start with a warm probe that an administrator trimmed away.
    if (status === "ended" && taken > 50 && chance(rng, 0.06)) {
      plan.warmReadings = int(rng, 3, 8);
      trimStart = startMs + plan.warmReadings * intervalMs;
    }
    series = generateSeries(rng, preset, plan);
  }

  const readings = series
    ? series.seconds.map((s, i) => ({
        t: s * 1000,
        temperature: fromHundredths(series.temperature[i]),
        humidity: fromHundredths(series.humidity[i]),
        battery: fromHundredths(series.battery[i]),
      }))
    : [];
  const summary = summariseReport({
    preset,
    readings,
    shockEvents: series?.shocks.map((s) => ({ t: s.ms, magnitudeG: s.magnitudeG })) ?? [],
    status,
    window: trimStart === null ? null : { start: trimStart, end: null },
    endTime: status === "ended" || status === "stopped" ? endMs : null,
  });

  const [from, to] = pick(rng, company.lanes);
  const [origin, destination] = chance(rng, 0.3) ? [to, from] : [from, to];
  const labelId = newLabelId(rng, takenLabelIds);
  return {
    series,
    row: {
      id,
      companyId: company.id,
      presetId: preset.id,
      labelId,
      reference: `PO-2026-${String(int(rng, 1, 99999)).padStart(5, "0")}`,
      status,
      origin,
      destination,
      transportMode: transportFor(rng, origin, destination),
      isArchived: (status === "ended" || status === "stopped") && chance(rng, 0.12),
      created: iso(createdMs),
      startTime: startMs === null ? null : iso(startMs),
      endTime: endMs === null ? null : iso(endMs),
      intervalMinutes: interval,
      trimStart: trimStart === null ? null : iso(trimStart),
      trimEnd: null,
      readingCount: readings.length,
      ...violationColumns(summary),
      summaryMaths: SUMMARY_MATHS_VERSION,
      summary,
      customFields: customFieldValues(rng, company.customFields),
      rule: ruleOfPreset(preset, preset.version ?? 1),
      presetVersion: preset.version ?? 1,
      // A loop, not Math.max(...): a report of the CLI's huge --points would overflow the stack.
      lastReadingAt: readings.length ? iso(readings.reduce((last, r) => Math.max(last, r.t), 0)) : null,
    },
  };
}

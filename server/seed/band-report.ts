import type { Kysely } from "kysely";
import { PRESET_DEFAULTS } from "../../core/domain/label-preset";
import type { LimitBand } from "../../core/domain/limit-bands";
import { ruleOfPreset } from "../../core/domain/report-rule";
import { summariseReport, violationColumns } from "../../core/domain/report-summary";
import { insertAlarmsOf } from "../db/alarms";
import type { Database } from "../db/schema";
import { SUMMARY_MATHS_VERSION } from "../reports/summary";
import { insertMeasurementBatch, insertReportRows, MeasurementBatch } from "./bulk-insert";
import { demoAdministrator, mainCustomerId } from "./main-customer";
import { mulberry32, seedFrom, uuid } from "./prng";
import { YEAR_START_MS } from "./reports";
import type { Series } from "./series";

/**
 * The demo's report judged by limit bands: a preset of the main customer
 * with three temperature bands, and one ended report of it whose readings reach each of
 * them, with an open alarm per band reached. Seeded after everything else, with ids of
 * its own, so every other demo row stays what it was.
 */

export const BAND_DEMO_LABEL_ID = "LBL-BA4D5E";
const BAND_DEMO_PRESET_NAME = "Biologics 2–8 °C with limit bands";

const BANDS: LimitBand[] = [
  { side: "above", limit: 8, delayMinutes: 30, delayType: "single", severity: "warning" },
  { side: "above", limit: 8, delayMinutes: 60, delayType: "cumulative", severity: "alarm" },
  { side: "above", limit: 15, delayMinutes: 0, delayType: "single", severity: "critical" },
  { side: "below", limit: 2, delayMinutes: 15, delayType: "single", severity: "warning" },
];

const PRESET = {
  ...PRESET_DEFAULTS,
  name: BAND_DEMO_PRESET_NAME,
  description: "Warning above 8 °C after 30 min, alarm after 60 min in all, critical above 15 °C at once.",
  intervalMinutes: 10,
  temperatureBands: BANDS,
};

const MINUTE = 60_000;
const START_MS = Date.UTC(2026, 9, 20, 6, 0);
const POINTS = 289; // two days every 10 minutes

/** °C of reading i: 4–6 °C, with 50 min at 9 °C (warning), 40 min at 10.5 °C (alarm in all) and 20 min at 16.2 °C (critical). */
function temperatureAt(i: number): number {
  if (i >= 60 && i < 65) return 9;
  if (i >= 150 && i < 154) return 10.5;
  if (i >= 200 && i < 202) return 16.2;
  return Math.round((5 + Math.sin(i / 12)) * 10) / 10;
}

export async function seedBandReport(trx: Kysely<Database>): Promise<number> {
  const companyId = await mainCustomerId(trx);
  if (!companyId) return 0;
  const author = await demoAdministrator(trx);
  const rng = mulberry32(seedFrom("band-report"));
  const presetId = uuid(rng);
  const reportId = uuid(rng);
  const created = new Date(START_MS - 2 * 86_400_000).toISOString();
  // A day before the other demo presets: the newest preset stays what it was (tests register labels with it).
  const presetCreated = new Date(YEAR_START_MS - 91 * 86_400_000).toISOString();
  const { name, description, ...settings } = PRESET;
  await trx
    .insertInto("labelPresets")
    .values({
      id: presetId,
      companyId,
      name,
      slug: "biologics-2-8-c-with-limit-bands",
      description,
      ...settings,
      // jsonb, written as JSON text as the presets API writes it (a driver would write a Postgres array).
      temperatureBands: JSON.stringify(BANDS) as unknown as LimitBand[],
      humidityBands: null,
      createdBy: author?.id ?? null,
      created: presetCreated,
      updated: presetCreated,
    })
    .execute();
  await trx
    .insertInto("labelPresetVersions")
    .values({
      presetId,
      companyId,
      version: 1,
      name,
      settings: JSON.stringify({ description, ...settings }),
      changedBy: author?.id ?? null,
      changedAt: presetCreated,
    })
    .execute();

  const series: Series = { seconds: [], temperature: [], humidity: [], battery: [], shocks: [] };
  for (let i = 0; i < POINTS; i++) {
    series.seconds.push((START_MS + i * 10 * MINUTE) / 1000);
    series.temperature.push(Math.round(temperatureAt(i) * 100));
    series.humidity.push(null);
    series.battery.push(9500 - Math.round((i * 700) / POINTS));
  }
  const readings = series.seconds.map((s, i) => ({
    t: s * 1000,
    temperature: temperatureAt(i),
    humidity: null,
    battery: (series.battery[i] ?? 0) / 100,
  }));
  const endMs = START_MS + (POINTS - 1) * 10 * MINUTE;
  const summary = summariseReport({
    preset: PRESET,
    readings,
    shockEvents: [],
    status: "ended",
    window: null,
    endTime: endMs,
  });
  await insertReportRows(trx, [
    {
      id: reportId,
      companyId,
      presetId,
      labelId: BAND_DEMO_LABEL_ID,
      reference: "PO-2026-45001",
      status: "ended",
      origin: "Frankfurt am Main",
      destination: "Basel",
      transportMode: "truck",
      isArchived: false,
      created,
      startTime: new Date(START_MS).toISOString(),
      endTime: new Date(endMs).toISOString(),
      intervalMinutes: PRESET.intervalMinutes,
      trimStart: null,
      trimEnd: null,
      readingCount: readings.length,
      ...violationColumns(summary),
      summaryMaths: SUMMARY_MATHS_VERSION,
      summary,
      customFields: {},
      rule: ruleOfPreset(PRESET, 1),
      presetVersion: 1,
      lastReadingAt: new Date(endMs).toISOString(),
    },
  ]);
  const batch = new MeasurementBatch();
  batch.add(reportId, series);
  await insertMeasurementBatch(trx, batch);

  // One alarm per band reached, keyed as the alert path keys them (enqueue-alerts.ts).
  const reached = (summary.temperature.bands ?? []).flatMap((band, index) =>
    band.reached && band.firstTriggered ? [{ band, index, occurredAt: band.firstTriggered }] : [],
  );
  if (reached.length === 0) return 0;
  const events = await trx
    .insertInto("alertEvents")
    .values(
      reached.map(({ band, index, occurredAt }) => ({
        reportId,
        companyId,
        kind: "excursionDetected" as const,
        key: `excursionDetected:temperature:band${index}`,
        occurredAt,
        details: JSON.stringify({
          unit: "temperature",
          side: band.side,
          bandIndex: index,
          limit: band.limit,
          delayMinutes: band.delayMinutes,
          delayType: band.delayType,
          severity: band.severity,
        }),
      })),
    )
    .returning(["id", "reportId", "companyId", "kind", "details"])
    .execute();
  await insertAlarmsOf(
    trx,
    events.map((event, i) => ({
      ...event,
      occurredAt: reached[i]?.occurredAt ?? "",
      details: (typeof event.details === "string" ? JSON.parse(event.details) : event.details) as Record<
        string,
        unknown
      >,
    })),
  );
  return reached.length;
}

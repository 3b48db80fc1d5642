import { sql } from "kysely";
import { DEFAULT_DOWNLOAD_OPTIONS, type DownloadOptions } from "../../core/domain/download-options";
import type { PresetThresholds } from "../../core/domain/report-summary";
import { buildApp } from "../../server/app";
import { loadSigningKeys } from "../../server/auth/keys";
import { mintRoleToken } from "../../server/auth/role-tokens";
import { createSession } from "../../server/auth/sessions";
import { type DatabaseHandle, openDatabase } from "../../server/db/index";
import { migrateToLatest } from "../../server/db/migrate";
import { renderPdf } from "../../server/reports/export/pdf";
import { loadChartSeries, loadReportContent } from "../../server/reports/export/report-content";
import { recomputeSummary } from "../../server/reports/summary";
import { mulberry32, seedFrom } from "../../server/seed/prng";
import { ANCHOR_MS } from "../../server/seed/reports";
import { generateSeries, type SeriesPlan } from "../../server/seed/series";
import { type Latency, ms, sample, summarise } from "./stats";

/**
 * The PDF download of the budget's shape: a 30-day report at a 5-minute interval (8,640
 * readings, temperature and humidity, excursions on both sides) with the FULL data table,
 * through GET /api/label-reports/:id/export on the real server (app.inject, no network).
 * Its own in-memory PGlite database, so it needs nothing from the other sections.
 * Figures: request time p50/p99; one request split into loading (SQL + maths + hash) and
 * rendering; memory: the process's RSS and heap growth over one request (sampled at
 * every turn of the event loop, plus before and after) and the growth of the peak RSS.
 */

const PDF_BUDGET_MS = 2000;

interface PdfSizes {
  days: number;
  intervalMinutes: number;
  warmup: number;
  runs: number;
}

const PDF_SIZES: Record<"full" | "quick", PdfSizes> = {
  full: { days: 30, intervalMinutes: 5, warmup: 2, runs: 10 },
  quick: { days: 30, intervalMinutes: 5, warmup: 1, runs: 3 },
};

export interface PdfFigures {
  readings: number;
  pages: number;
  bytes: number;
  /** Whole request, full data table. */
  latency: Latency;
  /**
   * CPU time (user + system) of the same requests: on a shared, busy machine the wall
   * time mostly measures waiting for a core; this is the work the request itself does.
   */
  cpu: Latency;
  /** Minimal data table (the default), for comparison. */
  minimalLatency: Latency;
  loadMs: number;
  renderMs: number;
  memory: { rssGrowthMB: number; heapGrowthMB: number; peakRssGrowthMB: number };
}

const PRESET: PresetThresholds = {
  temperatureEnabled: true,
  temperatureMin: 2,
  temperatureMax: 8,
  humidityEnabled: true,
  humidityMin: 30,
  humidityMax: 70,
  shockEnabled: false,
  shockThresholdG: null,
  alarmDelayMinutes: 30,
  alarmType: "single",
  intervalMinutes: 5,
  batteryWarningLevel: 20,
};

async function seedReport(handle: DatabaseHandle, sizes: PdfSizes) {
  const db = handle.db;
  const company = await db
    .insertInto("companies")
    .values({ name: "Bench Pharma", type: "customer", addresses: "[]", billing: "{}" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto("users")
    .values({ email: "bench@bench.example", featureFlags: "{}" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("userRoles")
    .values({ userId: user.id, companyId: company.id, types: ["user"] })
    .execute();
  const preset = { ...PRESET, intervalMinutes: sizes.intervalMinutes };
  const presetRow = await db
    .insertInto("labelPresets")
    .values({ companyId: company.id, name: "Pharma 2-8 °C", slug: "pharma-2-8", ...preset })
    .returning("id")
    .executeTakeFirstOrThrow();
  const points = (sizes.days * 24 * 60) / sizes.intervalMinutes;
  const startMs = ANCHOR_MS - sizes.days * 86_400_000;
  const rng = mulberry32(seedFrom(`bench:pdf:${points}`));
  const plan: SeriesPlan = {
    points,
    startMs,
    excursion: "both",
    humidityExcursion: true,
    batteryEnd: 60,
    gaps: 0,
    warmReadings: 6,
    glitches: 0,
    softShocks: 0,
    hardShocks: 0,
  };
  const series = generateSeries(rng, preset, plan);
  const report = await db
    .insertInto("labelReports")
    .values({
      companyId: company.id,
      presetId: presetRow.id,
      labelId: `LBL-PDF-${points}`,
      reference: "PO-BENCH-PDF",
      status: "ended",
      origin: "Basel",
      destination: "Oslo",
      transportMode: "truck",
      startTime: new Date(startMs),
      endTime: new Date(startMs + (points - 1) * sizes.intervalMinutes * 60_000),
      intervalMinutes: sizes.intervalMinutes,
      summary: "{}",
      customFields: "{}",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const hundredths = (v: number | null | undefined) => (v === null || v === undefined ? null : v / 100);
  const times = series.seconds.map((s) => new Date(s * 1000).toISOString());
  await sql`insert into measurements (report_id, t, temperature, humidity, battery)
    select ${report.id}::uuid, t, temp, hum, bat
    from unnest(${times}::timestamptz[], ${series.temperature.map(hundredths)}::real[],
                ${series.humidity.map(hundredths)}::real[], ${series.battery.map(hundredths)}::real[]) as x(t, temp, hum, bat)`.execute(
    db,
  );
  await recomputeSummary(db, report.id);
  return { reportId: report.id, userId: user.id, companyId: company.id, readings: series.seconds.length };
}

const MB = 1024 * 1024;

export async function measurePdf(quick: boolean, log: (line: string) => void): Promise<PdfFigures> {
  const sizes = PDF_SIZES[quick ? "quick" : "full"];
  const handle = await openDatabase({});
  try {
    await migrateToLatest(handle.db);
    const seeded = await seedReport(handle, sizes);
    log(
      `report of ${seeded.readings.toLocaleString("en-US")} readings (${sizes.days} days at ${sizes.intervalMinutes} min) seeded`,
    );
    const keys = await loadSigningKeys(handle.db);
    const app = await buildApp({ db: handle.db, keys, logger: false });
    await app.ready();
    try {
      const session = await createSession(handle.db, keys, { userId: seeded.userId });
      const token = await mintRoleToken(handle.db, keys, {
        userId: seeded.userId,
        companyId: seeded.companyId,
        sessionHandle: session.payload.sessionHandle,
      });
      const headers = { "api-key": token.secret, jwt: token.jwtToken, "x-database": "postgres" };
      const get = async (includeDataTable: string) => {
        const res = await app.inject({
          method: "GET",
          url: `/api/label-reports/${seeded.reportId}/export?includeDataTable=${includeDataTable}`,
          headers,
        });
        if (res.statusCode !== 200) throw new Error(`PDF export: HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
        return res.rawPayload;
      };

      // Memory over one request: sampled whenever the event loop turns, plus before and after.
      global.gc?.();
      const before = process.memoryUsage();
      const maxRssBefore = process.resourceUsage().maxRSS;
      let peakRss = before.rss;
      let peakHeap = before.heapUsed;
      const sampler = setInterval(() => {
        const now = process.memoryUsage();
        peakRss = Math.max(peakRss, now.rss);
        peakHeap = Math.max(peakHeap, now.heapUsed);
      }, 1);
      const body = await get("full");
      clearInterval(sampler);
      const after = process.memoryUsage();
      peakRss = Math.max(peakRss, after.rss);
      peakHeap = Math.max(peakHeap, after.heapUsed);
      const memory = {
        rssGrowthMB: (peakRss - before.rss) / MB,
        heapGrowthMB: (peakHeap - before.heapUsed) / MB,
        peakRssGrowthMB: ((process.resourceUsage().maxRSS - maxRssBefore) * 1024) / MB,
      };
      const pages = (body.toString("latin1").match(/\/Type \/Page\b/g) ?? []).length;
      log(`full data table: ${pages} pages, ${(body.length / 1024).toFixed(0)} KB`);

      // Where the time goes, on one request's worth of work.
      const options: DownloadOptions = { ...DEFAULT_DOWNLOAD_OPTIONS, includeDataTable: "full" };
      let started = performance.now();
      const content = await loadReportContent(handle.db, [seeded.companyId], seeded.reportId);
      if (!content) throw new Error("bench report not found");
      const series = await loadChartSeries(handle.db, content, 1000);
      const loadMs = performance.now() - started;
      started = performance.now();
      await renderPdf(content, series, options);
      const renderMs = performance.now() - started;
      log(`one request: load ${ms(loadMs)}, render ${ms(renderMs)}`);

      const runs = { warmup: sizes.warmup, runs: sizes.runs, maxMs: 60_000, minRuns: 3 };
      const cpuTimes: number[] = [];
      const { latency } = await sample(async () => {
        const before = process.cpuUsage();
        const body = await get("full");
        const used = process.cpuUsage(before);
        cpuTimes.push((used.user + used.system) / 1000);
        return body;
      }, runs);
      // The warm-up calls are not timed: drop their CPU times too.
      const cpu = summarise(cpuTimes.slice(cpuTimes.length - latency.runs));
      log(
        `full data table p50 ${ms(latency.p50)} / p99 ${ms(latency.p99)}; CPU p50 ${ms(cpu.p50)} / p99 ${ms(cpu.p99)}`,
      );
      const minimal = await sample(() => get("minimal"), runs);
      return {
        readings: seeded.readings,
        pages,
        bytes: body.length,
        latency,
        cpu,
        minimalLatency: minimal.latency,
        loadMs,
        renderMs,
        memory,
      };
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
  }
}

/** The rows of the bench table (budget judged on full sizes only). */
export function pdfRows(f: PdfFigures, quick: boolean) {
  const judge = (ok: boolean) => (quick ? null : ok);
  const pLatency = (l: Latency) => `p50 ${ms(l.p50)} / p99 ${ms(l.p99)}`;
  return [
    {
      id: "pdf.full",
      measure: `PDF export: ${f.readings.toLocaleString("en-US")} readings, full data table (${f.pages} pages, ${(f.bytes / 1024).toFixed(0)} KB)`,
      value: `${pLatency(f.latency)}; CPU ${pLatency(f.cpu)} (first request: load ${ms(f.loadMs)} + render ${ms(f.renderMs)})`,
      budget: `p99 ≤ ${PDF_BUDGET_MS} ms`,
      ok: judge(f.latency.p99 <= PDF_BUDGET_MS),
    },
    {
      id: "pdf.minimal",
      measure: "PDF export: same report, minimal data table",
      value: pLatency(f.minimalLatency),
      budget: "-",
      ok: null,
    },
    {
      id: "pdf.memory",
      measure: "PDF export: memory growth over one full-table request",
      value: `RSS +${f.memory.rssGrowthMB.toFixed(0)} MB, heap +${f.memory.heapGrowthMB.toFixed(0)} MB, peak RSS +${f.memory.peakRssGrowthMB.toFixed(0)} MB`,
      budget: "-",
      ok: null,
    },
  ];
}

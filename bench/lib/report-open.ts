import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Browser, BrowserContextOptions } from "@playwright/test";
import { DEMO_PASSWORD } from "../../server/seed/accounts";
import { launchChromium, signInState } from "./browser";
import { type BenchServer, startServer } from "./harness";
import type { BigReport } from "./seed";
import { percentile } from "./stats";

/**
 * Opening the big report in the browser (a report with 500,000 readings: browser time
 * to chart painted), against the naive way.
 *
 * Ours: signed in as admin@demo.example, the list searched for the big report's label,
 * a click on its row; timed from the overlay's `report-overlay-open` mark (set when the
 * overlay mounts, src/resources/label-reports/show.tsx) to the first `chart-painted` mark
 * after it (uPlot's draw hook, chart/report-chart.tsx), and from the click to that paint.
 * Every run is a new browser context (empty cache: the overlay and chart chunks load too).
 *
 * Naive: what a chart without server-side downsampling does, in the same browser: fetch
 * every reading (the rows of `select ... from measurements` as JSON, built as the API's
 * naive figure builds them), parse it, and draw the temperature series with the same
 * uPlot at the same size. Timed from the fetch to uPlot's draw hook. It draws one
 * series where ours draws a min/max band with limits and excursions: if anything that
 * flatters the naive side.
 */

interface ReportOpenRun {
  /** `report-overlay-open` -> first `chart-painted` (ms). */
  openToPaintMs: number;
  /** The click on the row -> the same paint (ms). */
  clickToPaintMs: number;
}

interface NaiveRun {
  /** Fetch start -> uPlot's draw hook (ms). */
  totalMs: number;
  fetchMs: number;
  parseMs: number;
  drawMs: number;
  points: number;
  bytes: number;
}

export interface ReportOpenFigures {
  readings: number;
  ours: { runs: ReportOpenRun[]; median: ReportOpenRun };
  naive: { runs: NaiveRun[]; median: NaiveRun };
  /** naive median total / our median open-to-paint. */
  ratio: number;
}

const CHART = "[data-testid=chart-temperature][data-chart-painted]";
/** The overlay chart's width at the bench viewport, so both sides draw the same canvas. */
const VIEWPORT = { width: 1366, height: 768 };

function median<T extends object>(runs: T[]): T {
  const keys = Object.keys(runs[0] ?? {}) as (keyof T)[];
  return Object.fromEntries(
    keys.map((k) => [
      k,
      percentile(
        runs.map((r) => r[k] as number),
        50,
      ),
    ]),
  ) as T;
}

async function openOnce(
  browser: Browser,
  baseUrl: string,
  storageState: NonNullable<BrowserContextOptions["storageState"]>,
  report: BigReport,
  labelId: string,
): Promise<ReportOpenRun & { chartWidth: number }> {
  const context = await browser.newContext({ storageState, viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/label-reports?search=${encodeURIComponent(labelId)}`);
    const link = page.locator(`.ant-table-tbody a[href*="/label-reports/${report.id}"]`).first();
    await link.waitFor({ timeout: 60_000 });
    // The click from inside the page, so its mark and the click are the same moment. A link the
    // list replaced after it was found would load the report as a new page: said, not timed.
    const clicked = await link.evaluate((a: HTMLAnchorElement) => {
      if (!a.isConnected) return false;
      performance.mark("bench-click");
      a.click();
      return true;
    });
    if (!clicked) throw new Error("the row's link was replaced between finding and clicking it");
    await page.locator(CHART).waitFor({ timeout: 60_000 });
    // The chart's element can be there a frame before its paint is marked: wait for the mark.
    await page.waitForFunction(
      () => {
        const click = performance.getEntriesByName("bench-click")[0]?.startTime ?? 0;
        return performance.getEntriesByName("chart-painted").some((m) => m.startTime >= click);
      },
      undefined,
      { timeout: 60_000 },
    );
    // No named functions inside evaluate: tsx's keepNames would wrap them in a helper the page lacks.
    return await page.evaluate(() => {
      const marks = performance.getEntriesByType("mark");
      const click = marks.find((m) => m.name === "bench-click")?.startTime ?? Number.NaN;
      const open = marks.find((m) => m.name === "report-overlay-open" && m.startTime >= click)?.startTime ?? Number.NaN;
      const painted = marks.find((m) => m.name === "chart-painted" && m.startTime >= open)?.startTime ?? Number.NaN;
      const canvas = document.querySelector<HTMLCanvasElement>("[data-testid=chart-temperature] canvas");
      return {
        openToPaintMs: painted - open,
        clickToPaintMs: painted - click,
        chartWidth: canvas?.clientWidth ?? 0,
      };
    });
  } finally {
    await context.close();
  }
}

/**
 * A bench-only origin (never part of the product): a page with uPlot's browser build and
 * the naive readings of the big report as JSON.
 */
async function serveNaive(root: string, api: BenchServer, report: BigReport): Promise<{ url: string; server: Server }> {
  const uplot = readFileSync(join(root, "node_modules/uplot/dist/uPlot.iife.min.js"));
  const css = readFileSync(join(root, "node_modules/uplot/dist/uPlot.min.css"));
  const page = `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style>
<script src="/uplot.js"></script></head><body><div id="chart"></div></body></html>`;
  const server = createServer((request, response) => {
    void (async () => {
      if (request.url === "/uplot.js") {
        response.writeHead(200, { "content-type": "text/javascript" });
        response.end(uplot);
      } else if (request.url === "/readings") {
        // What an endpoint without downsampling would answer: every reading, in time order.
        const rows = await api.db
          .selectFrom("measurements")
          .select(["t", "temperature", "humidity", "battery"])
          .where("reportId", "=", report.id)
          .orderBy("t")
          .execute();
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify(rows));
      } else {
        response.writeHead(200, { "content-type": "text/html" });
        response.end(page);
      }
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server };
}

async function naiveOnce(browser: Browser, url: string, chartWidth: number): Promise<NaiveRun> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(url);
    return await page.evaluate(async (width) => {
      type Row = { t: string; temperature: number | null };
      interface UPlotCtor {
        new (opts: object, data: (number | null)[][], el: HTMLElement): unknown;
      }
      const UPlot = (window as unknown as { uPlot: UPlotCtor }).uPlot;
      const started = performance.now();
      const response = await fetch("/readings");
      const text = await response.text();
      const fetched = performance.now();
      const rows = JSON.parse(text) as Row[];
      const xs = new Array<number>(rows.length);
      const ys = new Array<number | null>(rows.length);
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i] as Row;
        xs[i] = Date.parse(row.t) / 1000;
        ys[i] = row.temperature;
      }
      const parsed = performance.now();
      const el = document.getElementById("chart") as HTMLElement;
      const drawn = await new Promise<number>((resolve) => {
        new UPlot(
          {
            width,
            height: 300,
            legend: { show: false },
            scales: { x: { time: true } },
            series: [{}, { stroke: "#0e6fb8", width: 1.5 }],
            hooks: { draw: [() => resolve(performance.now())] },
          },
          [xs, ys],
          el,
        );
      });
      return {
        totalMs: drawn - started,
        fetchMs: fetched - started,
        parseMs: parsed - fetched,
        drawMs: drawn - parsed,
        points: rows.length,
        bytes: text.length,
      };
    }, chartWidth);
  } finally {
    await context.close();
  }
}

export async function measureReportOpen(
  root: string,
  api: BenchServer,
  report: BigReport,
  runs: number,
  log: (line: string) => void,
): Promise<ReportOpenFigures> {
  const row = await api.db
    .selectFrom("labelReports")
    .select("labelId")
    .where("id", "=", report.id)
    .executeTakeFirstOrThrow();
  // The browser first: when it cannot start, no server is left open behind the error.
  const browser = await launchChromium();
  const ours = await startServer(api.db, { staticDir: join(root, "dist") });
  const naiveOrigin = await serveNaive(root, api, report);
  try {
    const storageState = await signInState(browser, ours.baseUrl, "admin@demo.example", DEMO_PASSWORD);
    log(`opening ${row.labelId} (${report.readings.toLocaleString("en-US")} readings): one warm-up, ${runs} runs`);
    const warm = await openOnce(browser, ours.baseUrl, storageState, report, row.labelId);
    const ourRuns: ReportOpenRun[] = [];
    const naiveRuns: NaiveRun[] = [];
    await naiveOnce(browser, naiveOrigin.url, warm.chartWidth);
    // Taking turns, so a busy moment of the machine hits both alike.
    for (let i = 0; i < runs; i++) {
      const { chartWidth: _width, ...run } = await openOnce(browser, ours.baseUrl, storageState, report, row.labelId);
      ourRuns.push(run);
      const naive = await naiveOnce(browser, naiveOrigin.url, warm.chartWidth);
      naiveRuns.push(naive);
      log(
        `run ${i + 1}: ours open -> painted ${run.openToPaintMs.toFixed(0)} ms (click -> painted ${run.clickToPaintMs.toFixed(0)} ms); naive ${naive.totalMs.toFixed(0)} ms (fetch ${naive.fetchMs.toFixed(0)}, parse ${naive.parseMs.toFixed(0)}, draw ${naive.drawMs.toFixed(0)})`,
      );
    }
    const oursMedian = median(ourRuns);
    const naiveMedian = median(naiveRuns);
    return {
      readings: report.readings,
      ours: { runs: ourRuns, median: oursMedian },
      naive: { runs: naiveRuns, median: naiveMedian },
      ratio: naiveMedian.totalMs / oursMedian.openToPaintMs,
    };
  } finally {
    await browser.close();
    await ours.close();
    await new Promise<void>((resolve) => naiveOrigin.server.close(() => resolve()));
  }
}

import type { Browser, BrowserContextOptions } from "@playwright/test";
import { OBSERVERS } from "./browser";
import { percentile } from "./stats";

/**
 * The label-report list with 10,000 rows on one page (the API's largest page; only a URL
 * asks for it): time to the first row painted, how many rows the DOM holds (virtualised:
 * only the visible ones), and how smooth scrolling through it is. Scrolling is a stream
 * of wheel events while the page records the time between its animation frames; a frame
 * over 50 ms is a visible stutter.
 */

const BIG_PAGE_ROWS = 10_000;

interface BigPageRun {
  /** Rows the API answered (10,000 when the company has that many). */
  rows: number;
  /** Navigation start to the first row in a painted frame (ms). */
  firstRowMs: number;
  /** Row elements in the DOM once the page is there (virtual rows are divs). */
  domRows: number;
  /** Frames recorded while scrolling, and their durations (ms). */
  frames: number;
  frameP50Ms: number;
  frameP95Ms: number;
  /** Share of frames longer than 50 ms. */
  slowFrameShare: number;
  /** How far down the list the scrolling got: 1 = the last row is in view. */
  scrolledFraction: number;
}

export interface BigPageFigures {
  runs: BigPageRun[];
  median: BigPageRun;
}

const FRAME_RECORDER = `(() => {
  window.__frames = [];
  window.__framesStop = false;
  let last = performance.now();
  const tick = (now) => {
    window.__frames.push(now - last);
    last = now;
    if (!window.__framesStop) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

declare global {
  interface Window {
    __bench?: { firstRowMs: number };
    __frames?: number[];
    __framesStop?: boolean;
  }
}

async function oneRun(browser: Browser, url: string, context: BrowserContextOptions): Promise<BigPageRun> {
  const ctx = await browser.newContext({ ...context, viewport: { width: 1366, height: 900 } });
  try {
    await ctx.addInitScript(OBSERVERS);
    const page = await ctx.newPage();
    const answer = page.waitForResponse(
      (r) => r.url().includes("/api/label-reports?") && r.url().includes(`pageSize=${BIG_PAGE_ROWS}`),
      { timeout: 120_000 },
    );
    await page.goto(url, { waitUntil: "commit" });
    const rows = ((await (await answer).json()) as { data: unknown[] }).data.length;
    await page.waitForFunction(() => (window.__bench?.firstRowMs ?? 0) > 0, undefined, { timeout: 120_000 });
    const firstRowMs = await page.evaluate(() => window.__bench?.firstRowMs ?? 0);
    const domRows = await page.locator(".ant-table-row").count();

    const body = page.locator(".ant-table-body, .ant-table-tbody-virtual-holder").first();
    await body.hover();
    // A string, not a function: tsx would wrap a named inner function in a helper the page lacks.
    await page.evaluate(FRAME_RECORDER);
    // About 2 rows of 55 px per wheel step: 300 steps cover the first ~600 rows at a
    // fast reading pace, then a long jump to the end the way a dragged scrollbar goes.
    for (let i = 0; i < 300; i++) await page.mouse.wheel(0, 120);
    for (let i = 0; i < 20; i++) await page.mouse.wheel(0, 40_000);
    await page.waitForTimeout(300);
    const frames = await page.evaluate(() => {
      window.__framesStop = true;
      return (window.__frames ?? []).slice(1);
    });
    const scrolledFraction = await page.evaluate(() => {
      const holder = document.querySelector(".ant-table-tbody-virtual-holder, .ant-table-body");
      if (!holder) return 0;
      return Math.min(1, (holder.scrollTop + holder.clientHeight) / holder.scrollHeight);
    });
    const sorted = [...frames].sort((a, b) => a - b);
    return {
      rows,
      firstRowMs,
      domRows,
      frames: frames.length,
      frameP50Ms: percentile(sorted, 50),
      frameP95Ms: percentile(sorted, 95),
      slowFrameShare: frames.length ? frames.filter((f) => f > 50).length / frames.length : 0,
      scrolledFraction,
    };
  } finally {
    await ctx.close();
  }
}

export async function measureBigPage(
  browser: Browser,
  baseUrl: string,
  context: BrowserContextOptions,
  runs: number,
  log: (line: string) => void,
): Promise<BigPageFigures> {
  const url = `${baseUrl}/label-reports?pageSize=${BIG_PAGE_ROWS}`;
  const results: BigPageRun[] = [];
  for (let i = 0; i < runs; i++) {
    const run = await oneRun(browser, url, context);
    log(
      `10,000-row page run ${i + 1}/${runs}: ${run.rows} rows, first row ${Math.round(run.firstRowMs)} ms, ${run.domRows} rows in the DOM, scroll frames p95 ${run.frameP95Ms.toFixed(1)} ms`,
    );
    results.push(run);
  }
  const byFirstRow = [...results].sort((a, b) => a.firstRowMs - b.firstRowMs);
  const median = byFirstRow[Math.floor(byFirstRow.length / 2)] as BigPageRun;
  return { runs: results, median };
}

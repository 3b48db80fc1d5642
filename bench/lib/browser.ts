import { type Browser, type BrowserContextOptions, chromium, type Page } from "@playwright/test";
import { chromiumArgs } from "../../playwright.config";
import { percentile } from "./stats";

/**
 * Cold loads in headless Chromium (Debian's /usr/bin/chromium with the project's
 * arguments): a new browser context per run (empty cache), the page opened at the
 * list, timed until the first row a person can click is painted. Our app and the reference starter
 * take turns, so that a busy moment of the machine hits both alike.
 */

interface ColdLoad {
  /** Navigation start to the first `tr.ant-table-row` in a painted frame (ms). */
  firstRowMs: number;
  /**
   * Navigation start to the painted frame that first shows a row a person can click: a row
   * holding an element React has given a click handler (the link that opens our overlay,
   * the starter's edit button). The budgeted figure.
   */
  interactiveRowMs: number;
  /**
   * The first click on that row's link, dispatched in the page right after the figures
   * above were taken, to the painted frame after the overlay mounted (its
   * `report-overlay-open` mark). 0 where the target has no overlay (the starter).
   */
  firstClickMs: number;
  fcpMs: number;
  lcpMs: number;
  /** Sum of long-task durations until the interactive row (+ a short settle). */
  longTaskMs: number;
  jsHeapBytes: number;
  /** JavaScript transferred (encoded body bytes of script resources). */
  jsTransferBytes: number;
}

export interface ColdLoadFigures {
  runs: ColdLoad[];
  median: ColdLoad;
}

export interface Target {
  name: string;
  url: string;
  context?: BrowserContextOptions;
  /** A click to time after the load: the link to click in the row and the mark its overlay sets. */
  click?: { selector: string; mark: string };
}

/**
 * Set before any page script: long tasks, LCP, the first painted table row (any
 * `.ant-table-row`: a virtualised table's rows are divs) and the first painted row with a
 * click handler into `window.__bench`. React keeps an element's props on the element
 * (`__reactProps$…`) from the moment it creates it, and listens at the root, so a row whose
 * element has an `onClick` prop there handles a click as soon as it is in the document.
 */
export const OBSERVERS = `(() => {
  const bench = { longTaskMs: 0, lcpMs: 0, firstRowMs: 0, interactiveRowMs: 0 };
  window.__bench = bench;
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) bench.longTaskMs += e.duration; })
      .observe({ type: "longtask", buffered: true });
    new PerformanceObserver((list) => { const all = list.getEntries(); bench.lcpMs = all[all.length - 1].startTime; })
      .observe({ type: "largest-contentful-paint", buffered: true });
  } catch {}
  // The frame that shows the row: its requestAnimationFrame runs just before it paints.
  const stamp = (key) => requestAnimationFrame(() => { if (!bench[key]) bench[key] = performance.now(); });
  const clickable = (element) => {
    for (const key in element) {
      if (key.startsWith("__reactProps$") && element[key] && typeof element[key].onClick === "function") return true;
    }
    return false;
  };
  // Not under a table's loading mask either (antd's Spin dims the rows and takes the click).
  const interactive = (row) =>
    !row.closest(".ant-spin-blur") && (clickable(row) || [...row.querySelectorAll("a, button")].some(clickable));
  let first = false;
  let usable = false;
  const seen = () => {
    const rows = document.querySelectorAll(".ant-table-row");
    if (!first && rows.length) { first = true; stamp("firstRowMs"); }
    if (!usable && rows.length && interactive(rows[0])) { usable = true; stamp("interactiveRowMs"); }
    return first && usable;
  };
  // Classes too: the loading mask comes off a row already in the document.
  new MutationObserver((_, observer) => { if (seen()) observer.disconnect(); })
    .observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
})();`;

type BenchWindow = {
  __bench: { longTaskMs: number; lcpMs: number; firstRowMs: number; interactiveRowMs: number };
};

/** Clicks the first row's link inside the page and resolves with the time to the frame after `mark`. */
async function timeFirstClick(page: Page, click: NonNullable<Target["click"]>): Promise<number> {
  return await page.evaluate(
    ({ selector, mark }) =>
      new Promise<number>((resolve, reject) => {
        const link = document.querySelector<HTMLElement>(selector);
        if (!link) {
          reject(new Error(`no ${selector} to click`));
          return;
        }
        const before = performance.getEntriesByName(mark).length;
        let started = 0;
        const observer = new PerformanceObserver(() => {
          if (performance.getEntriesByName(mark).length <= before) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - started));
        });
        observer.observe({ type: "mark" });
        started = performance.now();
        link.click();
      }),
    click,
  );
}

async function coldLoad(browser: Browser, target: Target): Promise<ColdLoad> {
  const context = await browser.newContext({ ...target.context, viewport: { width: 1366, height: 768 } });
  try {
    await context.addInitScript(OBSERVERS);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    await page.goto(target.url, { waitUntil: "commit" });
    await page.waitForFunction(() => (window as unknown as BenchWindow).__bench.interactiveRowMs > 0, null, {
      timeout: 60_000,
      polling: 50,
    });
    // A moment for LCP and long tasks around the first row to be reported.
    await page.waitForTimeout(300);
    const figures = await page.evaluate(() => {
      const bench = (window as unknown as BenchWindow).__bench;
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
      const js = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((r) => r.initiatorType === "script" || r.name.endsWith(".js"))
        .reduce((sum, r) => sum + r.encodedBodySize, 0);
      return { ...bench, fcpMs: fcp, jsTransferBytes: js };
    });
    const { metrics } = (await cdp.send("Performance.getMetrics")) as { metrics: { name: string; value: number }[] };
    const heap = metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? 0;
    const firstClickMs = target.click ? await timeFirstClick(page, target.click) : 0;
    return { ...figures, jsHeapBytes: heap, firstClickMs };
  } finally {
    await context.close();
  }
}

function medianOf(runs: ColdLoad[]): ColdLoad {
  const key = (k: keyof ColdLoad) =>
    percentile(
      runs.map((r) => r[k]),
      50,
    );
  return {
    firstRowMs: key("firstRowMs"),
    interactiveRowMs: key("interactiveRowMs"),
    firstClickMs: key("firstClickMs"),
    fcpMs: key("fcpMs"),
    lcpMs: key("lcpMs"),
    longTaskMs: key("longTaskMs"),
    jsHeapBytes: key("jsHeapBytes"),
    jsTransferBytes: key("jsTransferBytes"),
  };
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs });
}

/** Signs in through the sign-in page once; the returned storage state opens the app signed in. */
export async function signInState(
  browser: Browser,
  baseUrl: string,
  email: string,
  password: string,
): Promise<NonNullable<BrowserContextOptions["storageState"]>> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/signin`);
    await page.getByRole("textbox", { name: "E-mail" }).fill(email);
    await page.getByRole("textbox", { name: "Password" }).fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/label-reports/, { timeout: 60_000 });
    await page.locator("tr.ant-table-row").first().waitFor({ timeout: 60_000 });
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** `runs` cold loads of each target, taking turns (one warm-up load of each first, not counted). */
export async function measureColdLoads(
  browser: Browser,
  targets: Target[],
  runs: number,
  log: (line: string) => void,
): Promise<Record<string, ColdLoadFigures>> {
  for (const target of targets) await coldLoad(browser, target);
  const all: Record<string, ColdLoad[]> = Object.fromEntries(targets.map((t) => [t.name, []]));
  for (let i = 0; i < runs; i++) {
    for (const target of i % 2 ? [...targets].reverse() : targets) {
      const run = await coldLoad(browser, target);
      all[target.name]?.push(run);
      log(
        `${target.name} run ${i + 1}: interactive row ${run.interactiveRowMs.toFixed(0)} ms (first row ${run.firstRowMs.toFixed(0)} ms)${target.click ? `, first click handled ${run.firstClickMs.toFixed(0)} ms` : ""}, long tasks ${run.longTaskMs.toFixed(0)} ms`,
      );
    }
  }
  return Object.fromEntries(
    targets.map((t) => [t.name, { runs: all[t.name] ?? [], median: medianOf(all[t.name] ?? []) }]),
  );
}

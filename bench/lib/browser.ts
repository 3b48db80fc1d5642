import { type Browser, type BrowserContextOptions, chromium } from "@playwright/test";
import { chromiumArgs } from "../../playwright.config";
import { percentile } from "./stats";

/**
 * Cold loads in headless Chromium (Debian's /usr/bin/chromium with the project's
 * arguments): a new browser context per run (empty cache), the page opened at the
 * list, timed until the first table row is painted. Our app and the reference starter
 * take turns, so that a busy moment of the machine hits both alike.
 */

export interface ColdLoad {
  /** Navigation start to the first `tr.ant-table-row` in a painted frame (ms). */
  firstRowMs: number;
  /**
   * The same for a row of the dashboard's own list (ours: the list preview, which paints the
   * first page before the dashboard has loaded, is inert; from here on the list can be used).
   * The starter has no preview: the same as firstRowMs.
   */
  listRowMs: number;
  fcpMs: number;
  lcpMs: number;
  /** Sum of long-task durations until the first row (+ a short settle). */
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
}

/**
 * Set before any page script: long tasks, LCP and the first painted table row (any
 * `.ant-table-row`: a virtualised table's rows are divs) into `window.__bench`.
 */
export const OBSERVERS = `(() => {
  const bench = { longTaskMs: 0, lcpMs: 0, firstRowMs: 0, listRowMs: 0 };
  window.__bench = bench;
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) bench.longTaskMs += e.duration; })
      .observe({ type: "longtask", buffered: true });
    new PerformanceObserver((list) => { const all = list.getEntries(); bench.lcpMs = all[all.length - 1].startTime; })
      .observe({ type: "largest-contentful-paint", buffered: true });
  } catch {}
  // The frame that shows the row: its requestAnimationFrame runs just before it paints.
  const stamp = (key) => requestAnimationFrame(() => { if (!bench[key]) bench[key] = performance.now(); });
  let first = false;
  let list = false;
  const seen = () => {
    const rows = document.querySelectorAll(".ant-table-row");
    if (!first && rows.length) { first = true; stamp("firstRowMs"); }
    if (!list && rows.length) { list = true; stamp("listRowMs"); }
    return first && list;
  };
  new MutationObserver((_, observer) => { if (seen()) observer.disconnect(); })
    .observe(document, { childList: true, subtree: true });
})();`;

async function coldLoad(browser: Browser, target: Target): Promise<ColdLoad> {
  const context = await browser.newContext({ ...target.context, viewport: { width: 1366, height: 768 } });
  try {
    await context.addInitScript(OBSERVERS);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    await page.goto(target.url, { waitUntil: "commit" });
    await page.waitForFunction(
      () => (window as unknown as { __bench: { listRowMs: number } }).__bench.listRowMs > 0,
      null,
      {
        timeout: 60_000,
        polling: 50,
      },
    );
    // A moment for LCP and long tasks around the first row to be reported.
    await page.waitForTimeout(300);
    const figures = await page.evaluate(() => {
      const bench = (
        window as unknown as {
          __bench: { longTaskMs: number; lcpMs: number; firstRowMs: number; listRowMs: number };
        }
      ).__bench;
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
      const js = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((r) => r.initiatorType === "script" || r.name.endsWith(".js"))
        .reduce((sum, r) => sum + r.encodedBodySize, 0);
      return { ...bench, fcpMs: fcp, jsTransferBytes: js };
    });
    const { metrics } = (await cdp.send("Performance.getMetrics")) as { metrics: { name: string; value: number }[] };
    const heap = metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? 0;
    return { ...figures, jsHeapBytes: heap };
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
    listRowMs: key("listRowMs"),
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
        `${target.name} run ${i + 1}: first row ${run.firstRowMs.toFixed(0)} ms, a row of the list itself ${run.listRowMs.toFixed(0)} ms`,
      );
    }
  }
  return Object.fromEntries(
    targets.map((t) => [t.name, { runs: all[t.name] ?? [], median: medianOf(all[t.name] ?? []) }]),
  );
}

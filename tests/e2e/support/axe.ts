import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { motionDone } from "./motion";

/** The rules the dashboard is held to: WCAG 2.1, levels A and AA. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * A scan that takes longer than this is a scan of something it should not walk (a
 * virtualised table of hundreds of rows, a chart's canvas): fail with that said, rather
 * than hang until the test's own time-out with no hint of which page it was.
 */
const SCAN_BOUND_MS = 90_000;

export interface ScanScope {
  /** CSS selectors to scan (default: the whole page). */
  include?: string[];
  /** CSS selectors to leave out; each caller says why next to it. */
  exclude?: string[];
}

/** The classes rc-motion gives an element while it appears, enters or leaves. */
const MOVING = ["appear", "enter", "leave"]
  .flatMap((phase) => [`[class*="-${phase}-start"]`, `[class*="-${phase}-active"]`])
  .join(", ");

/** Waits until nothing on the page is still loading or fading in. */
export async function settle(page: Page) {
  // A spinner or a skeleton is a page still on its way; its half-drawn state is not what a user reads.
  await expect(page.locator(".ant-spin-spinning, .ant-skeleton-active")).toHaveCount(0);
  // A modal or popup still fading in is half transparent: axe would measure the contrast
  // of a frame the user only sees for 0.2 s. antd's motion (rc-motion) starts a panel's
  // transition a frame or two after it is rendered, by classes, so a wait for the running
  // animations alone can come before it has begun (a drawer was once scanned at 4.47:1 over
  // its half-faded mask): wait out the frames, then the motion classes, then the animations.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(undefined)))),
  );
  await expect(page.locator(MOVING)).toHaveCount(0);
  await motionDone(page);
}

/** The serious and critical WCAG 2.1 A/AA violations on the page, one readable block each. */
async function seriousViolations(page: Page, scope: ScanScope = {}): Promise<string[]> {
  await settle(page);
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).options({
    // WCAG 2.5.3 (label in name, level A): axe ships this rule as experimental, so the
    // tags alone leave it out; a control whose name is not its visible text fails it.
    rules: { "label-content-name-mismatch": { enabled: true } },
    // Only violations are read below: axe then stops collecting every passing node of a
    // long table (its documented speed-up); each rule still checks every node.
    resultTypes: ["violations"],
  });
  for (const selector of scope.include ?? []) builder = builder.include(selector);
  for (const selector of scope.exclude ?? []) builder = builder.exclude(selector);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`axe scan of ${page.url()} took over ${SCAN_BOUND_MS} ms: scope it`)),
      SCAN_BOUND_MS,
    );
  });
  try {
    const results = await Promise.race([builder.analyze(), bound]);
    return results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) =>
        [
          `${v.id} (${v.impact}): ${v.help}`,
          ...v.nodes.map((n) => `  ${n.target.join(" ")}\n    ${n.html.slice(0, 200)}\n    ${n.failureSummary ?? ""}`),
        ].join("\n"),
      );
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Scans the page and records its serious or critical violations as a soft failure named
 * after the screen, so one run lists every screen's findings instead of the first only.
 */
export async function expectAccessible(page: Page, screen: string, scope: ScanScope = {}) {
  const started = Date.now();
  const found = await seriousViolations(page, scope);
  // How long each scan took, in the report: a slow one shows where to scope next.
  test.info().annotations.push({ type: "axe scan", description: `${screen}: ${Date.now() - started} ms` });
  expect.soft(found, `${screen} (${page.url()}): serious or critical axe violations\n${found.join("\n")}`).toEqual([]);
}

import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";

/** A full-page screenshot kept in the test's output folder (test-results/) and attached to its report. */
export async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

/**
 * The screen at 1440×900 and at 390×844 (the sizes the screen reviews look at), each attached to the test's
 * report; the page is back at 1440×900 afterwards. `show` is scrolled into view first (a phone scrolls the table).
 */
export async function attachBothSizes(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = false, show }: { fullPage?: boolean; show?: Locator } = {},
): Promise<void> {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    if (show) {
      // A resize re-renders the table's rows (pinned columns change); wait for the new one.
      await expect(show).toBeVisible();
      await show.scrollIntoViewIfNeeded().catch(() => undefined);
    }
    const label = `${size.width}x${size.height}`;
    const path = testInfo.outputPath(`${name.replace(/\W+/g, "-")}-${label}.png`);
    await page.screenshot({ path, fullPage });
    await testInfo.attach(`${name} ${label}`, { path, contentType: "image/png" });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

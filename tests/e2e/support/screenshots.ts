import type { Page, TestInfo } from "@playwright/test";

/** A full-page screenshot kept in the test's output folder (test-results/) and attached to its report. */
export async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

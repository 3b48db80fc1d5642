import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";

/** antd's Sider collapses below its `lg` breakpoint and gives way to a menu drawer below `md` (src/layouts/app-shell.tsx). */
const SIDER_BREAKPOINT_PX = 992;
const DRAWER_BREAKPOINT_PX = 768;

/**
 * The viewport at `size`, once the dashboard shows that width's layout. antd's Sider collapses
 * and expands when a media query changes, in a render that comes later on a busy machine; a
 * click made before it lands where the control was before the layout moved.
 */
export async function resizeTo(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  const sider = page.locator(".ant-layout-sider");
  if (size.width < DRAWER_BREAKPOINT_PX) {
    // A signed-in page's menu moves into the drawer behind the header's button.
    if ((await page.getByRole("banner").count()) > 0) await expect(sider).toHaveCount(0);
    return;
  }
  if ((await sider.count()) === 0) return;
  const collapsed = /ant-layout-sider-collapsed/;
  if (size.width < SIDER_BREAKPOINT_PX) await expect(sider).toHaveClass(collapsed);
  else await expect(sider).not.toHaveClass(collapsed);
}

/** A full-page screenshot kept in the test's output folder (test-results/) and attached to its report. */
export async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  // Transitions (the sider's width after a resize) finish at once, so the picture is the settled screen.
  await page.screenshot({ path, fullPage: true, animations: "disabled" });
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
    await resizeTo(page, size);
    if (show) {
      // A resize re-renders the table's rows (pinned columns change); wait for the new one.
      await expect(show).toBeVisible();
      await show.scrollIntoViewIfNeeded().catch(() => undefined);
    }
    const label = `${size.width}x${size.height}`;
    const path = testInfo.outputPath(`${name.replace(/\W+/g, "-")}-${label}.png`);
    await page.screenshot({ path, fullPage, animations: "disabled" });
    await testInfo.attach(`${name} ${label}`, { path, contentType: "image/png" });
  }
  await resizeTo(page, { width: 1440, height: 900 });
}

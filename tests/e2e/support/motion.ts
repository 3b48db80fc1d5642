import type { Page } from "@playwright/test";

/**
 * Waits until the page's finite animations have ended: a panel sliding in, a list of options
 * fading in. Playwright clicks where an element was when it looked still; on a loaded machine
 * a panel still sliding can move between that look and the click, which then lands beside
 * the control (a checkbox not checked, an option not chosen). A person clicks what has
 * stopped moving.
 */
export async function motionDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Opens the label report list's filters panel and waits until it has slid in. */
export async function openFilters(page: Page) {
  await page.getByRole("button", { name: "Filters" }).click();
  await page.waitForURL(/\/label-reports\/filters/);
  await page.locator(".ant-drawer-content").waitFor();
  await motionDone(page);
}

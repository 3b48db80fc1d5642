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

/**
 * Clicks a button of the open confirmation bubble (antd's Popconfirm) once it is in view and
 * has stopped moving. The bubble sits beside its trigger; when the page must scroll to show it,
 * it moves to the trigger's other side, and a click aimed before that lands where it was (the
 * trace of a CI run showed a preset's Delete lost so: the bubble flipped from top to bottom).
 */
export async function confirmBubble(page: Page, name: string) {
  const button = page.locator(".ant-popconfirm").getByRole("button", { name });
  await button.waitFor();
  await button.scrollIntoViewIfNeeded();
  await motionDone(page);
  await button.click();
}

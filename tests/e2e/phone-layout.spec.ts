import { expectAccessible } from "./support/axe";
import { expect, type Locator, type Page, test } from "./support/fixtures";
import { motionDone } from "./support/motion";
import { signInAt } from "./support/sign-in";

/**
 * The dashboard on a phone (390 × 844): nothing scrolls sideways but a table's own
 * scroll box, and the menu is a drawer behind a button in the header (src/layouts/app-shell.tsx).
 * Each test leaves a screenshot of its screen in /tmp/phones for the screen review.
 */

const PHONE = { width: 390, height: 844 };

/** The page's widths: the document's and the body's scroll widths, and the viewport's. */
const widths = (page: Page) =>
  page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    viewport: window.innerWidth,
  }));

/** Nothing wider than the viewport: the page does not scroll sideways (a table's own box may). */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  await motionDone(page);
  const measured = await widths(page);
  test.info().annotations.push({ type: "scroll width", description: `${screen}: ${JSON.stringify(measured)}` });
  expect(measured.document, `${screen}: document scroll width`).toBeLessThanOrEqual(measured.viewport);
  expect(measured.body, `${screen}: body scroll width`).toBeLessThanOrEqual(measured.viewport);
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/phones/${name}.png`, animations: "disabled" });
}

/** Elements whose boxes overlap sideways, as their texts: tick labels that would print over each other. */
async function overlapping(labels: Locator): Promise<string[]> {
  const boxes = await labels.evaluateAll((els) =>
    els
      .map((el) => ({ text: el.textContent ?? "", box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0)
      .map(({ text, box }) => ({ text, left: box.left, right: box.right })),
  );
  return boxes.slice(1).flatMap((b, i) => {
    const previous = boxes[i];
    return previous && b.left < previous.right ? [`${previous.text} / ${b.text}`] : [];
  });
}

/** The first line's height of `el`: taller means it wrapped. */
const lineHeightOf = (el: Locator) => el.evaluate((node) => Number.parseFloat(getComputedStyle(node).lineHeight));

test.describe("on a phone", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(PHONE);
  });

  test("the label-report list scrolls sideways in its table only", async ({ page }) => {
    await signInAt(page, "admin@demo.example", "/label-reports");
    await expect(page.locator(".ant-table-tbody .ant-table-row").first()).toBeVisible();
    await expectNoSidewaysScroll(page, "label reports");
    await screenshot(page, "list-390");
  });

  test("the report overlay's title stays on one line and the trim slider's labels do not overlap", async ({ page }) => {
    await signInAt(page, "admin@demo.example", "/label-reports");
    await page.locator(".ant-table-tbody .ant-table-row").first().locator("a").first().click();
    const drawer = page.locator(".ant-drawer-content");
    const trim = drawer.getByTestId("trim-panel");
    await expect(trim).toBeVisible();
    const title = drawer.locator(".ant-drawer-title").getByText(/^Label report /);
    await expect(title).toBeVisible();
    const titleBox = await title.boundingBox();
    expect(titleBox?.height ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual((await lineHeightOf(title)) + 1);
    // Download is whole on the screen, beside or under the title.
    await expect(drawer.getByRole("button", { name: "Download" })).toBeInViewport({ ratio: 1 });
    await screenshot(page, "overlay-390");
    await trim.scrollIntoViewIfNeeded();
    expect(await overlapping(trim.locator("[data-position]"))).toEqual([]);
    await expectNoSidewaysScroll(page, "report overlay");
    // The overlay's own scroll area is no wider than the screen either: only a table's box scrolls sideways.
    const body = drawer.locator(".ant-drawer-body");
    expect(await body.evaluate((el) => el.scrollWidth - el.clientWidth), "overlay scroll width beyond its box").toBe(0);
    await screenshot(page, "overlay-trim-390");
  });

  test("a label preset's page keeps its values readable and its Delete whole", async ({ page }) => {
    await signInAt(page, "admin@demo.example", "/label-presets");
    const modal = page.getByRole("dialog", { name: "New: label presets" });
    await modal.getByRole("button", { name: "Got it" }).click();
    await expect(modal).toBeHidden();
    await page.getByRole("link", { name: /Pharma 2–8 °C with humidity/ }).click();
    await expect(page.getByRole("heading", { name: "Pharma 2–8 °C with humidity" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Delete" })).toBeInViewport({ ratio: 1 });
    // A value a few letters a line is a column too narrow: every value cell at least 120 px wide.
    const values = page.locator(".ant-descriptions-item-content");
    await expect(values.first()).toBeVisible();
    const narrowest = Math.min(...(await values.evaluateAll((els) => els.map((el) => el.clientWidth))));
    expect(narrowest).toBeGreaterThanOrEqual(120);
    await expectNoSidewaysScroll(page, "label preset");
    await screenshot(page, "preset-390");
  });

  test("the notification settings table scrolls in its own box", async ({ page }) => {
    await signInAt(page, "admin@demo.example", "/settings/profile/notifications");
    const table = page.locator(".ant-table-content");
    await expect(table.getByRole("switch").first()).toBeVisible();
    await expectNoSidewaysScroll(page, "notification settings");
    // Its last switch is reachable by scrolling the table, not the page.
    const last = table.getByRole("switch").last();
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport({ ratio: 1 });
    await screenshot(page, "notifications-390");
  });

  test("the settings pages fit the screen", async ({ page }) => {
    await signInAt(page, "admin@demo.example", "/settings");
    for (const path of [
      "/settings",
      "/settings/profile/personal-details",
      "/settings/profile/preferences",
      "/settings/company-settings/general",
      "/settings/company-settings/addresses",
      "/settings/custom-fields",
      "/settings/api-keys",
    ]) {
      await page.goto(path);
      await expect(page.locator(".ant-spin-spinning, .ant-skeleton-active")).toHaveCount(0);
      await expect(page.locator("main h1, main h2").first()).toBeVisible();
      await expectNoSidewaysScroll(page, path);
    }
  });

  test("the lists beside the reports fit the screen", async ({ page }) => {
    await signInAt(page, "admin@demo.example", "/needs-attention");
    for (const path of ["/needs-attention", "/alarms", "/users", "/label-presets", "/settings/webhooks"]) {
      await page.goto(path);
      await expect(page.locator(".ant-spin-spinning, .ant-skeleton-active")).toHaveCount(0);
      await expect(page.getByRole("heading").first()).toBeVisible();
      await expectNoSidewaysScroll(page, path);
      await screenshot(page, `${path.slice(1).replace(/\//g, "-")}-390`);
    }
  });

  test("the audit trail fits the screen, at 390 px and at 1280 px", async ({ page }) => {
    await signInAt(page, "admin@demo.example", "/settings/audit-trail");
    await expect(page.getByRole("heading", { name: "Audit trail" })).toBeVisible();
    await expect(page.locator(".ant-table")).toBeVisible();
    await expect(page.locator(".ant-spin-spinning")).toHaveCount(0);
    await expectNoSidewaysScroll(page, "audit trail 390");
    await screenshot(page, "audit-trail-390");
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoSidewaysScroll(page, "audit trail 1280");
    await screenshot(page, "audit-trail-1280");
  });

  test("the menu is a drawer: it takes focus, shows Needs attention's count, closes on Escape and on a page", async ({
    page,
  }) => {
    await signInAt(page, "admin@demo.example", "/label-reports");
    await expect(page.locator(".ant-layout-sider")).toHaveCount(0);
    const button = page.getByRole("banner").getByRole("button", { name: "Menu", exact: true });
    await expect(button).toHaveAttribute("aria-expanded", "false");

    await button.click();
    const drawer = page.getByRole("dialog").filter({ has: page.getByRole("navigation", { name: "Main" }) });
    await expect(drawer.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    // Focus is on the current page's link in the drawer.
    await expect(drawer.getByRole("link", { name: "Label reports" })).toBeFocused();
    const brand = drawer.getByText("Cold chain", { exact: true });
    await expect(brand).toBeInViewport({ ratio: 1 });
    expect(await brand.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(drawer.getByTestId("attention-badge")).toBeVisible();
    await screenshot(page, "drawer-390");
    // The drawer and the header whose Menu button opened it; the page under the mask is
    // scanned on its own in accessibility.spec.ts.
    await expectAccessible(page, "menu drawer", { include: [".ant-drawer-content", "header"] });

    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await drawer.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(drawer).toBeHidden();
    await expect(button).toBeFocused();
  });
});

test("at 1440 px the desktop keeps its sider and no menu button", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAt(page, "admin@demo.example", "/label-reports");
  await expect(page.getByRole("complementary").getByRole("menu")).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu", exact: true })).toHaveCount(0);
});

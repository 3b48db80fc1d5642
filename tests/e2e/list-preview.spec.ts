import { expect as baseExpect, type Page, test } from "@playwright/test";
import { submitSignIn } from "./support/sign-in";

/**
 * The label report list on a cold load: its first page painted by the preview before the
 * dashboard's code has run (src/resources/label-reports/first-paint), antd's styles from the
 * build's stylesheet, and the alarm badges' tooltips mounted on first hover.
 */

const expect = baseExpect.configure({ timeout: 15_000 });
const preview = (page: Page) => page.getByTestId("list-preview");
const listRows = (page: Page) => page.locator(".ant-table-row:not([data-testid=list-preview] *)");

async function signIn(page: Page) {
  await submitSignIn(page, "admin@demo.example");
  await expect(page).toHaveURL(/\/label-reports/);
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
}

test("a cold load shows the list's first page before the dashboard has loaded, inert, until the list itself takes over", async ({
  page,
}) => {
  await signIn(page);
  // Hold the dashboard's code back, so that only the preview can show rows.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/App-*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/label-reports");

  const previewRows = preview(page).locator(".ant-table-row");
  await expect(previewRows.first()).toBeVisible();
  await expect(previewRows.first()).toContainText(/LBL-/);
  const firstLabel = (await previewRows.first().locator("a").textContent()) ?? "";
  await expect(preview(page)).toHaveAttribute("inert", "");
  // Inert: nothing in it is in the accessibility tree (so nothing can be clicked or read twice).
  await expect(page.getByRole("link", { name: /LBL-/ })).toHaveCount(0);
  await expect(listRows(page)).toHaveCount(0);

  release();
  await expect(listRows(page).first()).toBeVisible();
  await expect(preview(page)).toHaveCount(0);
  await expect(page.getByRole("link", { name: firstLabel })).toBeVisible();
});

test("the list's first page in the preview is the one the list shows: same order and query", async ({ page }) => {
  await signIn(page);
  await page.route("**/assets/App-*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto("/label-reports?order=labelId%5Basc%5D");
  const previewLabels = preview(page).locator(".ant-table-row td:first-child");
  await expect(previewLabels.first()).toBeVisible();
  const shown = await previewLabels.allInnerTexts();
  await expect(listRows(page).first()).toBeVisible();
  const listed = await page.locator(".ant-table-row td:first-child").allInnerTexts();
  expect(shown).toEqual(listed);
  expect([...shown].sort()).toEqual(shown);
});

test("the landing page's antd styles come from the build's stylesheet, not written at run time", async ({ page }) => {
  await signIn(page);
  await page.goto("/label-reports");
  await expect(listRows(page).first()).toBeVisible();
  const runTimeTableStyles = await page.evaluate(
    () => [...document.querySelectorAll("style")].filter((s) => s.textContent?.includes(".ant-table-wrapper")).length,
  );
  expect(runTimeTableStyles).toBe(0);
  // And the table is styled: its header cells have antd's header background.
  const headerBackground = await page
    .locator(".ant-table-thead th")
    .first()
    .evaluate((th) => getComputedStyle(th).backgroundColor);
  expect(headerBackground).not.toBe("rgba(0, 0, 0, 0)");
});

test("hovering an alarm badge names its state in a tooltip", async ({ page }) => {
  await signIn(page);
  const badge = listRows(page)
    .first()
    .locator(".ant-tag")
    .filter({ has: page.locator("svg") })
    .last();
  await badge.hover();
  await expect(page.getByRole("tooltip")).toHaveText(/^Battery (OK|low)$/);
});

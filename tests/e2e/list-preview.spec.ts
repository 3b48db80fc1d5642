import { expect as baseExpect, type Page, test } from "@playwright/test";
import { submitSignIn } from "./support/sign-in";

/**
 * The label report list on a cold load: its first page painted before the dashboard's code
 * has run (src/resources/label-reports/first-paint): by the server into the HTML when the
 * list preview cookies allow it (server/first-paint), else by the browser from the boot
 * request; antd's styles from the build's stylesheet, and the alarm badges' tooltips
 * mounted on first hover.
 */

const expect = baseExpect.configure({ timeout: 15_000 });
const preview = (page: Page) => page.getByTestId("list-preview");
const listRows = (page: Page) => page.locator(".ant-table-row:not([data-testid=list-preview] *)");

async function signIn(page: Page) {
  await submitSignIn(page, "admin@demo.example");
  await expect(page).toHaveURL(/\/label-reports/);
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
}

/** Holds the dashboard's code back until the returned function is called, so that only a preview can show rows. */
async function holdDashboardCode(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/App-*.js", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("a cold load shows the list's first page before the dashboard has loaded, inert, until the list itself takes over", async ({
  page,
}) => {
  await signIn(page);
  const release = await holdDashboardCode(page);
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

test("a cold load the server painted does not ask for the list's first page again: the list starts from the painted answer", async ({
  page,
}) => {
  await signIn(page);
  const listRequests: string[] = [];
  page.on("request", (request) => {
    if (/\/api\/label-reports\?/.test(request.url())) listRequests.push(request.url());
  });
  const response = await page.goto("/label-reports");
  expect(await response?.text()).toContain("server-list-preview");
  await expect(listRows(page).first()).toBeVisible();
  await expect(preview(page)).toHaveCount(0);
  expect(listRequests).toEqual([]);
});

test("without the server's preview (its cookies gone), the browser paints the preview itself from the boot request", async ({
  page,
  context,
}) => {
  await signIn(page);
  await context.clearCookies({ name: "list_preview_token" });
  const release = await holdDashboardCode(page);
  const response = await page.goto("/label-reports");
  expect(await response?.text()).not.toContain("server-list-preview");
  await expect(preview(page).locator(".ant-table-row").first()).toContainText(/LBL-/);
  await expect(listRows(page)).toHaveCount(0);
  release();
  await expect(listRows(page).first()).toBeVisible();
  await expect(preview(page)).toHaveCount(0);
});

test("with scripts off, the server's page shows the list's first page exactly as the list does, in the user's time zone", async ({
  browser,
}) => {
  // Far from the server's zone, so that a date painted in the wrong zone shows another day.
  const zone = { timezoneId: "Pacific/Kiritimati", viewport: { width: 1366, height: 768 } };
  const signedIn = await browser.newContext(zone);
  const page = await signedIn.newPage();
  await signIn(page);
  // Rows with start and end times first.
  const address = "/label-reports?order=startTime%5Basc%5D";
  await page.goto(address);
  await expect(listRows(page).first()).toBeVisible();
  const cells = (p: Page, rows: string) => p.locator(`${rows} td`).allInnerTexts();
  const listed = await cells(page, ".ant-table-row:not([data-testid=list-preview] *)");

  const noScripts = await browser.newContext({
    ...zone,
    javaScriptEnabled: false,
    storageState: await signedIn.storageState(),
  });
  const bare = await noScripts.newPage();
  const response = await bare.goto(address);
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await expect(preview(bare).locator(".ant-table-row").first()).toBeVisible();
  const painted = await cells(bare, "[data-testid=list-preview] .ant-table-row");
  expect(listed.join("|")).toMatch(/\d{2}\/\d{2}\/\d{4}/);
  expect(painted).toEqual(listed);
  await noScripts.close();
  await signedIn.close();
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

import { formatInstant } from "../../core/domain/datetime";
import { expect, type Page, type TestInfo, test } from "./support/fixtures";
import { motionDone } from "./support/motion";
import { attachScreenshot, resizeTo } from "./support/screenshots";
import { apiAs, submitSignIn } from "./support/sign-in";
import { snackbarShown, watchSnackbars } from "./support/snackbars";

/**
 * Settings > Profile > Preferences: time zone, temperature unit and
 * date/number format, followed by every screen at once, without a reload; and the
 * company's unit as the default of a member who chose none.
 */

async function signIn(page: Page, email: string) {
  // A fresh browser: nothing chosen yet, and the presets' feature modal out of the way.
  await page.addInitScript(() => {
    if (!localStorage.getItem("preferences"))
      localStorage.setItem(
        "preferences",
        JSON.stringify({ state: { showLabelPresetFeatureModal: false }, version: 0 }),
      );
  });
  await submitSignIn(page, email);
  await expect(page).toHaveURL(/\/label-reports/);
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
}

async function attachBoth(page: Page, testInfo: TestInfo, name: string) {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await resizeTo(page, { width, height });
    await attachScreenshot(page, testInfo, `${name}-${width}`);
  }
  await resizeTo(page, { width: 1280, height: 720 });
}

/** An antd select by its input's id (the input itself has no size until it is focused). */
const selectBox = (page: Page, id: string) => page.locator(".ant-select", { has: page.locator(`#${id}`) });

const drawer = (page: Page) => page.locator(".ant-drawer-content");

/** The list of options of an antd select: the popup holding the select's listbox (`<id>_list`). */
const optionList = (page: Page, id: string) =>
  page.locator(".ant-select-dropdown", { has: page.locator(`#${id}_list`) });

/**
 * Clicks an option of the select's open list as a person would: once the list is shown and
 * has stopped sliding in (antd's motion classes gone), then waits until the list has closed
 * and the field shows the option. A click taken while the list still moved (as the previous
 * select's list slid out) chose nothing: the locale stayed en-US.
 */
async function chooseOption(page: Page, id: string, label: string) {
  const list = optionList(page, id);
  await expect(list).toBeVisible();
  await expect(list).not.toHaveClass(/-(appear|enter)\b/);
  const option = list.locator(".ant-select-item-option", { hasText: label });
  await expect(option).toBeVisible();
  await motionDone(page);
  await option.click();
  await expect(list).toBeHidden();
  await expect(selectBox(page, id).locator(".ant-select-selection-item")).toContainText(label);
}

/** The first report of the list (the link of its first row), opened by a click: no reload. */
async function openFirstReport(page: Page): Promise<string> {
  const link = page.locator(".ant-table-tbody a[href*='/label-reports/']").first();
  const id = new URL((await link.getAttribute("href")) ?? "", "http://x").pathname.split("/").pop() ?? "";
  await link.click();
  await expect(drawer(page).getByTestId("report-start")).toBeVisible();
  return id;
}

test("a user's time zone, °F and de-DE reach the report at once, without a reload", async ({
  page,
  request,
}, testInfo) => {
  await signIn(page, "user@demo.example");
  const headers = await apiAs(request, "user@demo.example");

  await page.goto("/settings/profile");
  await page.getByRole("tab", { name: "Preferences" }).click();
  await expect(page).toHaveURL(/\/settings\/profile\/preferences$/);
  // Marks the document: a reload would lose it.
  await page.evaluate(() => {
    (window as unknown as { noReload: boolean }).noReload = true;
  });

  await selectBox(page, "preference-time-zone").click();
  await page.keyboard.type("tokyo");
  await chooseOption(page, "preference-time-zone", "GMT+09:00 Tokyo");
  await page.getByRole("radio", { name: "Fahrenheit (°F)" }).check();
  await selectBox(page, "preference-locale").click();
  await chooseOption(page, "preference-locale", "German (Germany)");
  await expect(page.getByTestId("preferences-example")).toContainText(
    /\d\d\.\d\d\.\d{4}, \d\d:\d\d · 1\.234,5 · 41,0 °F/,
  );
  await attachBoth(page, testInfo, "preferences");

  await page.getByRole("link", { name: "Label reports" }).first().click();
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  const id = await openFirstReport(page);
  const report = await (await request.get(`/api/label-reports/${id}`, { headers })).json();
  await expect(drawer(page).getByTestId("report-start")).toHaveText(
    formatInstant(report.startTime, { timeZone: "Asia/Tokyo", locale: "de-DE" }),
  );
  // The first report of the demo list measures temperature: its statistics read in °F with a comma.
  const statistics = drawer(page).getByRole("region", { name: "Statistics" });
  await expect(statistics).toContainText(/-?\d+,\d °F/);
  await expect(statistics).not.toContainText("°C");
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
  await attachBoth(page, testInfo, "report-in-preferences");
});

test("the company's temperature unit is the default of a member who chose none", async ({
  page,
  request,
}, testInfo) => {
  const admin = await apiAs(request, "distributor@demo.example");
  await signIn(page, "distributor@demo.example");
  try {
    await page.goto("/settings/company-settings/general");
    await page.getByRole("radio", { name: "Fahrenheit (°F)" }).check();
    await watchSnackbars(page);
    await page.getByRole("button", { name: "Save" }).click();
    await snackbarShown(page, "Company settings saved");
    await attachBoth(page, testInfo, "company-general");

    await page.goto("/settings/profile/preferences");
    await expect(page.getByRole("radio", { name: "Company default (°F)" })).toBeChecked();
    await expect(page.getByTestId("preferences-example")).toContainText("41.0 °F");

    // The member's own choice wins over the company's.
    await page.getByRole("radio", { name: "Celsius (°C)" }).check();
    await expect(page.getByTestId("preferences-example")).toContainText("5.0 °C");
  } finally {
    // The demo company goes back to °C for the specs that follow, whatever happened above.
    const reset = await request.patch("/api/company", { headers: admin, data: { temperatureUnit: "celsius" } });
    expect(reset.status()).toBe(200);
  }
});

test("the preset wizard's step connectors keep their length on a phone", async ({ page }, testInfo) => {
  await signIn(page, "admin@demo.example");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/label-presets/create");
  const steps = page.getByRole("navigation", { name: /steps|progress/i });
  await expect(steps).toBeVisible();
  const connectors = await steps
    .locator("li")
    .evaluateAll((items) => items.slice(0, -1).map((li) => Number.parseFloat(getComputedStyle(li, "::after").width)));
  expect(connectors).toHaveLength(4);
  for (const width of connectors) expect(width).toBeGreaterThanOrEqual(16);
  // Nothing runs off the row.
  expect(await steps.evaluate((nav) => nav.scrollWidth <= nav.clientWidth + 1)).toBe(true);
  await attachScreenshot(page, testInfo, "wizard-390");
  await resizeTo(page, { width: 1440, height: 900 });
  await attachScreenshot(page, testInfo, "wizard-1440");
});

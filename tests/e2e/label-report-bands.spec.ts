import { durationText } from "../../core/domain/duration-text";
import type { ReportSummary } from "../../core/domain/report-summary";
import { BAND_DEMO_LABEL_ID } from "../../server/seed/band-report";
import { expect, type Page, test } from "./support/fixtures";
import { motionDone, openFilters } from "./support/motion";
import { firstReport } from "./support/reports";
import { attachScreenshot } from "./support/screenshots";
import { apiAs, signInAt } from "./support/sign-in";

/**
 * The demo report judged by limit bands (server/seed/band-report.ts): warning above 8 °C
 * after 30 min, alarm above 8 °C after 60 min in all, critical above 15 °C at once and
 * warning below 2 °C after 15 min; its readings reach the three bands above.
 */

const ADMIN = "admin@demo.example";
const BAND_NAMES = ["Warning 8.0 °C", "Alarm 8.0 °C", "Critical 15.0 °C", "Warning 2.0 °C"];

async function bandReport(page: Page) {
  return firstReport(page, ADMIN, `labelId[eq]${BAND_DEMO_LABEL_ID}`);
}

test("the overlay lists each band with its severity and time beyond", async ({ page }, testInfo) => {
  const report = await bandReport(page);
  await signInAt(page, ADMIN, `/label-reports/${report.id}`);
  const table = page.getByTestId("bands-table");
  await expect(table).toBeVisible();
  const row = (band: string) => table.locator(".ant-table-row", { hasText: band });
  await expect(table.locator(".ant-table-row")).toHaveCount(4);
  await expect(row("Warning above 8 °C after 30 min")).toContainText("Warning");
  await expect(row("Alarm above 8 °C after 1 h (cumulative)")).toContainText("Alarm");
  await expect(row("Critical above 15 °C at once").getByText("Critical", { exact: true })).toBeVisible();
  // Not reached: no severity, no time beyond.
  await expect(row("Warning below 2 °C after 15 min")).toContainText("No");
  // Each band's time beyond, as the summary counts it (above 8 °C three excursions, above 15 °C one).
  const headers = await apiAs(page.request, ADMIN);
  const detail = await (await page.request.get(`/api/label-reports/${report.id}`, { headers })).json();
  const bands = (detail.summary as ReportSummary).temperature.bands ?? [];
  expect(bands.map((band) => band.timeBeyondMinutes > 0)).toEqual([true, true, true, false]);
  const texts = ["Warning above 8 °C", "Alarm above 8 °C", "Critical above 15 °C"];
  for (const [i, text] of texts.entries())
    await expect(row(text)).toContainText(durationText(bands[i]?.timeBeyondMinutes ?? 0));
  await table.scrollIntoViewIfNeeded();
  await motionDone(page);
  await attachScreenshot(page, testInfo, "report-bands");
});

test("the report's chart draws each band's limit, and so does its share page", async ({ page }, testInfo) => {
  const report = await bandReport(page);
  await signInAt(page, ADMIN, `/label-reports/${report.id}`);
  const chart = page.getByRole("img", { name: /^Temperature chart/ });
  await expect(chart).toHaveAttribute("aria-label", `Temperature chart, limit bands: ${BAND_NAMES.join(", ")}`);
  const legend = page.getByTestId("chart-temperature");
  for (const name of BAND_NAMES) await expect(legend.getByText(name, { exact: true })).toBeVisible();
  await chart.scrollIntoViewIfNeeded();
  await attachScreenshot(page, testInfo, "report-band-chart");

  const headers = await apiAs(page.request, ADMIN);
  const created = await page.request.post(`/api/label-reports/${report.id}/share-links`, { headers, data: {} });
  expect(created.status()).toBe(201);
  const { url, id } = (await created.json()) as { url: string; id: string };
  try {
    await page.goto(new URL(url).pathname);
    const shared = page.getByRole("img", { name: /^Temperature chart/ });
    await expect(shared).toHaveAttribute("aria-label", `Temperature chart, limit bands: ${BAND_NAMES.join(", ")}`);
    for (const name of BAND_NAMES)
      await expect(page.getByTestId("chart-temperature").getByText(name, { exact: true })).toBeVisible();
    // The rule's own bands replace the single alarm delay in the report's particulars.
    for (const band of ["Critical above 15.0 °C at once", "Alarm above 8.0 °C after 1 h (cumulative)"])
      await expect(page.getByText(band, { exact: true })).toBeVisible();
    await expect(page.getByText("Alarm delay", { exact: true })).toHaveCount(0);
    await shared.scrollIntoViewIfNeeded();
    await attachScreenshot(page, testInfo, "share-band-chart");
  } finally {
    await page.request.delete(`/api/label-reports/${report.id}/share-links/${id}`, { headers });
  }
});

test("the list's worst-severity filter finds it", async ({ page }) => {
  await signInAt(page, ADMIN, "/label-reports");
  await expect(page.locator(".ant-table-tbody .ant-table-row").first()).toBeVisible();
  await openFilters(page);
  const drawer = page.locator(".ant-drawer-content");
  await drawer.getByRole("combobox", { name: "Worst severity" }).click();
  const option = page.locator('.ant-select-item-option[title="Critical"]');
  await option.waitFor();
  await motionDone(page);
  await option.click();
  await expect(option).toHaveAttribute("aria-selected", "true");
  // Close the option list (not with Escape, which would close the panel too).
  await drawer.getByText("Worst severity", { exact: true }).click();
  await drawer.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/severity/);
  const rows = page.locator(".ant-table-tbody .ant-table-row");
  await expect(rows.filter({ hasText: BAND_DEMO_LABEL_ID })).toHaveCount(1);
  // Only the band report reaches a critical band in the demo.
  await expect(rows).toHaveCount(1);
});

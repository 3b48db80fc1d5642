import { expect, test } from "./support/fixtures";
import { signInAt } from "./support/sign-in";

/** Lane and carrier performance: a chart per measure by month and a table, the filters in the address. */

const PERIOD = "from=2026-06-01&to=2026-11-30";

test.describe("performance", () => {
  test("grouped by carrier, the page draws each measure by month and lists the carriers; the grouping is in the address", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, "admin@demo.example", `/performance?${PERIOD}&groupBy=carrier`);
    const menu = page.locator(".ant-layout-sider .ant-menu").first();
    await expect(menu.getByText("Performance", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Lane and carrier performance" })).toBeVisible();

    const table = page.getByTestId("performance-table");
    await expect(table.getByRole("columnheader", { name: "Carrier" })).toBeVisible();
    await expect(table.getByRole("cell", { name: "Kuehne+Nagel" })).toBeVisible();
    for (const measure of ["shipments", "alarmShare", "outOfRangePer100h", "incompleteShare", "medianTransitHours"]) {
      const chart = page.getByTestId(`performance-chart-${measure}`);
      await expect(chart).toHaveAttribute("data-chart-painted", "true");
      await expect(chart.locator("canvas")).toBeVisible();
    }
    await expect(page.getByRole("list", { name: "Chart legend" })).toContainText("Kuehne+Nagel");
    await page.screenshot({ path: testInfo.outputPath("performance-carrier.png"), fullPage: true });

    await page.getByText("Lane", { exact: true }).click();
    await expect(page).toHaveURL(/groupBy=lane/);
    await expect(table.getByRole("columnheader", { name: "Lane" })).toBeVisible();
    await expect(table.getByRole("cell", { name: "Basel → Rotterdam" })).toBeVisible();
    await expect(page.getByTestId("performance-chart-alarmShare")).toHaveAttribute("data-chart-painted", "true");
    await page.screenshot({ path: testInfo.outputPath("performance-lane.png"), fullPage: true });

    // The address keeps the filters: a reload shows the same grouping and period.
    await page.reload();
    await expect(table.getByRole("cell", { name: "Basel → Rotterdam" })).toBeVisible();
    await expect(page).toHaveURL(/from=2026-06-01&to=2026-11-30/);
  });

  test("the CSV downloads the figures on the page", async ({ page }) => {
    await signInAt(page, "admin@demo.example", `/performance?${PERIOD}&groupBy=carrier`);
    await expect(page.getByTestId("performance-table").getByRole("cell", { name: "Kuehne+Nagel" })).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("carrier-performance-2026-06-01-2026-11-30.csv");
  });
});

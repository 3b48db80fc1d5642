import { expect, type Page, test } from "./support/fixtures";
import { attachBothSizes } from "./support/screenshots";
import { signIn } from "./support/sign-in";

/**
 * A list spanning several companies: distributor@demo.example administers Nordic
 * Cold Logistics and sees its three sub-companies' reports; admin@demo.example sees one
 * company's. Also the table's layout: the Label ID column stays pinned when it scrolls.
 */

const rows = (page: Page) => page.locator(".ant-table-tbody .ant-table-row");
const thead = (page: Page) => page.locator(".ant-table-thead");

test.describe("a distributor's report list", () => {
  test("has a Company column it can sort by, a Company filter, and the overlay names the company", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, "distributor@demo.example");
    const header = thead(page).getByText("Company", { exact: true });
    await expect(header).toBeVisible();
    const titles = await page.locator(".ant-table-thead th").allInnerTexts();
    const column = titles.findIndex((h) => h.trim() === "Company") + 1;
    await header.click();
    await expect(page).toHaveURL(/order=companyName%5Basc%5D|order=companyName\[asc\]/);
    await expect(rows(page).first()).toBeVisible();
    const companyCells = () => rows(page).locator(`td:nth-child(${column})`).allInnerTexts();
    // The sorted page replaces the unsorted one when it comes: wait for it.
    await expect
      .poll(async () => {
        const shown = await companyCells();
        return shown.length > 0 && shown.join("|") === [...shown].sort((a, b) => a.localeCompare(b)).join("|");
      })
      .toBe(true);
    const names = await companyCells();
    expect(new Set(names).size).toBeGreaterThan(1);
    await attachBothSizes(page, testInfo, "distributor list");

    // The filter narrows to one company.
    const chosen = names[0] as string;
    await page.getByRole("button", { name: /Filters/ }).click();
    const drawer = page.locator(".ant-drawer-content");
    await drawer.getByLabel("Company").click();
    await page.locator(".ant-select-dropdown").getByText(chosen, { exact: true }).click();
    await drawer.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/companyId/);
    await expect(rows(page).first()).toBeVisible();
    await expect
      .poll(async () => new Set(await rows(page).locator(`td:nth-child(${column})`).allInnerTexts()))
      .toEqual(new Set([chosen]));

    await rows(page).first().locator("td").first().getByRole("link").click();
    await expect(page.getByTestId("report-company")).toHaveText(chosen);
    await attachBothSizes(page, testInfo, "distributor overlay");
  });

  test("the alarms inbox names each alarm's company", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, "distributor@demo.example");
    await page.goto("/alarms");
    await expect(thead(page).getByText("Company", { exact: true })).toBeVisible();
    const titles = await page.locator(".ant-table-thead th").allInnerTexts();
    const column = titles.findIndex((h) => h.trim() === "Company") + 1;
    await expect(rows(page).first()).toBeVisible();
    const names = await rows(page).locator(`td:nth-child(${column})`).allInnerTexts();
    expect(names.every((name) => name.trim().length > 0)).toBe(true);
  });

  test("a one-company administrator's list has no Company column", async ({ page }) => {
    await signIn(page, "admin@demo.example");
    await expect(thead(page).getByText("Label ID", { exact: true })).toBeVisible();
    await expect(thead(page).getByText("Company", { exact: true })).toHaveCount(0);
  });
});

test.describe("the report list's layout", () => {
  test("keeps the Label ID column pinned when the table scrolls sideways, and shows the End column whole", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, "admin@demo.example");
    const labelHeader = thead(page).locator("th", { hasText: "Label ID" });
    await expect(labelHeader).toBeVisible();
    await expect(rows(page).first()).toBeVisible();
    // The box that scrolls sideways: the one holding the rows.
    const body = page.locator(".ant-table-content, .ant-table-body").filter({ has: rows(page).first() });
    await expect
      .poll(() =>
        body.evaluate((el) => {
          el.scrollLeft = el.scrollWidth;
          return el.scrollLeft;
        }),
      )
      .toBeGreaterThan(100);
    const firstCell = rows(page).first().locator("td").first();
    // Pinned: still at the table's left edge, whole, after scrolling to the far right.
    await expect
      .poll(async () => {
        const tableBox = await body.boundingBox();
        const cellBox = await firstCell.boundingBox();
        return tableBox && cellBox ? Math.abs(cellBox.x - tableBox.x) : Number.POSITIVE_INFINITY;
      })
      .toBeLessThan(2);
    await expect(firstCell).toBeInViewport({ ratio: 1 });
    // Scrolled back, the End column is whole on a 1440 px screen.
    await body.evaluate((el) => {
      el.scrollLeft = 0;
    });
    const endHeader = thead(page).locator("th", { hasText: /^End$/ });
    await endHeader.scrollIntoViewIfNeeded();
    await expect(endHeader).toBeInViewport({ ratio: 1 });
    await attachBothSizes(page, testInfo, "list pinned label id");
  });
});

import { expect, type Locator, type Page, test } from "./support/fixtures";
import { motionDone, openFilters } from "./support/motion";
import { apiAs, signIn } from "./support/sign-in";

/**
 * Custom fields in the label report list: the company's fields as columns with
 * their values, and a filter per field in the filters panel that writes
 * `customFields.<key>[op]value` into the URL. admin@demo.example is in Meridian Pharma,
 * whose demo seed defines Batch number (text), Product (select) and Shipment value (EUR)
 * (number).
 */

const rows = (page: Page) => page.locator(".ant-table-tbody .ant-table-row");
const drawer = (page: Page) => page.locator(".ant-drawer-content");
const total = (page: Page) => page.locator(".ant-pagination-total-text");

/** The cells of a column, found by its header's position (the custom-field columns come after the rows). */
async function columnCells(page: Page, title: string): Promise<Locator> {
  await expect(page.locator(".ant-table-thead").getByText(title, { exact: true })).toBeVisible();
  const headers = await page.locator(".ant-table-thead th").allInnerTexts();
  const index = headers.findIndex((h) => h.trim() === title);
  expect(index, `column ${title}`).toBeGreaterThanOrEqual(0);
  return rows(page).locator(`td:nth-child(${index + 1})`);
}

// The count once the list shows one (a loaded machine draws the pagination well after the
// header); read at once after that, so expect.poll compares each count the list shows.
const recordCount = async (page: Page) => {
  await expect(total(page)).toBeVisible();
  return Number(((await total(page).textContent()) ?? "").replace(/\D/g, ""));
};

test.describe("custom fields in the label report list", () => {
  test("the company's custom fields are columns showing each report's value", async ({ page, request }) => {
    const headers = await apiAs(request, "admin@demo.example");
    const api = await request.get("/api/label-reports", { headers });
    const first = (await api.json()).data[0] as { labelId: string; customFields: Record<string, unknown> };

    await signIn(page, "admin@demo.example");
    const thead = page.locator(".ant-table-thead");
    for (const title of ["Batch number", "Product", "Shipment value (EUR)"])
      await expect(thead.getByText(title, { exact: true })).toBeVisible();
    await expect(rows(page).first()).toContainText(first.labelId);
    const batch = (await columnCells(page, "Batch number")).first();
    const product = (await columnCells(page, "Product")).first();
    const value = (await columnCells(page, "Shipment value (EUR)")).first();
    await expect(batch).toHaveText(String(first.customFields.batchNumber ?? "—"));
    await expect(product).toHaveText(String(first.customFields.product ?? "—"));
    const amount = first.customFields.shipmentValue;
    await expect(value).toHaveText(typeof amount === "number" ? amount.toLocaleString("en-US") : "—");
    // The row stays on one line; the wide table scrolls sideways to its last columns.
    await value.scrollIntoViewIfNeeded();
    await expect(value).toBeInViewport();
  });

  test("filtering by a custom field narrows the rows, survives a reload and clears", async ({ page }) => {
    await signIn(page, "admin@demo.example");
    await expect(page.locator(".ant-table-thead").getByText("Product", { exact: true })).toBeVisible();
    const all = await recordCount(page);
    // A product some report on the first page has.
    const products = (await (await columnCells(page, "Product")).allInnerTexts()).filter((t) => t !== "—");
    const chosen = products[0] as string;
    expect(chosen).toBeTruthy();

    await openFilters(page);
    const section = drawer(page).getByRole("region", { name: "Custom fields" });
    await expect(section).toBeVisible();
    await section.getByRole("combobox", { name: "Product" }).click();
    const option = page.locator(`.ant-select-item-option[title="${chosen}"]`);
    await option.waitFor();
    await motionDone(page);
    await option.click();
    // The choice shows as a tag in the field before Apply (a lost click once applied nothing).
    await expect(option).toHaveAttribute("aria-selected", "true");
    await expect(section.locator(".ant-select-selection-item", { hasText: chosen })).toBeVisible();
    // Close the option list (not with Escape, which would close the panel too).
    await section.getByText("Custom fields", { exact: true }).click();
    await expect(page.locator(".ant-select-dropdown:visible")).toHaveCount(0);
    await drawer(page).getByRole("button", { name: "Apply" }).click();
    await expect(drawer(page)).toHaveCount(0);
    await expect(page).toHaveURL(/customFields\.product\[includes\]/);

    const check = async () => {
      await expect(rows(page).first()).toBeVisible();
      const narrowed = await recordCount(page);
      expect(narrowed).toBeGreaterThan(0);
      expect(narrowed).toBeLessThan(all);
      for (const text of await (await columnCells(page, "Product")).allInnerTexts()) expect(text).toBe(chosen);
      // The Filters button counts it like the other filters.
      await expect(
        page
          .locator(".ant-badge", { has: page.getByRole("button", { name: "Filters" }) })
          .locator(".ant-scroll-number"),
      ).toHaveAttribute("title", "1");
    };
    await expect.poll(() => recordCount(page)).toBeLessThan(all);
    await check();

    // Nothing in flight (a session refresh cut by the reload signs out, a known defect).
    await page.waitForLoadState("networkidle");
    await page.reload();
    await expect(page).toHaveURL(/customFields\.product\[includes\]/);
    await check();

    // The panel shows the filter it holds; Reset and Apply take it away.
    await openFilters(page);
    await expect(drawer(page).locator(".ant-select-selection-item", { hasText: chosen })).toBeVisible();
    await drawer(page).getByRole("button", { name: "Reset" }).click();
    await expect(drawer(page).locator(".ant-select-selection-item", { hasText: chosen })).toHaveCount(0);
    await drawer(page).getByRole("button", { name: "Apply" }).click();
    await expect(page).not.toHaveURL(/customFields/);
    await expect.poll(() => recordCount(page)).toBe(all);
  });

  test("a text custom field filters by 'contains', case-insensitive", async ({ page }) => {
    await signIn(page, "admin@demo.example");
    const batches = (await (await columnCells(page, "Batch number")).allInnerTexts()).filter((t) => t !== "—");
    const batch = batches[0] as string;
    await openFilters(page);
    await drawer(page).getByRole("textbox", { name: "Batch number" }).fill(batch.toLowerCase());
    await drawer(page).getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/customFields\.batchNumber\[ilike\]/);
    await expect
      .poll(async () => (await (await columnCells(page, "Batch number")).allInnerTexts()).join())
      .toContain(batch);
    for (const text of await (await columnCells(page, "Batch number")).allInnerTexts())
      expect(text.toLowerCase()).toContain(batch.toLowerCase());
  });
});

import { expectAccessible } from "./support/axe";
import { expect, type Locator, type Page, test } from "./support/fixtures";
import { openFilters } from "./support/motion";
import { attachBothSizes } from "./support/screenshots";
import { signIn, submitSignIn } from "./support/sign-in";

/**
 * The label-report list's columns: the user chooses which custom-field columns
 * show (Columns, in the list's toolbar), the choice is kept per user and company in local
 * storage; and the End column is whole on a 1440 px screen. admin@demo.example is in
 * Meridian Pharma (Batch number, Product, Shipment value (EUR)); multi@demo.example is also
 * in Aurora Biologics (Batch number, Product).
 */

const thead = (page: Page) => page.locator(".ant-table-thead");
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const header = (page: Page, title: string) => thead(page).locator("th", { hasText: new RegExp(`^${escaped(title)}$`) });
const rows = (page: Page) => page.locator(".ant-table-tbody .ant-table-row");
const columnsButton = (page: Page) => page.getByRole("button", { name: "Columns" });
const picker = (page: Page) => page.getByRole("group", { name: "Custom-field columns" });

async function openCompany(page: Page, company: string) {
  await page.goto("/select-company");
  await page.getByRole("button", { name: `Open ${company}` }).click();
  await expect(page).toHaveURL(/\/label-reports/);
  await expect(page.getByText(company).first()).toBeVisible();
}

/** The box `el` is seen through: the table's scrolling box clipped by the viewport. */
async function visibleArea(page: Page, scroller: Locator) {
  const box = await scroller.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error("no table box");
  const left = Math.max(box.x, 0);
  const top = Math.max(box.y, 0);
  return { left, top, right: Math.min(box.x + box.width, viewport.width), bottom: box.y + box.height };
}

test.describe("choosing the list's custom-field columns", () => {
  test("hiding a custom-field column takes effect at once, survives a reload and keeps its filter", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, "admin@demo.example");
    // A field the user has not hidden shows (the default).
    for (const title of ["Batch number", "Product", "Shipment value (EUR)"])
      await expect(header(page, title)).toBeVisible();

    // Keyboard only: the button opens the choices, focus moves into them, Space toggles.
    await columnsButton(page).focus();
    await page.keyboard.press("Enter");
    await expect(picker(page)).toBeVisible();
    await expect(columnsButton(page)).toHaveAttribute("aria-expanded", "true");
    const product = picker(page).getByRole("checkbox", { name: "Product" });
    await expect(product).toBeChecked();
    await expect(picker(page).getByRole("checkbox").first()).toBeFocused();
    // Tab walks the boxes (in the columns' order) to Product.
    const names = (await picker(page).locator("label").allInnerTexts()).map((t) => t.trim());
    for (let i = 0; i < names.indexOf("Product"); i++) await page.keyboard.press("Tab");
    await expect(product).toBeFocused();
    await page.keyboard.press("Space");
    await expect(product).not.toBeChecked();
    await expect(header(page, "Product")).toHaveCount(0);
    await expect(header(page, "Batch number")).toBeVisible();
    await attachBothSizes(page, testInfo, "list columns open", { show: picker(page) });
    // A dialog, not a tooltip: assistive technology announces it as one.
    await expect(page.getByRole("dialog", { name: "Columns" })).toBeVisible();
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(picker(page)).toBeHidden();
    await expect(columnsButton(page)).toBeFocused();

    await page.waitForLoadState("networkidle");
    await page.reload();
    await expect(header(page, "Batch number")).toBeVisible();
    await expect(header(page, "Product")).toHaveCount(0);
    await columnsButton(page).click();
    await expect(picker(page).getByRole("checkbox", { name: "Product" })).not.toBeChecked();
    await expect(picker(page).getByRole("checkbox").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(picker(page)).toBeHidden();

    // The field's filter stays, column or not.
    await openFilters(page);
    const section = page.locator(".ant-drawer-content").getByRole("region", { name: "Custom fields" });
    await expect(section.getByRole("combobox", { name: "Product" })).toBeVisible();
    await page.keyboard.press("Escape");

    // Shown again, it comes back at once.
    await columnsButton(page).click();
    await picker(page).getByRole("checkbox", { name: "Product" }).check();
    await expect(header(page, "Product")).toBeVisible();
  });

  test("the list with the Columns control open has no serious or critical WCAG 2.1 A/AA violation", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, "admin@demo.example");
    await expect(rows(page).first()).toBeVisible();
    await columnsButton(page).click();
    await expect(picker(page).getByRole("checkbox").first()).toBeFocused();
    // The dialog and the button that opened it (its aria-controls now names the dialog's group):
    // the list under the mask is scanned on its own in accessibility.spec.ts.
    await expectAccessible(page, "label-report list, Columns open", {
      include: [".ant-modal-content", "button[aria-controls]"],
    });
  });

  test("the choice is kept per company", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await submitSignIn(page, "multi@demo.example");
    await expect(page).toHaveURL(/\/select-company/);
    await openCompany(page, "Aurora Biologics AB");
    await expect(header(page, "Product")).toBeVisible();
    await columnsButton(page).click();
    await picker(page).getByRole("checkbox", { name: "Product" }).uncheck();
    await expect(header(page, "Product")).toHaveCount(0);

    await openCompany(page, "Meridian Pharma GmbH");
    await expect(header(page, "Product")).toBeVisible();

    await openCompany(page, "Aurora Biologics AB");
    await expect(header(page, "Batch number")).toBeVisible();
    await expect(header(page, "Product")).toHaveCount(0);
  });
});

test.describe("the list's End column", () => {
  // Every role: a distributor's list has a Company column more (distributor-views.spec.ts).
  for (const email of ["admin@demo.example", "user@demo.example", "distributor@demo.example"]) {
    test(`is whole at 1440 px for ${email}: header and cells inside the table's visible box, text not clipped`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, email);
      const end = header(page, "End");
      await expect(end).toBeVisible();
      await expect(rows(page).first()).toBeVisible();
      const scroller = page.locator(".ant-table-content, .ant-table-body").filter({ has: rows(page).first() });
      const area = await visibleArea(page, scroller);
      const endBox = await end.boundingBox();
      testInfo.annotations.push({
        type: "End header",
        description: `right edge ${endBox ? endBox.x + endBox.width : "none"}, table's visible right ${area.right}`,
      });
      const titles = await thead(page).locator("th").allInnerTexts();
      const index = titles.findIndex((t) => t.trim() === "End");
      expect(index).toBeGreaterThanOrEqual(0);
      const cells = rows(page).locator(`td:nth-child(${index + 1})`);
      expect(await cells.count()).toBeGreaterThan(0);

      for (const cell of [end, ...(await cells.all())]) {
        const box = await cell.boundingBox();
        expect(box, "End cell box").not.toBeNull();
        if (!box) continue;
        expect(box.x).toBeGreaterThanOrEqual(area.left - 0.5);
        expect(box.x + box.width).toBeLessThanOrEqual(area.right + 0.5);
        // Nothing in the cell is cut: neither the cell nor any element inside it overflows.
        const clipped = await cell.evaluate((el) =>
          [el, ...Array.from(el.querySelectorAll("*"))]
            .filter((node) => node.scrollWidth > node.clientWidth + 1 && node.clientWidth > 0)
            .map((node) => node.textContent),
        );
        expect(clipped, "clipped End text").toEqual([]);
      }
      await attachBothSizes(page, testInfo, `list end column ${email}`);
    });
  }

  test("at 390 px the table scrolls sideways with Label ID pinned and the End column reachable", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, "admin@demo.example");
    await expect(rows(page).first()).toBeVisible();
    const scroller = page.locator(".ant-table-content, .ant-table-body").filter({ has: rows(page).first() });
    const end = header(page, "End");
    await end.scrollIntoViewIfNeeded();
    await expect(end).toBeInViewport({ ratio: 1 });
    const firstCell = rows(page).first().locator("td").first();
    await expect
      .poll(async () => {
        const tableBox = await scroller.boundingBox();
        const cellBox = await firstCell.boundingBox();
        return tableBox && cellBox ? Math.abs(cellBox.x - tableBox.x) : Number.POSITIVE_INFINITY;
      })
      .toBeLessThan(2);
    // The page itself does not scroll sideways: only the table does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

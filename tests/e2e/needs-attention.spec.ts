import { expect, type Page, test } from "./support/fixtures";
import { attachBothSizes } from "./support/screenshots";
import { signIn, signInAt } from "./support/sign-in";

/** The needs-attention page: four short lists, counts in the menu, links into the report list. */

const count = async (page: Page) =>
  Number(((await page.locator(".ant-pagination-total-text").textContent()) ?? "").replace(/\D/g, ""));

test.describe("needs attention", () => {
  test("is in the menu with a count, shows three lists, and each leads to the filtered report list", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, "admin@demo.example");
    const menu = page.locator(".ant-layout-sider .ant-menu").first();
    await expect(menu.getByText("Needs attention", { exact: true })).toBeVisible();
    await expect(menu.getByTestId("attention-badge")).toBeVisible();
    await menu.getByText("Needs attention", { exact: true }).click();
    await expect(page).toHaveURL(/\/needs-attention$/);
    for (const title of [
      "Violations awaiting a decision",
      "Incomplete data awaiting a decision",
      "Recording labels with no signal",
      "Excursions in progress",
    ])
      await expect(page.getByText(title, { exact: true })).toBeVisible();

    const awaiting = page.getByTestId("attention-awaitingDecision");
    const showAll = awaiting.getByRole("link", { name: /^Show all/ });
    await expect(showAll).toBeVisible();
    const shown = Number(((await showAll.textContent()) ?? "").replace(/\D/g, ""));
    await attachBothSizes(page, testInfo, "needs attention");

    await showAll.click();
    await expect(page).toHaveURL(/\/label-reports\?.*violation/);
    await expect(page).toHaveURL(/dispositioned/);
    await expect.poll(() => count(page)).toBe(shown);
  });

  test("a list's label opens its report over the filtered list", async ({ page }) => {
    await signInAt(page, "admin@demo.example", "/needs-attention");
    const awaiting = page.getByTestId("attention-awaitingDecision");
    const first = awaiting.locator(".ant-list-item a").first();
    await expect(first).toBeVisible();
    const labelId = (await first.textContent()) ?? "";
    await first.click();
    await expect(page).toHaveURL(/\/label-reports\/[0-9a-f-]+\?.*dispositioned/);
    await expect(page.locator(".ant-drawer-title")).toContainText(labelId);
  });
});

import { expect, type Page, test } from "./support/fixtures";
import { openFilters } from "./support/motion";
import { signIn, signInAt, signInTo, signInWithForm } from "./support/sign-in";

/**
 * A list's state lives in its URL: Back steps through what the person did, and the selection
 * a list is saved with belongs to one person in one company, as the interface preferences
 * belong to one person.
 */

const rows = (page: Page) => page.locator(".ant-table-tbody .ant-table-row");
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search" });

async function signOut(page: Page) {
  await page
    .getByRole("button", { name: /user menu/i })
    .or(page.locator("header .ant-dropdown-trigger"))
    .first()
    .click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
}

async function switchCompany(page: Page, companyName: string) {
  await page.locator("header .ant-dropdown-trigger").first().click();
  await page.getByRole("menuitem", { name: "Switch company" }).click();
  await page.getByRole("button", { name: `Open ${companyName}` }).click();
  await expect(page).toHaveURL(/\/label-reports/);
  await expect(searchBox(page)).toBeVisible();
}

test("Back from page 2 of a filtered list returns to page 1, then to the unfiltered list", async ({ page }) => {
  await signInAt(page, "admin@demo.example", "/label-reports?pageSize=10");
  await expect(rows(page)).toHaveCount(10);
  await openFilters(page);
  await page.getByRole("switch", { name: "Show archived reports" }).click();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/label-reports\?filter=&pageSize=10$/);
  await page.locator(".ant-pagination-item-2").click();
  await expect(page).toHaveURL(/pageNumber=2/);
  await expect(page.locator(".ant-pagination-item-active")).toHaveText("2");

  await page.goBack();
  await expect(page).toHaveURL(/\/label-reports\?filter=&pageSize=10$/);
  await expect(page.locator(".ant-pagination-item-active")).toHaveText("1");
  await expect(page.locator(".ant-drawer-content")).toHaveCount(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/label-reports\?pageSize=10$/);
  await expect(page.locator(".ant-drawer-content")).toHaveCount(0);
  await expect(rows(page)).toHaveCount(10);
});

test("a second person signing in on the same browser sees the default list and their own preferences", async ({
  page,
}) => {
  await signIn(page, "admin@demo.example");
  // The first person prefers °F (as the Preferences tab keeps it) and searches the list.
  await page.evaluate(() =>
    localStorage.setItem(
      "preferences",
      JSON.stringify({ state: { fahrenheit: true, showLabelPresetFeatureModal: false }, version: 0 }),
    ),
  );
  await page.goto("/settings/profile/preferences");
  await expect(page.getByTestId("preferences-example")).toContainText("°F");
  await page.goto("/label-reports");
  await expect(rows(page).first()).toBeVisible();
  await searchBox(page).fill("LBL-0");
  await expect(page).toHaveURL(/search=LBL-0/);

  await signOut(page);
  // The second person signs in as a person does: the form, on the page the first left.
  await signInWithForm(page, "user@demo.example");
  await expect(rows(page).first()).toBeVisible();
  await expect(page).not.toHaveURL(/search=/);
  await expect(searchBox(page)).toHaveValue("");
  await page.goto("/settings/profile/preferences");
  await expect(page.getByTestId("preferences-example")).toContainText("°C");
  await expect(page.getByTestId("preferences-example")).not.toContainText("°F");
});

test("switching company shows that company's saved selection", async ({ page }) => {
  await signInTo(page, "multi@demo.example", "Aurora Biologics AB");
  await expect(rows(page).first()).toBeVisible();
  await searchBox(page).fill("AUR");
  await expect(page).toHaveURL(/search=AUR/);

  await switchCompany(page, "Meridian Pharma GmbH");
  await expect(page).not.toHaveURL(/search=/);
  await expect(searchBox(page)).toHaveValue("");
  await searchBox(page).fill("MER");
  await expect(page).toHaveURL(/search=MER/);

  await switchCompany(page, "Aurora Biologics AB");
  await expect(page).toHaveURL(/search=AUR/);
  await expect(searchBox(page)).toHaveValue("AUR");
});

test("Switch company has a way back to the company still open", async ({ page }) => {
  await signInTo(page, "multi@demo.example", "Aurora Biologics AB");
  await expect(rows(page).first()).toBeVisible();
  await page.locator("header .ant-dropdown-trigger").first().click();
  await page.getByRole("menuitem", { name: "Switch company" }).click();
  await expect(page).toHaveURL(/\/select-company/);
  await page.getByRole("button", { name: "Back to Aurora Biologics AB" }).click();
  await expect(page).toHaveURL(/\/label-reports/);
  await expect(page.getByLabel("Company", { exact: true })).toHaveText("Aurora Biologics AB");
});

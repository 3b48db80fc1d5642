import { expect, type Page, test } from "./support/fixtures";
import { signIn, signInAt } from "./support/sign-in";

/**
 * The list rules through the table's own controls: a column header
 * orders the list (and goes back to page 1), the pager moves pages and changes the page
 * size, and all of it is in the URL.
 */

const labelIds = (page: Page) => page.locator(".ant-table-tbody .ant-table-row td:first-child").allInnerTexts();

test("clicking a column header orders the list by it, ascending then descending, from page 1", async ({ page }) => {
  await signIn(page, "admin@demo.example");
  // The browser tests' demo company has a few dozen reports: pages of 10 give several pages.
  await page.goto("/label-reports?pageSize=10");
  await page.locator(".ant-pagination-item-2").click();
  await expect(page).toHaveURL(/pageNumber=2/);

  await page.locator(".ant-table-thead th", { hasText: "Label ID" }).click();
  await expect(page).toHaveURL(/order=labelId%5Basc%5D|order=labelId\[asc\]/);
  await expect(page).not.toHaveURL(/pageNumber=2/);
  await expect(page.locator(".ant-pagination-item-active")).toHaveText("1");
  await expect.poll(async () => labelIds(page)).toEqual([...(await labelIds(page))].sort());
  const ascending = await labelIds(page);
  expect(ascending).toEqual([...ascending].sort());

  await page.locator(".ant-table-thead th", { hasText: "Label ID" }).click();
  await expect(page).toHaveURL(/order=labelId%5Bdesc%5D|order=labelId\[desc\]/);
  await expect.poll(async () => (await labelIds(page))[0]).not.toBe(ascending[0]);
  const descending = await labelIds(page);
  expect(descending).toEqual([...descending].sort().reverse());
});

test("the pager moves to another page and changes the page size, in the URL", async ({ page }) => {
  await signInAt(page, "admin@demo.example", "/label-reports?pageSize=10");
  await expect(page.locator(".ant-table-tbody .ant-table-row")).toHaveCount(10);
  const first = await labelIds(page);
  await page.locator(".ant-pagination-item-2").click();
  await expect(page).toHaveURL(/pageNumber=2/);
  await expect.poll(async () => (await labelIds(page))[0]).not.toBe(first[0]);

  await page.locator(".ant-pagination-options .ant-select").click();
  await page.getByTitle("50 / page").click();
  await expect(page).toHaveURL(/pageSize=50/);
  await expect.poll(() => page.locator(".ant-table-tbody .ant-table-row").count()).toBeGreaterThan(10);
});

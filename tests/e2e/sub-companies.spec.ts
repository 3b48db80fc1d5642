import { type APIRequestContext, expect, type Page, test } from "./support/fixtures";
import { attachBothSizes } from "./support/screenshots";
import { apiAs, signInAt } from "./support/sign-in";

/**
 * A distributor mends its sub-companies: renames one, is refused a name another
 * already has (at the field), deletes one without label reports, is told why one with
 * reports stays, and sees and may remove a sub-company's members.
 */

const DISTRIBUTOR = "distributor@demo.example";

/** A sub-company without label reports, made over the API: the test is about its page, not its creation. */
async function createSubCompany(request: APIRequestContext, name: string): Promise<string> {
  const headers = await apiAs(request, DISTRIBUTOR);
  const res = await request.post("/api/sub-companies", { headers, data: { name, city: "Tromsø", country: "Norway" } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The sub-company's page, once its details are on screen. */
async function openSubCompany(page: Page, id: string, name: string) {
  await page.goto(`/sub-companies/${id}`);
  await expect(page.getByRole("row", { name: new RegExp(`^Name\\s*${name}$`) })).toBeVisible();
}

test("the distributor renames a sub-company, is refused a taken name at the field, and deletes it", async ({
  page,
  request,
}, testInfo) => {
  const suffix = Date.now() % 100_000;
  const taken = `Taiga Foods ${suffix}`;
  const original = `Tundra Foods ${suffix}`;
  const renamed = `Tundra Frozen ${suffix}`;
  await createSubCompany(request, taken);
  const id = await createSubCompany(request, original);

  await signInAt(page, DISTRIBUTOR, "/sub-companies");
  await openSubCompany(page, id, original);

  // A rename is saved and shown.
  await page.getByRole("button", { name: "Edit" }).click();
  const name = page.getByRole("textbox", { name: /^Name\b/ });
  await name.fill(renamed);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("row", { name: new RegExp(`^Name\\s*${renamed}$`) })).toBeVisible();

  // Another sub-company's name, in another case, is refused under the Name field; nothing is saved.
  await page.getByRole("button", { name: "Edit" }).click();
  await name.fill(taken.toLowerCase());
  await page.getByRole("button", { name: "Save changes" }).click();
  const refusal = `A sub-company named “${taken.toLowerCase()}” already exists`;
  await expect(page.locator(".ant-form-item").filter({ has: name })).toContainText(refusal);
  await attachBothSizes(page, testInfo, "sub-company-duplicate-name", { show: name });
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("row", { name: new RegExp(`^Name\\s*${renamed}$`) })).toBeVisible();

  // Deleting asks with the company's name, then goes back to the list, where it is gone.
  await page.getByRole("button", { name: "Delete" }).click();
  const confirm = page.locator(".ant-popconfirm");
  await expect(confirm).toContainText(`Delete ${renamed}?`);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/sub-companies$/);
  await expect(page.getByRole("link", { name: taken })).toBeVisible();
  await expect(page.getByRole("link", { name: renamed })).toHaveCount(0);
});

test("a sub-company with label reports is not deleted, and the page says why", async ({ page }, testInfo) => {
  await signInAt(page, DISTRIBUTOR, "/sub-companies");
  await page.getByRole("link", { name: "Helsinki Pharma Distribution Oy" }).click();
  await expect(page.getByRole("row", { name: /^Name\s*Helsinki Pharma Distribution Oy$/ })).toBeVisible();
  await page.getByRole("button", { name: "Delete" }).click();
  await page.locator(".ant-popconfirm").getByRole("button", { name: "Delete" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "The sub-company was not deleted" });
  await expect(alert).toContainText("“Helsinki Pharma Distribution Oy” has label reports, so it cannot be deleted");
  await expect(page).toHaveURL(/\/sub-companies\/[0-9a-f-]{36}$/);

  // Its members are listed, each with a Remove that names whom and where (cancelled here).
  await expect(page.getByRole("heading", { name: "Members" })).toBeVisible();
  const remove = page.getByRole("button", { name: /^Remove .+@/ }).first();
  await expect(remove).toBeVisible();
  await expect(page.locator(".ant-table .ant-spin-spinning")).toHaveCount(0);
  await attachBothSizes(page, testInfo, "sub-company-page", { fullPage: true, show: alert });
  await remove.click();
  // The Delete's popconfirm stays in the page, hidden: this one is found by what it asks.
  const confirm = page
    .locator(".ant-popconfirm")
    .filter({ hasText: /Remove .+ from Helsinki Pharma Distribution Oy\?/ });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
});

import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";

/**
 * The report overlay's audit trail is current after an action taken
 * on the overlay, without a reload. admin@demo.example may archive; the report is the
 * first of the demo list, archived and then restored so the demo data stays as found.
 */

test("the audit trail shows archiving and unarchiving from the overlay without a reload", async ({ page }) => {
  await signIn(page, "admin@demo.example");
  await page.locator(".ant-table-tbody .ant-table-row").first().locator("a").first().click();
  const drawer = page.locator(".ant-drawer-content");
  const audit = drawer.getByRole("region", { name: "Audit trail" });
  await expect(audit).toBeVisible();
  // The trail has loaded (entries or "No changes yet") before it is counted.
  await expect(audit.getByText(/Loading…/)).toHaveCount(0);
  const entries = audit.getByTestId("audit-entry");
  const before = await entries.count();

  await page.getByRole("button", { name: /\bArchive$/ }).click();
  // Archiving asks why (the reason goes into the trail).
  const dialog = page.getByRole("dialog", { name: /^Archive / });
  await dialog.getByRole("textbox", { name: "Reason" }).fill("Checked the audit trail refresh");
  await dialog.getByRole("button", { name: "Archive" }).click();
  await expect(page.getByText("Report archived")).toBeVisible();
  await expect(entries).toHaveCount(before + 1);
  await expect(
    audit
      .getByRole("listitem")
      .filter({ hasText: /Archived: No → Yes/ })
      .first(),
  ).toBeVisible();

  await page.getByRole("button", { name: /\bUnarchive$/ }).click();
  await expect(page.getByText("Report restored from the archive")).toBeVisible();
  await expect(entries).toHaveCount(before + 2);
  await expect(
    audit
      .getByRole("listitem")
      .filter({ hasText: /Archived: Yes → No/ })
      .first(),
  ).toBeVisible();
});

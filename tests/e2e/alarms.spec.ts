import { expect, test } from "./support/fixtures";
import { signInAt } from "./support/sign-in";

/** The alarms inbox: open alarms first, filters in the URL, acknowledging one with a comment. */

test.describe("alarms", () => {
  test("the inbox lists open alarms first and acknowledges one with a comment", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, "admin@demo.example", "/alarms");
    const menu = page.locator(".ant-layout-sider .ant-menu").first();
    await expect(menu.getByText("Alarms", { exact: true })).toBeVisible();
    const rows = page.locator(".ant-table-tbody tr.ant-table-row");
    await expect(rows.first()).toBeVisible();
    // Open first: the first row is open, and acknowledged ones follow further down.
    await expect(rows.first()).toContainText("Open");
    await expect(page.getByText("Acknowledged", { exact: true }).first()).toBeVisible();
    const shot = await page.screenshot({ fullPage: true });
    await testInfo.attach("alarms inbox", { body: shot, contentType: "image/png" });

    await page.getByRole("combobox", { name: "Filter by state" }).click();
    await page.locator(".ant-select-item-option", { hasText: /^Open$/ }).click();
    await expect(page).toHaveURL(/state%5Beq%5Dopen|state\[eq\]open/);

    await expect(rows.filter({ hasText: "Acknowledged" })).toHaveCount(0);
    const first = rows.first();
    const labelId = ((await first.locator("a").first().textContent()) ?? "").trim();
    const before = await rows.count();
    await first.getByRole("button", { name: "Acknowledge" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(labelId);
    await dialog.getByLabel("Comment").fill("too short");
    await dialog.getByRole("button", { name: "Acknowledge" }).click();
    await expect(dialog).toContainText("The comment must be at least 10 characters");
    await dialog.getByLabel("Comment").fill("Reefer restarted, load checked by the driver");
    await dialog.getByRole("button", { name: "Acknowledge" }).click();
    await expect(page.getByText("Alarm acknowledged")).toBeVisible();
    await expect(dialog).toBeHidden();
    // Only open alarms are listed: the acknowledged one has left this filtered list.
    await expect(rows).toHaveCount(before - 1);

    await page.goto(`/alarms?${new URLSearchParams({ filter: `labelId[ilike]${labelId}` })}`);
    const acknowledged = rows
      .filter({ hasText: "Reefer" })
      .or(rows.filter({ hasText: "Acknowledged" }))
      .first();
    await expect(acknowledged).toContainText("Acknowledged");
    await acknowledged.locator("a").first().click();
    const drawer = page.locator(".ant-drawer-content");
    await expect(drawer.getByRole("region", { name: "Alarms" })).toContainText("Reefer restarted");
    await expect(drawer.getByRole("region", { name: "Audit trail" })).toContainText("Alarm acknowledged");
  });
});

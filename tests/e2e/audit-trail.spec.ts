import { readFileSync } from "node:fs";
import { expect, test } from "./support/fixtures";
import { apiAs, signInAt } from "./support/sign-in";

/**
 * Settings > Audit trail: an administrator reads the company's changes,
 * narrows them by kind of record, and downloads the filtered list as CSV.
 */

const ADMIN = "admin@demo.example";

test("an administrator reads the audit trail in settings, filters it by record type and downloads the CSV", async ({
  page,
  request,
}, testInfo) => {
  // Two kinds of change made over the API: the test is about reading them.
  const suffix = Date.now() % 100_000;
  const presetName = `Audit preset ${suffix}`;
  const inviteEmail = `audit-invite-${suffix}@demo.example`;
  const headers = await apiAs(request, ADMIN);
  expect((await request.post("/api/label-presets", { headers, data: { name: presetName } })).status()).toBe(201);
  const invite = await request.post("/api/user-invites", { headers, data: { email: inviteEmail, roles: ["user"] } });
  expect(invite.status(), await invite.text()).toBeLessThan(300);

  await signInAt(page, ADMIN, "/settings");
  await page.getByRole("link", { name: /Audit trail/ }).click();
  await expect(page).toHaveURL(/\/settings\/audit-trail/);
  const rows = page.locator(".ant-table-tbody tr.ant-table-row");
  await expect(rows.filter({ hasText: presetName })).toHaveCount(1);
  await expect(rows.filter({ hasText: inviteEmail }).first()).toBeVisible();
  await expect(rows.filter({ hasText: "Label preset · Created" }).first()).toBeVisible();
  await testInfo.attach("audit-trail", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });

  // Narrowed to label presets: the invite's row goes, the preset's stays, and the URL keeps the filter.
  await page.getByRole("combobox", { name: "Filter by record type" }).click();
  // antd draws its options outside the accessible listbox; they are found by their title, as in settings.spec.ts.
  await page.locator('.ant-select-item-option[title="Label preset"]').click();
  await expect(page).toHaveURL(/entity%5Beq%5DlabelPreset|entity\[eq\]labelPreset/);
  await expect(rows.filter({ hasText: inviteEmail })).toHaveCount(0);
  await expect(rows.filter({ hasText: presetName })).toHaveCount(1);
  await expect(rows.filter({ hasNotText: "Label preset ·" })).toHaveCount(0);

  // The CSV holds the filtered rows under its header.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), "utf8");
  const lines = csv.split("\r\n").filter(Boolean);
  expect(lines[0]).toBe("time_utc,company_id,entity,entity_id,action,actor,change,reason,before,after");
  expect(csv).toContain(presetName);
  expect(csv).not.toContain(inviteEmail);
});

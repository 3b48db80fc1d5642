import { expect, test } from "./support/fixtures";
import { motionDone } from "./support/motion";
import { firstReport } from "./support/reports";
import { attachBothSizes } from "./support/screenshots";
import { signInAt } from "./support/sign-in";

/**
 * The report overlay and list for a label still recording, the editable Details section
 * (custom-field values) and the download dialog's layering. admin@demo.example
 * is an administrator of Meridian Pharma, whose fields are Batch number (text), Product
 * (select) and Shipment value (EUR) (number).
 */

// In `npm run test:quick`'s browser smoke (scripts/test.mjs): the list and the overlay.
test.describe("a label still recording", { tag: "@smoke" }, () => {
  test("shows Recording and its planned end instead of an end, in the list and the overlay", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const report = await firstReport(page, "admin@demo.example", "status[eq]recording,isArchived[eq]false");
    await signInAt(
      page,
      "admin@demo.example",
      `/label-reports?filter=${encodeURIComponent("status[eq]recording,isArchived[eq]false")}`,
    );
    await expect(page.locator(".ant-table-thead").getByText("End", { exact: true })).toBeVisible();
    await expect(page.locator(".ant-table-tbody .ant-table-row").first()).toBeVisible();
    const headers = await page.locator(".ant-table-thead th").allInnerTexts();
    const end = headers.findIndex((h) => h.trim() === "End");
    expect(end).toBeGreaterThanOrEqual(0);
    const cell = page
      .locator(".ant-table-tbody .ant-table-row")
      .first()
      .locator(`td:nth-child(${end + 1})`);
    await expect(cell).toContainText("Recording");
    if (report.endTime) await expect(cell).toContainText("Planned end");

    await page.goto(`/label-reports/${report.id}`);
    const overlay = page.locator(".ant-drawer-content");
    await expect(overlay.getByTestId("report-end")).toHaveText("Recording");
    if (report.endTime) await expect(overlay.getByText("Planned end", { exact: true })).toBeVisible();
    await attachBothSizes(page, testInfo, "recording overlay");
  });
});

test.describe("the report's Details", () => {
  test("custom-field values are entered in the overlay, saved, and shown in the audit trail", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const report = await firstReport(page, "admin@demo.example", "status[eq]ended,isArchived[eq]false");
    const batch = `E2E-${Date.now().toString(36)}`;
    await signInAt(page, "admin@demo.example", `/label-reports/${report.id}`);
    const details = page.getByRole("region", { name: "Details" });
    await details.scrollIntoViewIfNeeded();
    const input = details.getByLabel("Batch number");
    await expect(input).toBeVisible();
    await input.fill(batch);
    await details.getByRole("button", { name: "Save details" }).click();
    // Saved: the trail shows the change (the success toast may have gone by on a slow machine).
    const audit = page.getByRole("region", { name: "Audit trail" });
    await expect(audit.getByTestId("audit-entry").first()).toContainText(`Batch number`);
    await expect(audit.getByTestId("audit-entry").first()).toContainText(batch);
    await expect(details.getByRole("button", { name: "Save details" })).toBeDisabled();
    // The value is stored: a reload shows it.
    await page.reload();
    await expect(page.getByRole("region", { name: "Details" }).getByLabel("Batch number")).toHaveValue(batch);
    await page.getByRole("region", { name: "Details" }).scrollIntoViewIfNeeded();
    await attachBothSizes(page, testInfo, "details section");
  });
});

test.describe("a value of the record", () => {
  test("changing Product, a field part of the record, asks why and the trail keeps the reason", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const report = await firstReport(
      page,
      "admin@demo.example",
      "status[eq]ended,isArchived[eq]false,customFields.product[eq]Adalimumab",
    );
    const next = "Etanercept";
    await signInAt(page, "admin@demo.example", `/label-reports/${report.id}`);
    const details = page.getByRole("region", { name: "Details" });
    await details.scrollIntoViewIfNeeded();
    // The chosen value lies over the select's input: the click lands on it and opens the list.
    await details.getByRole("combobox", { name: "Product" }).click({ force: true });
    const option = page.locator(`.ant-select-item-option[title="${next}"]`);
    await option.waitFor();
    await motionDone(page);
    await option.click();
    const reason = details.getByRole("textbox", { name: "Reason for changing the record" });
    await expect(reason).toBeVisible();
    await details.getByRole("button", { name: "Save details" }).click();
    await expect(details.getByText("Say why a value of the record is changed")).toBeVisible();
    await reason.fill("Product corrected from the packing list");
    await attachBothSizes(page, testInfo, "record field reason");
    await details.getByRole("button", { name: "Save details" }).click();
    const entry = page
      .getByRole("region", { name: "Audit trail" })
      .getByTestId("audit-entry")
      .filter({ hasText: "Record values changed" })
      .first();
    await expect(entry).toContainText("Product corrected from the packing list");
    await expect(entry).toContainText(next);
    await expect(details.getByRole("button", { name: "Save details" })).toBeDisabled();
  });
});

test.describe("popups inside the download dialog", () => {
  test("the time-zone list opens above the dialog and a zone can be picked", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const report = await firstReport(page, "admin@demo.example", "status[eq]ended,isArchived[eq]false");
    await signInAt(page, "admin@demo.example", `/label-reports/${report.id}`);
    await page.getByRole("button", { name: "Download" }).click();
    const dialog = page.getByRole("dialog", { name: "Download report" });
    await expect(dialog).toBeVisible();
    const zone = dialog.getByRole("combobox", { name: "Time zone" });
    await zone.click();
    await zone.fill("Tokyo");
    const option = page.getByRole("option", { name: /Tokyo/ }).first();
    await expect(option).toBeVisible();
    // The option is what a click at its centre reaches: nothing (the dialog) lies over it.
    const onTop = await option.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && (el === hit || el.contains(hit));
    });
    expect(onTop).toBe(true);
    const path = testInfo.outputPath("time-zone-list-in-dialog-1440x900.png");
    await page.screenshot({ path });
    await testInfo.attach("time-zone list in the dialog 1440x900", { path, contentType: "image/png" });
    await option.click();
    await expect(zone).toHaveValue(/Tokyo/);
  });
});

test("an unknown report's address shows one clear not-found state, no status-code toast", async ({ page }) => {
  await signInAt(page, "admin@demo.example", "/label-reports/00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("Report not found", { exact: true })).toBeVisible();
  await expect(page.getByText(/status code/i)).toHaveCount(0);
  await expect(page.getByText("Could not load this report")).toHaveCount(0);
  await page.getByRole("button", { name: "Back to label reports" }).click();
  await expect(page).toHaveURL(/\/label-reports$/);
  await expect(page.locator("tr.ant-table-row").first()).toBeVisible();
});

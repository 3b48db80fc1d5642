import { expect, test } from "./support/fixtures";
import { firstReport } from "./support/reports";
import { attachBothSizes } from "./support/screenshots";
import { signInAt } from "./support/sign-in";

/**
 * Missing data is part of the verdict: a demo report whose label fell silent (a long gap,
 * or a planned end long after its last reading) reads "Incomplete data" in the list, on
 * its label card and in its Data completeness section, never a plain OK.
 */

const INCOMPLETE = "dataIncomplete[eq]true,status[eq]ended,isArchived[eq]false";

test.describe("incomplete data", () => {
  test("the list marks it and filters it, and the overlay lists the gap or silence too long", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const report = await firstReport(page, "admin@demo.example", INCOMPLETE);
    await signInAt(
      page,
      "admin@demo.example",
      `/label-reports?filter=${encodeURIComponent("dataIncomplete[eq]true,isArchived[eq]false")}`,
    );
    const rows = page.locator(".ant-table-tbody .ant-table-row");
    await expect(rows.first()).toBeVisible();
    await expect(rows.first().locator("[data-incomplete]")).toBeVisible();

    await page.goto(`/label-reports/${report.id}`);
    const overlay = page.locator(".ant-drawer-content");
    const completeness = overlay.getByTestId("completeness");
    await expect(completeness.getByText("Incomplete data", { exact: true })).toBeVisible();
    await expect(completeness.getByRole("table", { name: "Gaps and silences" })).toBeVisible();
    await expect(completeness.getByText("Too long").first()).toBeVisible();
    // The label card carries it as well.
    await expect(overlay.getByText("Incomplete data", { exact: true }).first()).toBeVisible();
    await completeness.scrollIntoViewIfNeeded();
    await attachBothSizes(page, testInfo, "incomplete data overlay");
  });

  test("signing names the missing data and asks why it can be signed", async ({ page }) => {
    const report = await firstReport(page, "admin@demo.example", `${INCOMPLETE},dispositioned[eq]false`);
    await signInAt(page, "admin@demo.example", `/label-reports/${report.id}`);
    const section = page.getByRole("region", { name: "Disposition" });
    await section.getByRole("button", { name: "Sign disposition" }).click();
    const dialog = page.getByRole("dialog", { name: /Sign disposition of/ });
    await expect(dialog.getByTestId("disposition-completeness")).toContainText("Incomplete data");
    await expect(dialog.getByTestId("disposition-completeness")).toContainText(/Silence at the end|Gap/);
    await dialog.getByText("Released", { exact: true }).click();
    await dialog.getByRole("textbox", { name: "Comment" }).fill("Fine");
    await dialog.getByLabel("Your password").fill("irrelevant-here-1");
    await dialog.getByRole("button", { name: "Sign" }).click();
    await expect(dialog).toContainText("The data is incomplete: say in at least 10 characters why it can be signed");
  });
});

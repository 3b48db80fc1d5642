import { DEMO_PASSWORD } from "../../server/seed/accounts";
import { expect, test } from "./support/fixtures";
import { firstReport } from "./support/reports";
import { signInAt } from "./support/sign-in";

/**
 * The workflow after an alarm: acknowledged in the inbox, investigated in a deviation that
 * is closed with a signature, and the report released under it. admin@demo.example is an
 * administrator (changes and approves reports); the report is an ended one of the demo
 * seed with an open alarm and no disposition, found over the API.
 */

test("an alarm is acknowledged, investigated in a deviation closed with a signature, and the report released under it", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const report = await firstReport(
    page,
    "admin@demo.example",
    "status[eq]ended,openAlarm[eq]true,dispositioned[eq]false,isArchived[eq]false",
  );
  await signInAt(
    page,
    "admin@demo.example",
    `/alarms?${new URLSearchParams({ filter: `labelId[ilike]${report.labelId}` })}`,
  );
  const rows = page.locator(".ant-table-tbody tr.ant-table-row");
  const alarm = rows.filter({ hasText: "Open" }).first();
  await alarm.getByRole("button", { name: "Acknowledge" }).click();
  const ack = page.getByRole("dialog");
  await ack.getByLabel("Comment").fill("Reefer restarted, load set aside for QA");
  await ack.getByRole("button", { name: "Acknowledge" }).click();
  await expect(page.getByText("Alarm acknowledged")).toBeVisible();

  const acknowledged = rows.filter({ hasText: "Acknowledged" }).first();
  await acknowledged.getByRole("button", { name: "Create deviation" }).click();
  const open = page.getByRole("dialog", { name: `Create deviation on ${report.labelId}` });
  await expect(open.getByRole("checkbox", { checked: true })).toHaveCount(1);
  await open.getByLabel("Title").fill("Temperature above 8 °C during the hub stop");
  await open.getByRole("button", { name: "Create deviation" }).click();
  await expect(page).toHaveURL(/\/deviations\/[0-9a-f-]+$/);
  const heading = page.getByRole("heading", { name: /^DEV-\d{4}-\d{4}: Temperature above 8 °C/ });
  await expect(heading).toBeVisible();
  const number = ((await heading.textContent()) ?? "").split(":")[0] ?? "";

  // Closing waits for the root cause and the product impact.
  const closeButton = page.getByRole("button", { name: "Close with signature" });
  await expect(closeButton).toBeDisabled();
  await page.getByLabel("Root cause").fill("Compressor tripped during the hub stop");
  await page.getByLabel("Product impact assessment").fill("Within the stability data: no impact on quality");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await expect(closeButton).toBeEnabled();

  await closeButton.click();
  const sign = page.getByRole("dialog", { name: `Close ${number}` });
  await sign.getByLabel("Closing summary").fill("Goods may be released");
  await sign.getByLabel("Your password").fill(DEMO_PASSWORD);
  await sign.getByRole("button", { name: "Sign and close" }).click();
  await expect(sign).toBeHidden();
  const closing = page.getByTestId("deviation-closing");
  await expect(closing).toContainText("Anna Weber");
  await expect(closing).toContainText(/[0-9a-f]{64}/);
  await expect(page.getByTestId("deviation-alarms")).toContainText("Closed");
  await expect(page.getByRole("button", { name: "Close with signature" })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("closed-deviation.png"), fullPage: true });

  await page.getByRole("link", { name: report.labelId }).click();
  await expect(page.getByRole("region", { name: "Deviations" })).toContainText(number);
  const section = page.getByRole("region", { name: "Disposition" });
  await section.getByRole("button", { name: "Sign disposition" }).click();
  const dialog = page.getByRole("dialog", { name: /Sign disposition of/ });
  await dialog.getByText("Released", { exact: true }).click();
  await dialog.getByRole("combobox", { name: "Release under a closed deviation" }).click();
  await page.locator(".ant-select-item-option", { hasText: number }).click();
  await dialog.getByRole("textbox", { name: "Comment" }).fill("Released under the closed deviation");
  await dialog.getByLabel("Your password").fill(DEMO_PASSWORD);
  await page.screenshot({ path: testInfo.outputPath("release-under-deviation.png") });
  await dialog.getByRole("button", { name: "Sign" }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByTestId("disposition-current")).toContainText("Released for sale");
});

test("a release is refused while an alarm of the report is open, and the dialog says which", async ({ page }) => {
  const report = await firstReport(
    page,
    "admin@demo.example",
    "status[eq]ended,openAlarm[eq]true,dispositioned[eq]false,isArchived[eq]false",
  );
  await signInAt(page, "admin@demo.example", `/label-reports/${report.id}`);
  const section = page.getByRole("region", { name: "Disposition" });
  await section.getByRole("button", { name: "Sign disposition" }).click();
  const dialog = page.getByRole("dialog", { name: /Sign disposition of/ });
  await dialog.getByText("Released", { exact: true }).click();
  await expect(dialog.getByTestId("release-blockers")).toContainText("Alarm:");
  await dialog.getByRole("textbox", { name: "Comment" }).fill("Trying to release anyway");
  await dialog.getByLabel("Your password").fill(DEMO_PASSWORD);
  await dialog.getByRole("button", { name: "Sign" }).click();
  await expect(dialog).toContainText("cannot be released while it has open alarm");
  await expect(section).toContainText("No disposition signed yet");
});

test("the deviations list narrows to those opened on the chosen days, in the address", async ({ page }) => {
  await signInAt(page, "admin@demo.example", "/deviations");
  const rows = page.locator(".ant-table-tbody .ant-table-row");
  await expect(rows.first()).toBeVisible();
  const titles = await page.locator(".ant-table-thead th").allInnerTexts();
  const opened = titles.findIndex((h) => h.trim() === "Opened") + 1;
  const openedCells = rows.locator(`td:nth-child(${opened})`);
  // The last row's day (MM/DD/YYYY, the person's zone): the oldest deviation shown.
  const [month, day, year] = ((await openedCells.last().textContent()) ?? "").match(/\d+/g)?.map(Number) ?? [];
  const chosen = new Date(Date.UTC(year as number, (month as number) - 1, day));
  const dayBefore = new Date(chosen.getTime() - 86_400_000);
  const dataDay = (date: Date) => date.toISOString().slice(0, 10);
  const shown = (date: Date) =>
    date.toLocaleDateString("en-US", { timeZone: "UTC", day: "2-digit", month: "2-digit", year: "numeric" });

  // The day before and the day of the oldest deviation shown (a range is two days picked).
  await page.getByRole("combobox", { name: "Opened between" }).click();
  const calendar = page.getByRole("dialog").filter({ has: page.getByRole("grid") });
  for (const date of [chosen, dayBefore]) {
    const target = calendar.locator(`[data-day="${dataDay(date)}"]`);
    // The panel opens on this month; seeded deviations are weeks old at most.
    for (let i = 0; i < 12 && (await target.count()) === 0; i += 1)
      await calendar.getByRole("button", { name: "Previous month" }).click();
    await target.click();
  }
  await calendar.getByRole("button", { name: "Select period" }).click();

  await expect(page).toHaveURL(/created%5Bgte%5D|created\[gte\]/);
  await expect
    .poll(async () => {
      const texts = await openedCells.allTextContents();
      return (
        texts.length > 0 && texts.every((text) => [chosen, dayBefore].some((date) => text.startsWith(shown(date))))
      );
    })
    .toBe(true);
});

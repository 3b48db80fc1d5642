import { encodeFilters } from "../../core/domain/list-query";
import { ATTENTION_LISTS } from "../../core/domain/needs-attention";
import { expect, type Page, test } from "./support/fixtures";
import { ingestedLabel, reportsWhere } from "./support/reports";
import { attachBothSizes } from "./support/screenshots";
import { signIn, signInAt } from "./support/sign-in";

/** The needs-attention page: its short lists, counts in the menu, links into the report list. */

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

  test("closing a report opened from Needs attention returns to Needs attention", async ({ page }) => {
    await signInAt(page, "admin@demo.example", "/needs-attention");
    const first = page.getByTestId("attention-awaitingDecision").locator(".ant-list-item a").first();
    await expect(first).toBeVisible();
    await first.click();
    const drawer = page.locator(".ant-drawer-content");
    await expect(drawer).toBeVisible();
    await page.locator(".ant-drawer-close").click();
    await expect(page).toHaveURL(/\/needs-attention$/);
    await expect(page.getByTestId("attention-awaitingDecision")).toBeVisible();
  });

  test("the menu badge counts each report once, however many lists it is in", async ({ page }) => {
    // What the lists hold, read from the API: a report may be in two of them.
    const ids = new Set<string>();
    let inLists = 0;
    for (const list of ATTENTION_LISTS) {
      const found = await reportsWhere(page, "admin@demo.example", encodeFilters(list.filters));
      inLists += found.length;
      for (const { id } of found) ids.add(id);
    }
    expect(inLists, "the demo has a report in two lists").toBeGreaterThan(ids.size);
    await signInAt(page, "admin@demo.example", "/needs-attention");
    const badge = page.locator(".ant-layout-sider .ant-menu").first().getByTestId("attention-badge");
    await expect(badge).toHaveAttribute("aria-label", `${ids.size} to look at`);
  });

  test("a stopped report's line says Stopped, as the report list does", async ({ page }) => {
    // A label stopped early with an excursion, made here through an ingest key: the newest end of the demo.
    const labelId = `STOPPED-${Date.now().toString(36)}`;
    // Two hours at 40 °C: over every preset's limit for longer than any alarm delay.
    const readings = Array.from({ length: 25 }, (_, i) => ({
      time: new Date(Date.now() - (125 - i * 5) * 60_000).toISOString(),
      temperature: 40,
    }));
    const label = await ingestedLabel(page, "admin@demo.example", labelId, readings);
    await label.stop("stopped");

    // Its alarm is open: the report is in "Open alarms" and no other list until someone acknowledges it.
    await signInAt(page, "admin@demo.example", "/needs-attention");
    await expect(
      page.getByTestId("attention-openAlarm").locator(".ant-list-item").filter({ hasText: labelId }),
    ).toBeVisible();
    await page.goto(`/alarms?${new URLSearchParams({ filter: `labelId[ilike]${labelId}` })}`);
    await page.getByRole("button", { name: "Acknowledge" }).first().click();
    await page.getByRole("dialog").getByLabel("Comment").fill("Label stopped early, goods checked");
    await page.getByRole("dialog").getByRole("button", { name: "Acknowledge" }).click();
    await expect(page.getByText("Alarm acknowledged")).toBeVisible();

    await page.goto("/needs-attention");
    const line = page.getByTestId("attention-awaitingDecision").locator(".ant-list-item").filter({ hasText: labelId });
    await expect(line).toContainText(/Stopped \d/);
  });
});

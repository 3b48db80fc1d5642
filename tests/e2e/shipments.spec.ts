import { expect, test } from "./support/fixtures";
import { latestMailTo, mailCountTo } from "./support/mail";
import { signInAt } from "./support/sign-in";

/** Shipments: create one with two labels, then see its verdict and one chart with a line per label. */

test.describe("shipments", () => {
  test("a shipment created with two labels shows both summaries, the verdict and the combined chart", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, "admin@demo.example", "/shipments");
    const menu = page.locator(".ant-layout-sider .ant-menu").first();
    await expect(menu.getByText("Shipments", { exact: true })).toBeVisible();
    // The demo's shipments are listed.
    await expect(page.locator(".ant-table-tbody tr.ant-table-row").first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("shipment-list.png"), fullPage: true });

    const reference = `E2E-${Date.now()}`;
    await page.getByRole("button", { name: "New shipment" }).click();
    const dialog = page.getByRole("dialog");
    // Only the reference is required: the other fields carry the form's "optional" badge.
    await expect(dialog.locator("label", { hasText: "Origin" })).toContainText("optional");
    await expect(dialog.locator("label", { hasText: "Reference" })).not.toContainText("optional");
    await dialog.getByLabel("Reference").fill(reference);
    await dialog.getByLabel("Origin").fill("Basel");
    await dialog.getByLabel("Destination").fill("Rotterdam");
    await dialog.getByLabel("Carrier").fill("Kuehne+Nagel");
    await dialog.getByRole("combobox", { name: "Labels" }).click();
    const options = page.locator(".ant-select-dropdown:visible .ant-select-item-option");
    await expect(options.nth(1)).toBeVisible();
    const first = ((await options.nth(0).textContent()) ?? "").split(" ")[0] ?? "";
    const second = ((await options.nth(1).textContent()) ?? "").split(" ")[0] ?? "";
    await options.nth(0).click();
    await options.nth(1).click();
    await dialog.getByRole("combobox", { name: "Labels" }).press("Escape");
    await page.screenshot({ path: testInfo.outputPath("new-shipment.png") });
    await dialog.getByRole("button", { name: "Create" }).click();

    await expect(page.getByRole("heading", { name: `Shipment ${reference}` })).toBeVisible();
    await expect(page.getByTestId(`shipment-label-${first}`)).toBeVisible();
    await expect(page.getByTestId(`shipment-label-${second}`)).toBeVisible();
    await expect(page.getByTestId("shipment-verdict")).toContainText(/Violation|No data|Incomplete data|OK/);
    const chart = page.getByTestId("shipment-chart");
    await expect(chart.getByRole("list", { name: "Chart legend" })).toContainText(first);
    await expect(chart.getByRole("list", { name: "Chart legend" })).toContainText(second);
    await expect(chart).toHaveAttribute("data-chart-painted", "true");
    await expect(chart.locator("canvas")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("shipment.png"), fullPage: true });
  });

  test("one disposition signed for a demo shipment is given to each of its labels", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, "admin@demo.example", "/shipments");
    await page.getByRole("link", { name: "SHP-2026-0101" }).click();
    await expect(page.getByRole("heading", { name: "Shipment SHP-2026-0101" })).toBeVisible();
    await page.getByRole("button", { name: "Sign disposition" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Quarantined", { exact: true }).click();
    await dialog.getByLabel("Comment").fill("Held until the carrier's logs are checked");
    await dialog.getByLabel("Your password").fill("ColdChain-2026");
    await page.screenshot({ path: testInfo.outputPath("sign-shipment.png") });
    await dialog.getByRole("button", { name: "Sign" }).click();
    await expect(dialog).toBeHidden();
    const cards = page.locator('[data-testid^="shipment-label-"]');
    await expect(cards.first()).toContainText("Quarantined");
    for (const card of await cards.all()) await expect(card).toContainText("Quarantined");
  });

  test("someone without a password signs a shipment's disposition with a code e-mailed for that decision", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, "admin@demo.example", "/shipments");
    await page.getByRole("link", { name: "SHP-2026-0103" }).click();
    await expect(page.getByRole("heading", { name: "Shipment SHP-2026-0103" })).toBeVisible();
    await page.getByRole("button", { name: "Sign disposition" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Quarantined", { exact: true }).click();
    const mailsBefore = mailCountTo("admin@demo.example");
    await dialog.getByRole("button", { name: "No password? E-mail me a code" }).click();
    await expect(dialog.getByText('E-mailed for "Quarantined"; it is valid for 15 minutes.')).toBeVisible();
    const mail = await latestMailTo("admin@demo.example", mailsBefore);
    const code = /code is (\S+)\./.exec(mail.text)?.[1] as string;

    // The code signs the decision it was e-mailed for only, and the dialog says so.
    await dialog.getByText("Rejected", { exact: true }).click();
    await expect(dialog.getByTestId("code-for-other-disposition")).toContainText('The code signs "Quarantined" only.');
    await dialog.getByText("Quarantined", { exact: true }).click();
    await expect(dialog.getByTestId("code-for-other-disposition")).toBeHidden();

    // Two of its labels fell silent: the comment says why it can be signed anyway.
    await expect(dialog.getByText("Required: a label's data is incomplete")).toBeVisible();
    await dialog.getByLabel("Comment").fill("Held until the silent labels' gaps are explained");
    await dialog.getByLabel("Code from your e-mail").fill(code);
    await dialog.getByRole("button", { name: "Sign" }).click();
    await expect(dialog).toBeHidden();
    const cards = page.locator('[data-testid^="shipment-label-"]');
    await expect(cards.first()).toContainText("Quarantined");
    for (const card of await cards.all()) await expect(card).toContainText("Quarantined");
  });

  test("the carrier filter narrows the shipments list and stays in the address", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, "admin@demo.example", "/shipments");
    await expect(page.getByRole("link", { name: "SHP-2026-0104" })).toBeVisible();
    await page.getByLabel("Filter by carrier").fill("maersk");
    await expect(page).toHaveURL(/carrier%5Bilike%5Dmaersk|carrier\[ilike\]maersk/);
    await expect(page.getByRole("link", { name: "SHP-2026-0105" })).toBeVisible();
    await expect(page.getByRole("link", { name: "SHP-2026-0104" })).toBeHidden();
    await page.reload();
    await expect(page.getByLabel("Filter by carrier")).toHaveValue("maersk");
    await expect(page.getByRole("link", { name: "SHP-2026-0104" })).toBeHidden();
  });
});

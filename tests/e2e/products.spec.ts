import { expect, test } from "./support/fixtures";
import { signInAt } from "./support/sign-in";

/** Products: a product's page lists its batches with a bar of the stability budget each used. */

test.describe("products", () => {
  test("a product's page shows each batch's budget bar and what is left", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, "admin@demo.example", "/products");
    await page.getByRole("link", { name: "Insulin glargine 100 U/ml" }).click();
    await expect(page.getByRole("heading", { name: "Product Insulin glargine 100 U/ml" })).toBeVisible();
    const batch = page.getByRole("row", { name: /IG-2611/ });
    await expect(batch.getByRole("progressbar", { name: "Budget used above the range" })).toBeVisible();
    await expect(batch.getByTestId("budget-above")).toContainText(/\d+ h of 72 h left above 8 °C/);
    await expect(batch.getByTestId("budget-below")).toContainText("24 h of 24 h left below 2 °C");
    await page.screenshot({ path: testInfo.outputPath("product.png"), fullPage: true });
  });

  test("a shipment whose batch used up its budget is critical and says what is left", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, "admin@demo.example", "/shipments");
    await page.getByRole("link", { name: "SHP-2026-0102" }).click();
    await expect(page.getByRole("heading", { name: "Shipment SHP-2026-0102" })).toBeVisible();
    await expect(page.getByTestId("budget-exhausted")).toHaveText("Critical: stability budget exhausted");
    await expect(page.getByTestId("shipment-budget")).toContainText("0 h of 48 h left above 8 °C");
    await page.screenshot({ path: testInfo.outputPath("shipment-budget.png"), fullPage: true });
  });

  test("the storage range and the budgets read in the person's °F", async ({ page }) => {
    await signInAt(page, "admin@demo.example", "/products");
    // The person prefers °F, as the Preferences tab keeps it in this browser.
    await page.evaluate(() =>
      localStorage.setItem(
        "preferences",
        JSON.stringify({ state: { fahrenheit: true, showLabelPresetFeatureModal: false }, version: 0 }),
      ),
    );
    await page.reload();
    const product = page.getByRole("row", { name: /Insulin glargine 100 U\/ml/ });
    await expect(product).toContainText("35.6–46.4 °F");
    await product.getByRole("link", { name: "Insulin glargine 100 U/ml" }).click();
    const batch = page.getByRole("row", { name: /IG-2611/ });
    await expect(batch.getByTestId("budget-above")).toContainText(/\d+ h of 72 h left above 46.4 °F/);
    await expect(batch.getByTestId("budget-below")).toContainText("24 h of 24 h left below 35.6 °F");
  });
});

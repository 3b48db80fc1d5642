import { expect, test } from "./support/fixtures";
import { firstReport } from "./support/reports";
import { apiAs } from "./support/sign-in";

/**
 * The public /verify page: a partner drops a record
 * document or a report PDF, and the page says whether this server issued it, unchanged.
 * No sign-in: the record comes from the API here, as a partner would have received it.
 */

async function recordOfAReport(page: import("@playwright/test").Page) {
  const report = await firstReport(page, "admin@demo.example", "status[eq]ended");
  const headers = await apiAs(page.request, "admin@demo.example");
  const res = await page.request.get(`/api/label-reports/${report.id}/record`, { headers });
  expect(res.status()).toBe(200);
  return { labelId: report.labelId, bytes: await res.body() };
}

test("a genuine record document is reported as issued by this server, unchanged", async ({ page }) => {
  const { labelId, bytes } = await recordOfAReport(page);
  await page.goto("/verify");
  await expect(page.getByRole("heading", { name: "Verify a record" })).toBeVisible();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "record.json", mimeType: "application/json", buffer: bytes });
  const verdict = page.getByTestId("verify-verdict");
  await expect(verdict).toContainText(/This record was issued by .+ on \d{1,2}\/\d{1,2}\/\d{4}.*, unchanged/);
  await expect(page.getByRole("region", { name: "Result" })).toContainText(labelId);
});

test("a record document with one reading changed is reported as not issued here", async ({ page }) => {
  const { bytes } = await recordOfAReport(page);
  const text = bytes.toString("utf8");
  // The first reading's temperature, one digit changed: what a forger would do.
  const forged = text.replace(
    /("readings":\[\["[^"]+",)(-?\d)/,
    (_m, head: string, digit: string) => `${head}${digit === "9" ? "8" : "9"}`,
  );
  expect(forged).not.toBe(text);
  await page.goto("/verify");
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "record.json", mimeType: "application/json", buffer: Buffer.from(forged) });
  await expect(page.getByTestId("verify-verdict")).toContainText("Not issued by this server");
});

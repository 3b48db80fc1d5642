import { expect, test } from "./support/fixtures";
import { attachScreenshot } from "./support/screenshots";
import { signIn } from "./support/sign-in";

// The shell is part of `npm run test:quick`'s browser smoke (scripts/test.mjs).
const smoke = { tag: "@smoke" };

test("the app loads: a visitor without a session ends on the sign-in page", smoke, async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/signin(\?|$)/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});

test("an unknown route shows the not-found page with its path", smoke, async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page.getByText("Page not found: /no-such-page")).toBeVisible();
  await expect(page.getByText("Page Not Found", { exact: true })).toBeVisible();
});

test("a signed-in user opening the sign-in page goes to the label reports", smoke, async ({ page }) => {
  await signIn(page, "admin@demo.example");
  await page.goto("/signin");
  await expect(page).toHaveURL(/\/label-reports/);
  await expect(page.locator("tr.ant-table-row").first()).toBeVisible();
});

test(
  "on a phone a long company name stays on one header line, clear of the page title",
  smoke,
  async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, "admin@demo.example");
    const company = page.getByLabel("Company", { exact: true });
    const title = page.getByRole("heading", { name: "Label reports" });
    await expect(company).toBeVisible();
    await expect(title).toBeVisible();
    await attachScreenshot(page, testInfo, "label-reports-390x844");
    const companyBox = await company.boundingBox();
    const titleBox = await title.boundingBox();
    if (!companyBox || !titleBox) throw new Error("company or title not laid out");
    // One line: no taller than its own line height (the header's), and above the title.
    const lineHeight = await company.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
    expect(companyBox.height).toBeLessThanOrEqual(lineHeight + 1);
    expect(companyBox.y + companyBox.height).toBeLessThanOrEqual(titleBox.y);
  },
);

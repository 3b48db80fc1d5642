import { expect, test } from "@playwright/test";

test("the app loads: a visitor without a session ends on the sign-in page", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/signin(\?|$)/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});

test("an unknown route shows the not-found page with its path", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page.getByText("Page not found: /no-such-page")).toBeVisible();
  await expect(page.getByText("Page Not Found", { exact: true })).toBeVisible();
});

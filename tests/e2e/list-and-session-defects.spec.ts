import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/sign-in";

/** Collects the page's uncaught errors and console errors, to show none was a render loop. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

async function openUserMenuAndSignOut(page: Page) {
  await page
    .getByRole("button", { name: /user menu/i })
    .or(page.locator("header .ant-dropdown-trigger"))
    .first()
    .click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
}

/** The sign-in page as the user sees it after a sign-out: the form and the spec's snackbar, no error page. */
async function expectSignedOutCleanly(page: Page, errors: string[]) {
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByText("You have successfully signed out")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(page.getByText("Internal Server Error")).toHaveCount(0);
  expect(errors.filter((e) => /#185|Maximum update depth/.test(e))).toEqual([]);
}

test.describe("sign-out never loops the renderer (React error #185)", () => {
  test("signing out from the user menu lands on the sign-in form with the snackbar", async ({ page }) => {
    const errors = watchErrors(page);
    await signIn(page, "admin@demo.example");
    await expect(page.getByRole("row").nth(1)).toBeVisible();
    await openUserMenuAndSignOut(page);
    await expectSignedOutCleanly(page, errors);
  });

  test("a session ended elsewhere signs this tab out to the sign-in form", async ({ page, request }) => {
    const errors = watchErrors(page);
    await signIn(page, "admin@demo.example");
    await expect(page.getByRole("row").nth(1)).toBeVisible();
    // Another device ends this very session on the server; this browser still holds its cookies.
    const cookies = await page.context().cookies();
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const ended = await request.post("/api/auth/signout", {
      headers: { cookie, "st-auth-mode": "cookie", rid: "session" },
    });
    expect(ended.ok()).toBe(true);
    await page
      .getByRole("menuitem", { name: "Users" })
      .or(page.getByRole("link", { name: "Users" }))
      .first()
      .click();
    await expectSignedOutCleanly(page, errors);
  });
});

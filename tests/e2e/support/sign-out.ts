import { expect, type Page } from "@playwright/test";

/** Collects the page's uncaught errors and console errors, to show none was a render loop. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

/** The sign-in page as the user sees it after a sign-out: the form and the spec's snackbar, no error page. */
export async function expectSignedOutCleanly(page: Page, errors: string[]) {
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByText("You have successfully signed out")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(page.getByText("Internal Server Error")).toHaveCount(0);
  expect(errors.filter((e) => /#185|Maximum update depth/.test(e))).toEqual([]);
}

/**
 * Goes to the Users page (a link in the sidebar, a menu item when it is collapsed), which
 * asks the server with the tab's session, and expects the tab to end on the sign-in form.
 * The tab may find out first on its own (a background request of the shell answered 401 while
 * the test reached for the link): the link is then gone, and the sign-in form is what counts.
 */
export async function expectUsersPageSignsOut(page: Page, errors: string[]) {
  const users = page
    .getByRole("menuitem", { name: "Users" })
    .or(page.getByRole("link", { name: "Users" }))
    .first();
  const clicked = users.click();
  const signedOut = page.waitForURL(/\/signin/);
  // The one of the two still waiting ends with the page; its error is not the test's.
  for (const step of [clicked, signedOut]) step.catch(() => undefined);
  await Promise.race([clicked, signedOut]);
  await expectSignedOutCleanly(page, errors);
}

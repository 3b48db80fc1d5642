import { DEMO_PASSWORD } from "../../server/seed/accounts";
import { expect, type Page, test } from "./support/fixtures";
import { signInAt } from "./support/sign-in";

/**
 * The company's inactivity limit (default 30 minutes) signs a person out in the dashboard,
 * keeping the page to return to. The page's clock is moved instead of waiting; the server's
 * clock cannot be, so its refusal of a late refresh is the API tests' (session-inactivity).
 * Hour-long access tokens: with the suite's 8-second ones, the moved clock would make every
 * request refresh first, which is not what these tests are about.
 */
test.use({ accessTokenSeconds: 3600 });

const LIST = `/label-reports?filter=${encodeURIComponent("status[eq]recording,isArchived[eq]false")}`;
const IDLE_MESSAGE = "You were signed out after 30 minutes without activity.";
const WARNING = "You will be signed out in 1 minute";

const pathAndQuery = (url: string) => {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
};

async function openListWithMovableClock(page: Page): Promise<string> {
  // Installed before the first page loads, so every timer of the dashboard runs on it.
  await page.clock.install();
  await signInAt(page, "admin@demo.example", LIST);
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  return pathAndQuery(page.url());
}

test("31 minutes without an action sign out to the sign-in page, and signing in returns to the page", async ({
  page,
}) => {
  const listPage = await openListWithMovableClock(page);
  await page.clock.fastForward("31:00");
  await expect(page).toHaveURL(/\/signin\?/);
  await expect(page.getByText(IDLE_MESSAGE)).toBeVisible();
  expect(new URL(page.url()).searchParams.get("to")).toBe(listPage);
  await page.screenshot({ path: test.info().outputPath("signed-out-after-inactivity.png") });

  await page.getByRole("textbox", { name: "E-mail" }).fill("admin@demo.example");
  await page.getByRole("textbox", { name: "Password" }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL((url) => pathAndQuery(url.href) === listPage);
  await expect(page.getByRole("row").nth(1)).toBeVisible();
});

test("an action before the limit keeps the person signed in; a warning comes a minute before", async ({ page }) => {
  const listPage = await openListWithMovableClock(page);
  const warning = page.getByText(WARNING);

  // Each wait starts with an action, so the real seconds a busy machine takes between the
  // steps do not add up: the warning shows from 29 minutes, the sign-out at 30.
  await page.keyboard.press("Shift");
  await page.clock.fastForward("29:05");
  await expect(warning).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("inactivity-warning.png") });
  // The dialog's opening motion steps on animation frames, which the installed clock holds:
  // the page's time is moved on until the click lands (after one second of it, the dialog
  // once stayed half-open under its backdrop and the click never landed).
  // A click that landed but reported a time-out closes the dialog: the next round sees it gone.
  await expect(async () => {
    if (!(await warning.isVisible())) return;
    await page.clock.runFor(500);
    await page.getByRole("button", { name: "Stay signed in" }).click({ timeout: 2_000 });
  }).toPass();
  await expect(warning).toBeHidden();

  // An hour after the sign-in, but under 30 minutes after the last action: warned, not signed out.
  await page.clock.fastForward("29:05");
  await expect(warning).toBeVisible();
  await page.keyboard.press("Shift");
  await expect(warning).toBeHidden();
  expect(pathAndQuery(page.url())).toBe(listPage);
  await expect(page.getByRole("row").nth(1)).toBeVisible();
});

test("an administrator sets the limit on the company settings page", async ({ page }) => {
  await signInAt(page, "admin@demo.example", "/settings/company-settings/general");
  const field = page.getByRole("spinbutton", { name: "Sign out after inactivity" });
  await expect(field).toHaveValue("30");
  await expect(page.getByText(/do nothing in the dashboard for this long are signed out/)).toBeVisible();
  const save = async (minutes: string) => {
    await field.fill(minutes);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Company settings saved").last()).toBeVisible();
  };
  await save("45");
  await page.reload();
  await expect(field).toHaveValue("45");
  // Back to the default, for the other tests of this worker's server.
  await save("30");
});

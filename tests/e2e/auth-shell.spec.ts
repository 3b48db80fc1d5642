import { formatPhone } from "../../core/domain/phone";
import { SEED_COMPANIES } from "../../server/seed/companies";
import { expect, type Page, test } from "./support/fixtures";
import { impersonationRevoked } from "./support/impersonation";
import { latestMailTo, mailCountTo, textsTo } from "./support/mail";
import { attachBothSizes } from "./support/screenshots";
import { apiAs, signInWithForm, submitSignIn } from "./support/sign-in";

/**
 * The auth pages and the dashboard's shell as a new user meets them: sign-in
 * by phone, the guards' 403 page, the demo page's sign-in, requests bound to fail, the
 * sign-up and company-choice wording.
 */

const phoneOf = (email: string) =>
  SEED_COMPANIES.flatMap((c) => c.people).find((p) => p.email === email)?.phone as string;

async function askForPhoneCode(page: Page, typed: string) {
  await page.goto("/signin");
  await page.getByRole("tab", { name: "E-mail or phone code" }).click();
  await page.getByRole("tabpanel").getByText("Phone", { exact: true }).click();
  await page.getByRole("textbox", { name: "Phone number" }).fill(typed);
  await page.getByRole("button", { name: "Send me a code" }).click();
}

/** Records every 4xx/5xx answer and console error of the page, so a test can say none came. */
function watchFailures(page: Page) {
  const failures: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 400)
      failures.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on("console", (message) => {
    if (message.type() === "error") failures.push(`console: ${message.text()}`);
  });
  return failures;
}

test.describe("sign-in by phone", () => {
  test("the phone form's own example is accepted as a number", async ({ page }, testInfo) => {
    await page.goto("/signin");
    await page.getByRole("tab", { name: "E-mail or phone code" }).click();
    await page.getByRole("tabpanel").getByText("Phone", { exact: true }).click();
    const example = /e\.g\. (\+[\d ]+)/.exec((await page.getByText(/e\.g\. \+/).textContent()) ?? "")?.[1]?.trim();
    expect(example).toBeTruthy();
    await page.getByRole("textbox", { name: "Phone number" }).fill(example as string);
    await attachBothSizes(page, testInfo, "sign-in-phone", { fullPage: true });
    await page.getByRole("button", { name: "Send me a code" }).click();
    // No demo account has the example number: the answer is about the account, not the number's form.
    await expect(page.getByText(/There is no account for this address/)).toBeVisible();
    await expect(page.getByText("Phone number is invalid")).toHaveCount(0);
  });

  test("a seeded account signs in with its number typed with spaces", async ({ page }) => {
    const phone = phoneOf("user@demo.example");
    const before = mailCountTo(textsTo(phone));
    await askForPhoneCode(page, phone);
    await expect(page.getByText(`We sent a 6-digit code to ${formatPhone(phone.replace(/\s/g, ""))}`)).toBeVisible();
    const text = await latestMailTo(textsTo(phone), before);
    const code = /sign-in code is (\d{6})/.exec(text.text)?.[1] as string;
    await page.getByRole("textbox", { name: "Code" }).fill(code);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/label-reports/);
  });

  test.describe("in a German browser", () => {
    test.use({ locale: "de-DE" });
    test("a seeded account signs in with its national number", async ({ page }) => {
      const phone = phoneOf("admin@demo.example");
      const national = phone.replace(/^\+49 /, "0");
      const before = mailCountTo(textsTo(phone));
      await askForPhoneCode(page, national);
      const text = await latestMailTo(textsTo(phone), before);
      const code = /sign-in code is (\d{6})/.exec(text.text)?.[1] as string;
      await page.getByRole("textbox", { name: "Code" }).fill(code);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/label-reports/);
    });
  });
});

test.describe("pages a role may not use", () => {
  test("a user typing /users/invite gets the 403 page, and no link leads there", async ({ page }, testInfo) => {
    await signInWithForm(page, "user@demo.example");
    await page.goto("/users");
    await expect(page.getByRole("row").nth(1)).toBeVisible();
    await expect(page.getByRole("button", { name: "Invite user" })).toHaveCount(0);
    await page.goto("/users/invite");
    await expect(page).toHaveURL(/\/403$/);
    await expect(page.getByText("Access denied", { exact: true })).toBeVisible();
    await expect(page.getByText(/You do not have permission/)).toHaveCount(0);
    await attachBothSizes(page, testInfo, "forbidden", { fullPage: true });
  });

  test("the controls' demo page asks a visitor to sign in", async ({ page }) => {
    await page.goto("/ui-kit");
    await expect(page).toHaveURL(/\/signin/);
    await expect(page.getByRole("heading", { name: "Controls", level: 1 })).toHaveCount(0);
  });
});

test.describe("requests bound to fail are not sent", () => {
  test("an anonymous visit to / answers no 4xx and logs no console error", async ({ page }) => {
    const failures = watchFailures(page);
    await page.goto("/");
    await expect(page).toHaveURL(/\/signin/);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    // Whatever the page loads after its first paint (the auth code, fonts) has come.
    await page.waitForLoadState("networkidle");
    expect(failures).toEqual([]);
  });

  test("starting impersonation answers no 4xx and logs no console error", async ({ page }) => {
    await signInWithForm(page, "system@demo.example");
    await page.goto("/control-center/companies");
    await page.getByRole("searchbox", { name: "Search" }).fill("Meridian");
    await page.getByRole("searchbox", { name: "Search" }).press("Enter");
    await page.getByRole("link", { name: "Meridian Pharma GmbH" }).click();
    await expect(page.getByRole("heading", { name: "Members" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    const failures = watchFailures(page);
    await page.getByRole("button", { name: "Impersonate admin@demo.example" }).click();
    await page.getByRole("button", { name: "Impersonate", exact: true }).click();
    await expect(page).toHaveURL(/\/label-reports/);
    await expect(page.getByRole("status", { name: "Impersonation" })).toBeVisible();
    await expect(page.getByRole("row").nth(1)).toBeVisible();
    await page.waitForLoadState("networkidle");
    await page
      .getByRole("status", { name: "Impersonation" })
      .getByRole("button", { name: "Stop impersonating" })
      .click();
    await expect(page.getByRole("status", { name: "Impersonation" })).toHaveCount(0);
    await page.waitForLoadState("networkidle");
    expect(failures).toEqual([]);
  });

  test("the dashboard sends nothing with an impersonation token it is ending", async ({ page }) => {
    // A busy browser: the work the page leaves for idle time (the menu badge's counts) waits
    // until the test lets it run.
    await page.addInitScript(() => {
      const queued: IdleRequestCallback[] = [];
      const releaseIdle = () => {
        for (const run of queued.splice(0)) run({} as IdleDeadline);
      };
      Object.assign(window, { releaseIdle });
      window.requestIdleCallback = (run) => queued.push(run);
      window.cancelIdleCallback = () => {};
    });
    await signInWithForm(page, "system@demo.example");
    await page.goto("/control-center/companies");
    await page.getByRole("searchbox", { name: "Search" }).fill("Meridian");
    await page.getByRole("searchbox", { name: "Search" }).press("Enter");
    await page.getByRole("link", { name: "Meridian Pharma GmbH" }).click();
    await page.getByRole("button", { name: "Impersonate admin@demo.example" }).click();
    await page.getByRole("button", { name: "Impersonate", exact: true }).click();
    await expect(page.getByRole("status", { name: "Impersonation" })).toBeVisible();
    await expect(page.getByRole("row").nth(1)).toBeVisible();
    await page.waitForLoadState("networkidle");
    // The browser gets idle while the server is ending the token: nothing may go out with it.
    await page.route("**/api/auth/impersonate", async (route) => {
      const answer = await route.fetch();
      await page.evaluate(() => (window as unknown as { releaseIdle: () => void }).releaseIdle());
      await page.waitForLoadState("networkidle");
      await route.fulfill({ response: answer });
    });
    const failures = watchFailures(page);
    // A request held by page.route does not count against "networkidle": the test waits for
    // the revocation's answer itself, or it could end before the handler above does.
    const revoked = impersonationRevoked(page);
    await page
      .getByRole("status", { name: "Impersonation" })
      .getByRole("button", { name: "Stop impersonating" })
      .click();
    await expect(page).toHaveURL(/\/control-center\/companies/);
    await expect(page.getByRole("row").nth(1)).toBeVisible();
    expect((await revoked).status()).toBe(200);
    await page.waitForLoadState("networkidle");
    expect(failures).toEqual([]);
  });
});

test.describe("wording", () => {
  test("sign-up shows the invited e-mail as fixed, not as optional", async ({ page, request }, testInfo) => {
    const admin = await apiAs(request, "admin@demo.example");
    const email = `wording-${Date.now()}@demo.example`;
    const invite = await request.post("/api/user-invites", { headers: admin, data: { email, roles: ["user"] } });
    expect(invite.status()).toBe(201);
    const link = /(https?:\/\/\S+)/.exec((await latestMailTo(email)).text)?.[1] as string;
    const url = new URL(link);
    await page.goto(url.pathname + url.search);
    const field = page.getByRole("textbox", { name: /^E-mail/ });
    await expect(field).toHaveValue(email);
    await expect(field).not.toBeEditable();
    const item = page.locator(".ant-form-item").filter({ has: field });
    await expect(item).not.toContainText("optional");
    await expect(page.getByText("The address your invitation was sent to")).toBeVisible();
    await attachBothSizes(page, testInfo, "sign-up", { fullPage: true });
  });

  test("the company choice does not talk of several companies to a one-company user", async ({ page }, testInfo) => {
    await signInWithForm(page, "user@demo.example");
    await page.goto("/select-company");
    await expect(page.getByRole("heading", { name: "Select a company" })).toBeVisible();
    await expect(page.getByText(/several companies/)).toHaveCount(0);
    await expect(page.getByText("You work in one company: open it to continue.")).toBeVisible();
    await attachBothSizes(page, testInfo, "select-company-one", { fullPage: true });
  });

  test("the company choice counts the companies of a multi-company user", async ({ page }) => {
    await submitSignIn(page, "multi@demo.example");
    await expect(page).toHaveURL(/\/select-company/);
    await expect(page.getByText("You work in 2 companies. Choose the one to open.")).toBeVisible();
  });
});

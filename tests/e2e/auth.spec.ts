import { expect, type Page, test } from "./support/fixtures";
import { latestMailTo, linkIn, mailCountTo } from "./support/mail";
import { apiAs, submitSignIn as signInWithForm } from "./support/sign-in";

async function signOut(page: Page) {
  await page
    .getByRole("button", { name: /user menu/i })
    .or(page.locator("header .ant-dropdown-trigger"))
    .first()
    .click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
}

test.describe("signing in with a password", () => {
  for (const email of ["system@demo.example", "distributor@demo.example", "admin@demo.example", "user@demo.example"]) {
    test(`${email} signs in and lands on the label reports`, async ({ page }) => {
      await signInWithForm(page, email);
      await expect(page).toHaveURL(/\/label-reports/);
      await expect(page.getByRole("heading", { name: "Label reports" })).toBeVisible();
      await expect(page.getByRole("row").nth(1)).toBeVisible();
    });
  }

  test("a person with roles in two companies chooses a company, then can switch", async ({ page }) => {
    await signInWithForm(page, "multi@demo.example");
    await expect(page).toHaveURL(/\/select-company/);
    await page.getByRole("button", { name: "Open Aurora Biologics AB" }).click();
    await expect(page).toHaveURL(/\/label-reports/);
    await expect(page.getByText("Aurora Biologics AB").first()).toBeVisible();
    await page.goto("/select-company");
    await page.getByRole("button", { name: "Open Meridian Pharma GmbH" }).click();
    await expect(page).toHaveURL(/\/label-reports/);
    await expect(page.getByText("Meridian Pharma GmbH").first()).toBeVisible();
  });

  test("a wrong password shows the error and stays on the sign-in page", async ({ page }) => {
    await signInWithForm(page, "user@demo.example", "Not-the-password-1");
    await expect(page.getByText("Wrong sign-in credentials")).toBeVisible();
    await expect(page).toHaveURL(/\/signin/);
  });

  test("signing out shows the 'Sign out' snackbar and returns to the sign-in page", async ({ page }) => {
    await signInWithForm(page, "user@demo.example");
    await expect(page).toHaveURL(/\/label-reports/);
    await signOut(page);
    await expect(page).toHaveURL(/\/signin/);
    await expect(page.getByText("You have successfully signed out")).toBeVisible();
    // The session is really gone: the dashboard sends the visitor back to sign in.
    await page.goto("/label-reports");
    await expect(page).toHaveURL(/\/signin/);
  });

  test("an expired access token is refreshed without the user noticing", async ({ page }) => {
    await signInWithForm(page, "user@demo.example");
    await expect(page).toHaveURL(/\/label-reports/);
    // The e2e server's access tokens live 8 s (playwright.config.ts).
    await waitForAccessTokenExpiry(page);
    const refreshed = page.waitForResponse((r) => r.url().endsWith("/api/auth/session/refresh") && r.status() === 200);
    await page
      .getByRole("menuitem", { name: "Users" })
      .or(page.getByRole("link", { name: "Users" }))
      .first()
      .click();
    await refreshed;
    await expect(page).toHaveURL(/\/users/);
    await expect(page.getByRole("row").nth(1)).toBeVisible();
  });
});

/** Waits until the access token of the page's session has expired (the next page load refreshes it). */
async function waitForAccessTokenExpiry(page: Page) {
  const ate = await page.evaluate(() => {
    const raw = document.cookie
      .split("; ")
      .find((c) => c.startsWith("sFrontToken="))
      ?.slice("sFrontToken=".length);
    return raw ? (JSON.parse(atob(decodeURIComponent(raw))) as { ate: number }).ate : Date.now();
  });
  // The token's own expiry time, not a guess at how long a step takes: the server refuses it after this.
  await expect.poll(() => Date.now(), { message: "the access token has expired" }).toBeGreaterThan(ate + 500);
}

test.describe("a session refresh cut off on the way (quick reloads, a flaky network)", () => {
  test("a page load that cuts off the previous page's refresh keeps the person signed in", async ({ page }) => {
    await signInWithForm(page, "multi@demo.example");
    await page.getByRole("button", { name: "Open Aurora Biologics AB" }).click();
    await expect(page).toHaveURL(/\/label-reports/);
    await waitForAccessTokenExpiry(page);
    let started: () => void = () => {};
    const refreshStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    await page.route(
      "**/api/auth/session/refresh",
      async (route) => {
        // The server rotates the refresh token, and the answer never reaches the page: the next load cuts it off.
        await route.fetch();
        started();
        await page.waitForURL(/\/label-presets/, { waitUntil: "commit" }).catch(() => undefined);
        await route.abort().catch(() => undefined);
      },
      { times: 1 },
    );
    await page.goto("/users");
    await refreshStarted;
    await page.goto("/label-presets");
    await expect(page.getByRole("heading", { name: "Label presets" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Label presets" })).toBeVisible();
    await expect(page).toHaveURL(/\/label-presets/);
  });

  test("a refresh that fails on the network is retried, not a sign-out", async ({ page }) => {
    await signInWithForm(page, "user@demo.example");
    await expect(page).toHaveURL(/\/label-reports/);
    await waitForAccessTokenExpiry(page);
    await page.route("**/api/auth/session/refresh", (route) => route.abort("internetdisconnected"), { times: 1 });
    await page.goto("/users");
    await expect(page.getByRole("row").nth(1)).toBeVisible();
    await expect(page).toHaveURL(/\/users/);
  });
});

test.describe("invitations and passwords", () => {
  test("an invite link leads through sign-up into the invited company", async ({ page, request }) => {
    const admin = await apiAs(request, "admin@demo.example");
    const email = `invitee-${Date.now()}@demo.example`;
    const invite = await request.post("/api/user-invites", { headers: admin, data: { email, roles: ["user"] } });
    expect(invite.status()).toBe(201);
    const link = linkIn(await latestMailTo(email));
    expect(link.pathname).toBe("/signup");
    await page.goto(link.pathname + link.search);
    await expect(page.getByText("You are invited to Meridian Pharma GmbH as user")).toBeVisible();
    await page.getByLabel("First name").fill("Ida");
    await page.getByLabel("Last name").fill("Invitee");
    await page.getByRole("textbox", { name: "Password", exact: true }).fill("Invitee-pass-1");
    await page.getByRole("textbox", { name: "Repeat password" }).fill("Invitee-pass-1");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/label-reports/);
    await expect(page.getByText("Meridian Pharma GmbH").first()).toBeVisible();
    await expect(page.getByText("Ida Invitee")).toBeVisible();
  });

  test("forgot password: the e-mailed link sets a new password that signs in", async ({ page, request }) => {
    const admin = await apiAs(request, "admin@demo.example");
    const email = `forgetful-${Date.now()}@demo.example`;
    await request.post("/api/user-invites", { headers: admin, data: { email, roles: ["user"] } });
    const token = linkIn(await latestMailTo(email)).searchParams.get("token") as string;
    await request.post("/api/auth/signup", {
      headers: { "st-auth-mode": "header", rid: "emailpassword", "invite-token": token },
      data: {
        formFields: [
          { id: "email", value: email },
          { id: "password", value: "First-pass-1" },
        ],
      },
    });
    const before = mailCountTo(email);

    await page.goto("/forgot-password");
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Send me a reset link" }).click();
    await expect(page.getByText("Check your e-mail")).toBeVisible();
    const reset = linkIn(await latestMailTo(email, before));
    expect(reset.pathname).toBe("/reset-password");
    await page.goto(reset.pathname + reset.search);
    await page.getByRole("textbox", { name: "New password", exact: true }).fill("Second-pass-2");
    await page.getByRole("textbox", { name: "Repeat new password" }).fill("Second-pass-2");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL(/\/signin\?reset=done/);
    await expect(page.getByText("Your password has been changed")).toBeVisible();
    await signInWithForm(page, email, "Second-pass-2");
    await expect(page).toHaveURL(/\/label-reports/);
  });
});

/** Asks for a sign-in code on the sign-in page; answers the code and the link from the e-mail. */
async function requestCode(page: Page, email: string) {
  const before = mailCountTo(email);
  await page.goto("/signin");
  await page.getByRole("tab", { name: "E-mail or phone code" }).click();
  await page.getByRole("textbox", { name: "E-mail" }).fill(email);
  await page.getByRole("button", { name: "Send me a code" }).click();
  await expect(page.getByText("We sent a 6-digit code to")).toBeVisible();
  const mail = await latestMailTo(email, before);
  return { code: /sign-in code is (\d{6})/.exec(mail.text)?.[1] as string, link: linkIn(mail) };
}

test("the sign-in form stays in place when the sign-in methods below it arrive", async ({ page }) => {
  // The provider buttons come after the form: held back here until the form has been measured.
  let release: () => void = () => {};
  const measured = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/auth/loginmethods*", async (route) => {
    await measured;
    await route.continue();
  });
  await page.goto("/signin");
  const button = page.getByRole("button", { name: "Sign in" });
  await expect(button).toBeVisible();
  const before = await button.boundingBox();
  release();
  await expect(page.getByRole("button", { name: "Continue with Test SSO" })).toBeVisible();
  expect(await button.boundingBox()).toEqual(before);
});

test.describe("passwordless and third-party sign-in", () => {
  test("an e-mailed code signs in", async ({ page }) => {
    const email = "user@demo.example";
    const { code } = await requestCode(page, email);
    await page.getByRole("textbox", { name: "Code" }).fill(code);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/label-reports/);
  });

  test("a wrong code says how many attempts are left", async ({ page }) => {
    const email = "admin@demo.example";
    const { code } = await requestCode(page, email);
    await page.getByRole("textbox", { name: "Code" }).fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Wrong code. 4 attempts left.")).toBeVisible();
  });

  test("the magic link in the e-mail signs in", async ({ page }) => {
    const email = "distributor@demo.example";
    const { link } = await requestCode(page, email);
    expect(link.pathname).toBe("/signin/verify");
    await page.goto(link.href);
    await expect(page).toHaveURL(/\/label-reports/);
  });

  test("third-party sign-in through a local OpenID provider", async ({ page }) => {
    await page.goto("/signin");
    await page.getByRole("button", { name: "Continue with Test SSO" }).click();
    // The provider's own (development) login and consent screens.
    await page.locator('input[name="login"]').fill("admin@demo.example");
    await page.locator('input[name="password"]').fill("anything");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/label-reports/);
    await expect(page.getByText("Meridian Pharma GmbH").first()).toBeVisible();
  });
});

test("a visitor without a session is sent to the sign-in page from any dashboard route", async ({ page }) => {
  await page.goto("/label-presets");
  await expect(page).toHaveURL(/\/signin/);
});

test.describe("route guards", () => {
  test("a user without 'read label presets' visiting /label-presets is sent to /", async ({ page }) => {
    await signInWithForm(page, "user@demo.example");
    await expect(page).toHaveURL(/\/label-reports/);
    await page.goto("/label-presets");
    await expect(page).toHaveURL(/\/label-reports$/);
    await expect(page.getByRole("menuitem", { name: "Label presets" })).toHaveCount(0);
  });

  test("an administrator without 'read sub-companies' visiting /sub-companies is sent to /", async ({ page }) => {
    await signInWithForm(page, "admin@demo.example");
    await expect(page).toHaveURL(/\/label-reports/);
    await page.goto("/sub-companies");
    await expect(page).toHaveURL(/\/label-reports$/);
  });

  test("only system administrators get into the control center", async ({ page }) => {
    await signInWithForm(page, "admin@demo.example");
    await expect(page).toHaveURL(/\/label-reports/);
    await page.goto("/control-center");
    await expect(page).toHaveURL(/\/label-reports$/);
  });

  test("a system administrator opens the control center's company list", async ({ page }) => {
    await signInWithForm(page, "system@demo.example");
    await expect(page).toHaveURL(/\/label-reports/);
    await page.goto("/control-center");
    await expect(page).toHaveURL(/\/control-center\/companies/);
    await expect(page.getByText("Nordic Cold Logistics").first()).toBeVisible();
  });
});

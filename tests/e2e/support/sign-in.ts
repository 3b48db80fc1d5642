import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "../../../server/seed/accounts";

/** Fills and sends the sign-in form (where the browser lands is the caller's to check). */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD, signInPath = "/signin") {
  await page.goto(signInPath);
  await page.getByRole("textbox", { name: "E-mail" }).fill(email);
  await page.getByRole("textbox", { name: "Password" }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signs a one-company demo person in through the form and waits for the label reports. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/label-reports/);
}

/**
 * Signs a demo person in through the form and opens `companyName` when the person belongs
 * to several companies (the company choice), then waits for the label reports.
 */
export async function signInTo(page: Page, email: string, companyName: string) {
  await submitSignIn(page, email);
  await page.waitForURL(/\/(label-reports|select-company)/);
  if (page.url().includes("/select-company")) {
    await page.getByRole("button", { name: `Open ${companyName}` }).click();
  }
  await expect(page).toHaveURL(/\/label-reports/);
}

/**
 * Signs a one-company demo person in on the way to `path`, as a shared link does: the sign-in
 * page with the return path the route gates give a signed-out visitor (/signin?to=<path>),
 * then `path` itself. One page load fewer than signing in and then opening `path`.
 */
export async function signInAt(page: Page, email: string, path: string, password = DEMO_PASSWORD) {
  await submitSignIn(page, email, password, `/signin?to=${encodeURIComponent(path)}`);
  const pathname = new URL(path, "http://any.invalid").pathname;
  await expect(page).toHaveURL((url) => url.pathname === pathname);
}

/**
 * Signs in over the API (header mode) and returns the headers of a company role token,
 * with the session's access token beside it (credential routes need both).
 */
export async function apiAs(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const signin = await request.post("/api/auth/signin", {
    headers: { "st-auth-mode": "header", rid: "emailpassword" },
    data: {
      formFields: [
        { id: "email", value: email },
        { id: "password", value: password },
      ],
    },
  });
  const accessToken = signin.headers()["st-access-token"] as string;
  const { roles } = await signin.json();
  const token = await request.post("/api/auth/token", {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { companyId: roles[0].company.id },
  });
  const { jwtToken, secret } = await token.json();
  return { "api-key": secret, jwt: jwtToken, authorization: `Bearer ${accessToken}` };
}

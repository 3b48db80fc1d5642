import { type APIRequestContext, expect, type Page } from "@playwright/test";
import type { SignedInAnswer } from "../../../core/api/signed-in";
import { DEMO_PASSWORD } from "../../../server/seed/accounts";
import { toUserRoles, userOf } from "../../../src/providers/auth/roles";
import {
  AUTH_SESSION_STORAGE_KEY,
  type AuthSessionData,
  companiesOf,
  EMPTY_SESSION,
} from "../../../src/providers/stores/auth-session";

/**
 * Two ways in. The form (`signInWithForm`, `submitSignIn`) is what the sign-in tests drive. Every other test
 * only needs a person signed in and looking at a page (`signIn`, `signInTo`, `signInAt`): those
 * sign in over the API in the page's browser context, as Playwright's guides advise, and open the
 * page once. The form's page load and its landing list cost 3–7 s a test on two busy cores and
 * tested nothing the sign-in tests do not.
 */

/** Fills and sends the sign-in form (where the browser lands is the caller's to check). */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD, signInPath = "/signin") {
  await page.goto(signInPath);
  await page.getByRole("textbox", { name: "E-mail" }).fill(email);
  await page.getByRole("textbox", { name: "Password" }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signs a one-company demo person in through the form and waits for the label reports. */
export async function signInWithForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/label-reports/);
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

/** The SDK's cookies saying a session exists: its front token and when the access token last changed. */
const FRONT_TOKEN_COOKIE = "sFrontToken";
const LAST_ACCESS_TOKEN_UPDATE_COOKIE = "st-last-access-token-update";

/**
 * Starts a session for a demo person without the form: the server's sign-in and company-token
 * answers, kept where the dashboard keeps them after its own sign-in (the session cookies, the
 * SDK's front token, the auth-session store in local storage), with the role of `companyName`
 * (or the person's only role) chosen. Nothing of the dashboard is loaded yet.
 */
async function startSession(page: Page, email: string, options: { companyName?: string; password?: string } = {}) {
  // The SDK marks every request with this header (its anti-CSRF check for cookie sessions).
  const headers = { rid: "anti-csrf", "x-database": "postgres" };
  const signin = await page.request.post("/api/auth/signin", {
    headers: { ...headers, rid: "emailpassword", "st-auth-mode": "cookie" },
    data: {
      formFields: [
        { id: "email", value: email },
        { id: "password", value: options.password ?? DEMO_PASSWORD },
      ],
    },
  });
  const answer = (await signin.json()) as SignedInAnswer;
  expect(answer.status, `sign-in of ${email}`).toBe("OK");
  const roles = toUserRoles(answer.roles);
  const role = options.companyName ? roles.find((r) => r.company.name === options.companyName) : roles[0];
  if (!role || (!options.companyName && roles.length > 1)) {
    throw new Error(`${email} has no single role${options.companyName ? ` in ${options.companyName}` : ""}`);
  }
  const tokenAnswer = await page.request.post("/api/auth/token", { headers, data: { companyId: role.company.id } });
  expect(tokenAnswer.ok(), `company token of ${email}`).toBe(true);
  const token = (await tokenAnswer.json()) as { jwtToken: string; secret: string };
  const state: AuthSessionData = {
    ...EMPTY_SESSION,
    user: userOf(answer.roles),
    userRoles: roles,
    companies: companiesOf(roles),
    currentUserRole: role,
    currentUserRoleToken: token.secret,
    currentUserRoleJWT: token.jwtToken,
    superTokenUser: answer.user,
  };
  const url = new URL("/", signin.url()).origin;
  await page.context().addCookies([
    { name: FRONT_TOKEN_COOKIE, value: signin.headers()["front-token"] ?? "", url },
    { name: LAST_ACCESS_TOKEN_UPDATE_COOKIE, value: String(Date.now()), url },
  ]);
  // Local storage belongs to the origin: a small answer of the server's opens it without the dashboard.
  await page.goto("/api/health");
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    AUTH_SESSION_STORAGE_KEY,
    JSON.stringify({ state, version: 0 }),
  ] as const);
}

/** A one-company demo person, signed in, on the label reports. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await signInAt(page, email, "/label-reports", password);
}

/** A demo person signed in with their role in `companyName`, on the label reports. */
export async function signInTo(page: Page, email: string, companyName: string) {
  await startSession(page, email, { companyName });
  await page.goto("/label-reports");
  await expect(page).toHaveURL(/\/label-reports/);
}

/**
 * A one-company demo person, signed in, on `path` or a page under it: a section's address
 * (/control-center) opens its first page (/control-center/companies), sometimes before the
 * first look at the address, so either is where the person is meant to be.
 */
export async function signInAt(page: Page, email: string, path: string, password = DEMO_PASSWORD) {
  await startSession(page, email, { password });
  await page.goto(path);
  const pathname = new URL(path, "http://any.invalid").pathname;
  await expect(page).toHaveURL((url) => url.pathname === pathname || url.pathname.startsWith(`${pathname}/`));
}

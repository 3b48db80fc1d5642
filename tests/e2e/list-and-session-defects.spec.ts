import { DEMO_PASSWORD } from "../../server/seed/accounts";
import { type APIRequestContext, expect, type Page, test } from "./support/fixtures";
import { latestMailTo, linkIn } from "./support/mail";
import { apiAs, signIn, signInAt } from "./support/sign-in";
import { expectSignedOutCleanly, expectUsersPageSignsOut, watchErrors } from "./support/sign-out";

async function openUserMenuAndSignOut(page: Page) {
  await page
    .getByRole("button", { name: /user menu/i })
    .or(page.locator("header .ant-dropdown-trigger"))
    .first()
    .click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
}

test.describe("sign-out never loops the renderer (React error #185)", () => {
  test("signing out from the user menu lands on the sign-in form with the snackbar", async ({ page }) => {
    const errors = watchErrors(page);
    await signIn(page, "admin@demo.example");
    await expect(page.getByRole("row").nth(1)).toBeVisible();
    await openUserMenuAndSignOut(page);
    await expectSignedOutCleanly(page, errors);
  });

  test("a session refresh that brings no role token signs this tab out to the sign-in form", async ({ page }) => {
    const errors = watchErrors(page);
    await signIn(page, "admin@demo.example");
    await expect(page.getByRole("row").nth(1)).toBeVisible();
    // The server refreshes the session but hands back no company role token (the role was taken away).
    await page.route("**/api/auth/session/refresh", async (route) => {
      const response = await route.fetch();
      const { jwtToken: _dropped, ...rest } = await response.json();
      await route.fulfill({ response, json: rest });
    });
    // The next list request finds its access token expired (440), so the SDK refreshes.
    let expired = false;
    await page.route(
      (url) => url.pathname === "/api/users",
      async (route) => {
        if (expired) return route.continue();
        expired = true;
        await route.fulfill({ status: 440, json: { message: "try refresh token" } });
      },
    );
    await expectUsersPageSignsOut(page, errors);
  });
});

/** A report of Meridian Pharma GmbH (admin@, user@ and multi@ all work there), found over the API. */
async function meridianReportId(request: APIRequestContext): Promise<string> {
  const headers = await apiAs(request, "admin@demo.example");
  const list = await request.get("/api/label-reports?pageSize=1", { headers });
  return (await list.json()).data[0].id as string;
}

const drawer = (page: Page) => page.locator(".ant-drawer-content");

test.describe("a deep link opened while signed out survives the sign-in", () => {
  test("a report link with its list query lands on that report after sign-in", async ({ page, request }) => {
    const id = await meridianReportId(request);
    const link = `/label-reports/${id}?filter=temperatureViolation%5Beq%5Dtrue`;
    await page.goto(link);
    await expect(page).toHaveURL(/\/signin/);
    await page.getByRole("textbox", { name: "E-mail" }).fill("user@demo.example");
    await page.getByRole("textbox", { name: "Password" }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(new RegExp(`/label-reports/${id}\\?.*temperatureViolation`));
    await expect(drawer(page).getByTestId("report-start")).toBeVisible();
  });

  test("a report link lands on that report after the company choice", async ({ page, request }) => {
    const id = await meridianReportId(request);
    await page.goto(`/label-reports/${id}?filter=temperatureViolation%5Beq%5Dtrue`);
    await expect(page).toHaveURL(/\/signin/);
    await page.getByRole("textbox", { name: "E-mail" }).fill("multi@demo.example");
    await page.getByRole("textbox", { name: "Password" }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/select-company/);
    await page.getByRole("button", { name: "Open Meridian Pharma GmbH" }).click();
    await expect(page).toHaveURL(new RegExp(`/label-reports/${id}\\?.*temperatureViolation`));
    await expect(drawer(page).getByTestId("report-start")).toBeVisible();
  });

  test("an invitation link for an existing account survives the sign-in", async ({ page, request }) => {
    const admin = await apiAs(request, "admin@demo.example");
    const invited = await request.post("/api/user-invites", {
      headers: admin,
      data: { email: "distributor@demo.example", roles: ["user"] },
    });
    expect(invited.status()).toBe(201);
    const link = linkIn(await latestMailTo("distributor@demo.example"));
    expect(link.pathname).toBe("/confirm-invite");
    await page.goto(link.pathname + link.search);
    await expect(page).toHaveURL(/\/signin/);
    await page.getByRole("textbox", { name: "E-mail" }).fill("distributor@demo.example");
    await page.getByRole("textbox", { name: "Password" }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/confirm-invite\?token=/);
    await expect(page.getByText("Join Meridian Pharma GmbH")).toBeVisible();
  });
});

const totalText = (page: Page) => page.locator(".ant-pagination-total-text");

test.describe("a list opened bare restores its saved selection into the table, not only the URL", () => {
  for (const { list, query, inUrl } of [
    { list: "/users", query: "search=multi", inUrl: /search=multi/ },
    {
      list: "/label-reports",
      query: "filter=temperatureViolation%5Beq%5Dtrue",
      inUrl: /temperatureViolation%5Beq%5Dtrue|temperatureViolation\[eq\]true/,
    },
  ]) {
    test(`${list} shows the saved selection's rows`, async ({ page }) => {
      await signInAt(page, "admin@demo.example", list);
      await expect(totalText(page)).toBeVisible();
      const unfiltered = (await totalText(page).textContent()) ?? "";
      await page.goto(`${list}?${query}`);
      await expect(totalText(page)).not.toHaveText(unfiltered);
      const filtered = (await totalText(page).textContent()) ?? "";
      // Opened again without parameters: the saved selection comes back, in the URL and the rows.
      await page.goto(list);
      await expect(page).toHaveURL(inUrl);
      await expect(totalText(page)).toHaveText(filtered);
    });
  }
});

test.describe("a failed guard sign-out leaves no session behind in the browser", () => {
  test("a session without its company token is signed out even when the server's sign-out fails", async ({ page }) => {
    const errors = watchErrors(page);
    await signIn(page, "admin@demo.example");
    await expect(page.getByRole("row").nth(1)).toBeVisible();
    // The company role token is gone (another tab signed out of the company, storage was edited):
    // the guard must sign this session out, and the server's sign-out answers 500.
    await page.route("**/api/auth/signout", (route) => route.fulfill({ status: 500, body: "down" }));
    // The server's session has no company any more either: a refresh (the e2e access tokens last
    // 8 s) would otherwise mint the company's token again, and the page would rightly stay.
    await page.route("**/api/auth/session/refresh", async (route) => {
      const response = await route.fetch();
      const { jwtToken: _jwt, secret: _secret, ...withoutRoleToken } = await response.json();
      await route.fulfill({ response, json: withoutRoleToken });
    });
    // Taken out before the next page's scripts run: edited from the running page, the edit was
    // lost whenever that page stored a refreshed token before the navigation (one CI run).
    await page.addInitScript(() => {
      const stored = JSON.parse(localStorage.getItem("auth-session") ?? "null");
      if (!stored?.state?.currentUserRoleToken) return;
      stored.state.currentUserRoleJWT = null;
      stored.state.currentUserRoleToken = null;
      localStorage.setItem("auth-session", JSON.stringify(stored));
    });
    await page.goto("/users");
    await expect(page).toHaveURL(/\/signin/);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect.poll(async () => (await page.context().cookies()).map((c) => c.name)).not.toContain("sFrontToken");
    expect(errors.some((e) => e.includes("Error signing out from auth middleware"))).toBe(true);
  });
});

test.describe("an address naming nothing shows the not-found page, not the server's words", () => {
  test("a report address whose id is not a UUID is the 404 page, not a field error", async ({ page }) => {
    await signIn(page, "admin@demo.example");
    await page.goto("/label-reports/not-a-uuid");
    await expect(page.getByText("Page Not Found", { exact: true })).toBeVisible();
    await expect(page.getByText("Page not found: /label-reports/not-a-uuid")).toBeVisible();
    await expect(page.getByText(/must match format/)).toHaveCount(0);
  });

  test("a preset that does not exist is a not-found page, with no raw JSON snackbar", async ({ page }) => {
    await signIn(page, "admin@demo.example");
    const path = `/label-presets/${crypto.randomUUID()}`;
    await page.goto(path);
    await expect(page.getByText("Page Not Found", { exact: true })).toBeVisible();
    await expect(page.getByText(`Page not found: ${path}`)).toBeVisible();
    await expect(page.getByText(/"message"|\{"/)).toHaveCount(0);
  });
});

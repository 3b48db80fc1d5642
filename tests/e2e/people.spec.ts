import { expect, test } from "./support/fixtures";
import { impersonationRevoked } from "./support/impersonation";
import { latestMailTo, linkIn } from "./support/mail";
import { attachBothSizes } from "./support/screenshots";
import { signIn, signInAt } from "./support/sign-in";

test.describe("people", () => {
  test("removing a member asks with the person's name and the company's", async ({ page }) => {
    await signInAt(page, "admin@demo.example", "/users");
    await page.getByRole("row").filter({ hasText: "user@demo.example" }).getByRole("link").first().click();
    const panel = page.locator(".ant-drawer-content");
    const name = (await panel.getByRole("heading", { level: 4 }).textContent())?.trim() ?? "";
    expect(name).not.toBe("");
    await panel.getByRole("button", { name: "Remove from company" }).click();
    const confirm = page.locator(".ant-popconfirm");
    await expect(confirm).toContainText(`Remove ${name} from Meridian Pharma GmbH?`);
    // Cancelled: the member stays for the other tests of this worker.
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
  });

  test("a mistyped e-mail in the invite form gets the app's message at the field, not the browser's bubble", async ({
    page,
  }) => {
    await signInAt(page, "admin@demo.example", "/users/invite");
    const email = page.getByRole("textbox", { name: "E-mail" });
    await email.fill("colleague-at-demo.example");
    // The browser finds nothing to object to (its bubble would stop the submit and hide the app's message).
    expect(await email.evaluate((input: HTMLInputElement) => input.checkValidity())).toBe(true);
    await page.getByRole("checkbox", { name: "Handler", exact: true }).check();
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText("Enter a valid e-mail address")).toBeVisible();
    await expect(page).toHaveURL(/\/users\/invite$/);
  });

  test("an administrator invites a user whose e-mailed link leads through sign-up", async ({
    page,
    browser,
  }, testInfo) => {
    await signInAt(page, "admin@demo.example", "/users");
    await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
    await page.getByRole("button", { name: "Invite user" }).click();
    await expect(page).toHaveURL(/\/users\/invite$/);
    const email = `colleague-${Date.now()}@demo.example`;
    await page.getByRole("textbox", { name: "E-mail" }).fill(email);
    await page.getByRole("checkbox", { name: "Handler", exact: true }).check();
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page).toHaveURL(/\/users\/pending-invites$/);
    const row = page.getByRole("row", { name: new RegExp(email) });
    await expect(row).toBeVisible();
    await expect(row.getByText("Handler", { exact: true })).toBeVisible();
    // A refetch after a change greys the table out; the picture is of the list at rest.
    await expect(page.locator(".ant-table .ant-spin-spinning")).toHaveCount(0);
    await attachBothSizes(page, testInfo, "pending-invites", { show: row });

    const link = linkIn(await latestMailTo(email));
    expect(link.pathname).toBe("/signup");
    const visitor = await browser.newContext();
    const invited = await visitor.newPage();
    await invited.goto(link.pathname + link.search);
    await invited.getByLabel("First name").fill("Cleo");
    await invited.getByLabel("Last name").fill("Colleague");
    await invited.getByRole("textbox", { name: "Password", exact: true }).fill("Colleague-pass-1");
    await invited.getByRole("textbox", { name: "Repeat password" }).fill("Colleague-pass-1");
    await invited.getByRole("button", { name: "Create account" }).click();
    await expect(invited).toHaveURL(/\/label-reports/);
    await expect(invited.getByText("Meridian Pharma GmbH").first()).toBeVisible();
    await visitor.close();

    // The new member is in the list, found by e-mail, with the role of the invitation.
    await page.goto("/users");
    await page.getByRole("searchbox", { name: "Search" }).fill(email);
    // The search lands in the address first; a click before that would be undone by it.
    await expect(page).toHaveURL(/search=/);
    const member = page.getByRole("row", { name: new RegExp(email) });
    await expect(member).toBeVisible();
    await member.getByRole("link").click();
    await expect(page.getByRole("dialog").getByText("Cleo Colleague")).toBeVisible();
    await expect(page.getByText("Only system administrators change roles.")).toBeVisible();
  });

  test("the distributor creates a sub-company and invites its first administrator", async ({ page }) => {
    await signInAt(page, "distributor@demo.example", "/sub-companies");
    await page.getByRole("button", { name: "Create sub-company" }).click();
    await expect(page).toHaveURL(/\/sub-companies\/create$/);
    const name = `Fjord Pharma ${Date.now() % 100000}`;
    const adminEmail = `fjord-${Date.now()}@demo.example`;
    await page.getByRole("textbox", { name: /^Name\b/ }).fill(name);
    await page.getByRole("textbox", { name: /^City\b/ }).fill("Bergen");
    await page.getByRole("textbox", { name: /^Country\b/ }).fill("Norway");
    await page.getByRole("textbox", { name: "Street and number" }).fill("Bryggen 1");
    await page.getByRole("textbox", { name: "Postal code" }).fill("5003");
    await page.getByRole("textbox", { name: "E-mail" }).fill(adminEmail);
    await page.getByRole("button", { name: "Create sub-company" }).click();
    await expect(page).toHaveURL(/\/sub-companies\/[0-9a-f-]{36}$/);
    await expect(page.getByText(name)).toBeVisible();
    await expect(page.getByRole("rowgroup").getByText("Nordic Cold Logistics")).toBeVisible();
    const link = linkIn(await latestMailTo(adminEmail));
    expect(link.pathname).toBe("/signup");
  });

  test("only system administrators get into the control center; others go to /", async ({ page }) => {
    await signIn(page, "admin@demo.example");
    await page.goto("/control-center/companies");
    await expect(page).toHaveURL(/\/label-reports/);
  });

  test("the system admin creates a company, impersonates an administrator with a banner, and stops", async ({
    page,
  }, testInfo) => {
    await signInAt(page, "system@demo.example", "/control-center");
    await expect(page).toHaveURL(/\/control-center\/companies(\?.*)?$/);
    await page.getByRole("button", { name: "Create company" }).click();
    const name = `Polar Vaccines ${Date.now() % 100000}`;
    await page.getByRole("textbox", { name: /^Name\b/ }).fill(name);
    await page.getByRole("textbox", { name: /^City\b/ }).fill("Tromsø");
    await page.getByRole("textbox", { name: /^Country\b/ }).fill("Norway");
    const adminEmail = `polar-${Date.now()}@demo.example`;
    await page.getByRole("textbox", { name: "E-mail" }).fill(adminEmail);
    await page.getByRole("button", { name: "Create company" }).click();
    await expect(page).toHaveURL(/\/control-center\/companies\/[0-9a-f-]{36}$/);
    await expect(page.getByText(name)).toBeVisible();
    await expect(page.getByText("No members yet")).toBeVisible();
    // Its first administrator is invited: the e-mail's link leads to sign-up.
    const invitation = await latestMailTo(adminEmail);
    expect(invitation.subject).toContain(name);
    expect(linkIn(invitation).pathname).toBe("/signup");

    await page.goto("/control-center/companies");
    await page.getByRole("searchbox", { name: "Search" }).fill("Meridian");
    await page.getByRole("searchbox", { name: "Search" }).press("Enter");
    await expect(page).toHaveURL(/search=Meridian/);
    await expect(page.getByRole("row")).toHaveCount(2);
    await page.getByRole("link", { name: "Meridian Pharma GmbH" }).click();
    await expect(page.getByRole("heading", { name: "Members" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Impersonate admin@demo.example" })).toBeVisible();
    // A refetch after a change greys the table out; the picture is of the list at rest.
    await expect(page.locator(".ant-table .ant-spin-spinning")).toHaveCount(0);
    await attachBothSizes(page, testInfo, "company-members", {
      show: page.getByRole("button", { name: "Impersonate admin@demo.example" }),
    });
    const membersPage = page.url();
    await page.getByRole("button", { name: "Impersonate admin@demo.example" }).click();
    // Asked once, naming whom and in which company.
    await expect(page.locator(".ant-popconfirm")).toContainText("Impersonate Anna Weber in Meridian Pharma GmbH?");
    await page.getByRole("button", { name: "Impersonate", exact: true }).click();
    await expect(page).toHaveURL(/\/label-reports/);
    const banner = page.getByRole("status", { name: "Impersonation" });
    await expect(banner).toContainText("You are acting as admin@demo.example in Meridian Pharma GmbH");
    await expect(banner).toContainText(/\d+ min left/);
    await expect(page.getByRole("row").nth(1)).toBeVisible();

    // The impersonation token the dashboard holds, to check the server refuses it after Stop.
    const impersonationHeaders = await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem("auth-session") ?? "{}") as {
        state?: { impersonationRoleToken?: { jwtToken: string; secret: string } };
      };
      const token = stored.state?.impersonationRoleToken;
      return token ? { "api-key": token.secret, jwt: token.jwtToken } : null;
    });
    expect(impersonationHeaders).not.toBeNull();
    // The dashboard is the administrator's again at once; the server's revocation follows it.
    const revoked = impersonationRevoked(page);
    await banner.getByRole("button", { name: "Stop impersonating" }).click();
    // Back where it started: the company's members.
    await expect(page).toHaveURL(membersPage);
    await expect(page.getByRole("status", { name: "Impersonation" })).toHaveCount(0);
    // Back as themselves: the administrator's own company, and the control center answers again.
    await expect(page.getByLabel("Company", { exact: true })).toHaveText("ColdChain Operations");
    await expect(page.getByRole("button", { name: "Impersonate admin@demo.example" })).toBeVisible();
    expect((await revoked).status()).toBe(200);
    const refused = await page.request.get("/api/label-reports", { headers: impersonationHeaders ?? {} });
    expect(refused.status()).toBe(401);

    await page.goto("/control-center/impersonation-log");
    await expect(page.getByRole("cell", { name: "GET /api/label-reports" }).first()).toBeVisible();
    await expect(page.getByRole("cell", { name: "admin@demo.example" }).first()).toBeVisible();
    // A refetch after a change greys the table out; the picture is of the list at rest.
    await expect(page.locator(".ant-table .ant-spin-spinning")).toHaveCount(0);
    await attachBothSizes(page, testInfo, "impersonation-log");
  });
});

import { DEMO_PASSWORD as PASSWORD } from "../../server/seed/accounts";
import { expect, test } from "./support/fixtures";
import { latestMailTo, mailCountTo, textsTo } from "./support/mail";
import { attachBothSizes, attachScreenshot } from "./support/screenshots";
import { apiAs, signInAt } from "./support/sign-in";
import { snackbarShown, watchSnackbars } from "./support/snackbars";

test("the settings index shows a card for each section the person may open", async ({ page }) => {
  await signInAt(page, "admin@demo.example", "/settings");
  for (const title of ["Profile", "Company settings", "Custom fields", "API keys"]) {
    await expect(page.getByRole("link", { name: title })).toBeVisible();
    // Each card's heading is its title: a screen reader's list of headings reads as the sections.
    await expect(page.getByRole("heading", { name: title, level: 3, exact: true })).toBeVisible();
  }
  for (const heading of await page.getByRole("heading", { level: 3 }).all())
    expect((await heading.textContent())?.trim()).not.toBe("");
  await page.getByRole("link", { name: "Company settings" }).click();
  await expect(page).toHaveURL(/\/settings\/company-settings\/general$/);
  await expect(page.getByRole("textbox", { name: "Company name" })).toHaveValue("Meridian Pharma GmbH");
  await page.getByRole("tab", { name: "Billing information" }).click();
  await expect(page.getByRole("textbox", { name: "VAT number" })).toHaveValue("DE298765431");
  await page.getByRole("tab", { name: "Addresses" }).click();
  await expect(page.getByText("Address 1")).toBeVisible();
});

test("a user without the permissions sees only the profile card; /settings/profile opens personal details", async ({
  page,
}) => {
  await signInAt(page, "user@demo.example", "/settings");
  await expect(page.getByRole("link", { name: "Profile" })).toBeVisible();
  await expect(page.getByRole("link", { name: "API keys" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Custom fields" })).toHaveCount(0);
  await page.goto("/settings/profile");
  await expect(page).toHaveURL(/\/settings\/profile\/personal-details$/);
  await page.goto("/settings/api-keys");
  await expect(page).toHaveURL(/\/label-reports/);
});

test("personal details are saved and shown again after a reload", async ({ page }) => {
  await signInAt(page, "admin@demo.example", "/settings/profile/personal-details");
  const first = page.getByRole("textbox", { name: "First name" });
  await expect(first).toHaveValue("Anna");
  await first.fill("Annika");
  await watchSnackbars(page);
  await page.getByRole("button", { name: "Save" }).click();
  await snackbarShown(page, "Personal details saved");
  await page.reload();
  await expect(page.getByRole("textbox", { name: "First name" })).toHaveValue("Annika");
  // Leave the demo account as it was for the other browser tests.
  await page.getByRole("textbox", { name: "First name" }).fill("Anna");
  await watchSnackbars(page);
  await page.getByRole("button", { name: "Save" }).click();
  await snackbarShown(page, "Personal details saved");
});

test("the phone changes only with the current password and the code sent to the new number; a wrong code is said at its field", async ({
  page,
}) => {
  await signInAt(page, "admin@demo.example", "/settings/profile/personal-details");
  const current = (await page.getByTestId("current-phone").textContent()) ?? "";
  const next = "+49 69 5550 1999";
  await page.getByRole("button", { name: "Change phone" }).click();
  await page.getByRole("textbox", { name: "New phone" }).fill("0695550");
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByRole("button", { name: "Send code to new phone" }).click();
  await expect(page.getByText(/Phone number is invalid/)).toBeVisible();
  await page.getByRole("textbox", { name: "New phone" }).fill(next);
  await page.getByLabel("Current password").fill("Wrong-password-1");
  await page.getByRole("button", { name: "Send code to new phone" }).click();
  await expect(page.getByText("The current password is wrong")).toBeVisible();
  const before = mailCountTo(textsTo("+496955501999"));
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByRole("button", { name: "Send code to new phone" }).click();
  // Shown as people write it; stored and texted to as E.164.
  await expect(page.getByText("We sent a code by text message to +49 69 55501999")).toBeVisible();
  const text = (await latestMailTo(textsTo("+496955501999"), before)).text;
  const code = /(\d{6})/.exec(text)?.[1] ?? "";
  // A wrong code is said at the field, and the right one still works after it.
  await page
    .getByRole("textbox", { name: "Code sent to the new number" })
    .fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Confirm phone" }).click();
  await expect(page.getByText("The code is wrong")).toBeVisible();
  await page.getByRole("textbox", { name: "Code sent to the new number" }).fill(code);
  await page.getByRole("button", { name: "Confirm phone" }).click();
  await expect(page.getByText("Phone number changed")).toBeVisible();
  await expect(page.getByTestId("current-phone")).toHaveText("+49 69 55501999");
  // Back to the demo number, for the other browser tests.
  if (current.startsWith("+")) {
    const again = mailCountTo(textsTo(current));
    await page.getByRole("button", { name: "Change phone" }).click();
    await page.getByRole("textbox", { name: "New phone" }).fill(current);
    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByRole("button", { name: "Send code to new phone" }).click();
    const code = /(\d{6})/.exec((await latestMailTo(textsTo(current), again)).text)?.[1] ?? "";
    await page.getByRole("textbox", { name: "Code sent to the new number" }).fill(code);
    await page.getByRole("button", { name: "Confirm phone" }).click();
    // Shown in the international format, whatever spacing it was typed with.
    await expect(page.getByTestId("current-phone")).toHaveText(current);
  }
});

test("a changed password signs in; the old one no longer does", async ({ page, request }) => {
  const email = "user@demo.example";
  const next = "Fresh-password-77";
  await signInAt(page, email, "/settings/profile/update-password");
  await page.getByLabel("Current password").fill("Wrong-password-1");
  await page.getByLabel("New password", { exact: true }).fill(next);
  await page.getByLabel("Repeat new password").fill(next);
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("The current password is wrong")).toBeVisible();
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Password changed")).toBeVisible();

  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.getByRole("textbox", { name: "E-mail" }).fill(email);
  await page.getByRole("textbox", { name: "Password" }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Wrong sign-in credentials")).toBeVisible();
  await page.getByRole("textbox", { name: "Password" }).fill(next);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/label-reports/);

  // Back to the demo password, for the other browser tests.
  const headers = await apiAs(request, email, next);
  const back = await request.post("/api/me/password", {
    headers,
    data: { currentPassword: next, newPassword: PASSWORD },
  });
  expect(back.status()).toBe(200);
});

test("an API key created in settings lists label reports with a plain request, expires in a year unless extended, and stops after revocation", async ({
  page,
  request,
}, testInfo) => {
  // A name of its own: a reused test database may hold keys of earlier runs.
  const name = `Warehouse system ${Date.now()}`;
  await signInAt(page, "admin@demo.example", "/settings/api-keys");
  await page.getByRole("button", { name: "Create API key" }).click();
  await page.getByRole("textbox", { name: "Name" }).fill(name);
  await page.getByRole("button", { name: "Create", exact: true }).click();
  const secret = page.getByTestId("new-api-key");
  await expect(secret).toContainText("cck_");
  const key = ((await secret.textContent()) ?? "").trim();
  await page.getByRole("button", { name: "I have copied the key" }).click();
  await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Anna Weber");

  // As an integration would: one header, no browser session.
  const listed = await request.get("/api/label-reports?pageSize=5", { headers: { "api-key": key } });
  expect(listed.status()).toBe(200);
  const body = await listed.json();
  expect(body.data.length).toBeGreaterThan(0);
  expect(body.totalDocuments).toBeGreaterThan(0);

  await page.reload();
  const row = page.getByRole("row", { name: new RegExp(name) });
  // Used just now, and expiring a year from now: "Never" nowhere yet.
  await expect(row).not.toContainText("Never");
  await expect(row).toContainText(`/${new Date().getFullYear() + 1}`);
  // An administrator lets it work without an end.
  await page.getByRole("button", { name: `Change expiry of ${name}` }).click();
  const expiry = page.getByRole("dialog", { name: `Change expiry of "${name}"` });
  await expiry.locator(".ant-select").click();
  await page.locator('.ant-select-item-option[title="Never"]').click();
  await expiry.getByRole("button", { name: "Save" }).click();
  await expect(expiry).toBeHidden();
  await expect(row).toContainText("Never");
  // A refetch after a change greys the table out; the picture is of the list at rest.
  await expect(page.locator(".ant-table .ant-spin-spinning")).toHaveCount(0);
  await attachBothSizes(page, testInfo, "api-keys", { show: page.getByRole("row", { name: new RegExp(name) }) });
  await page.getByRole("button", { name: `Revoke ${name}` }).click();
  await watchSnackbars(page);
  await page.getByRole("button", { name: "Revoke", exact: true }).click();
  await snackbarShown(page, `API key "${name}" revoked`);
  await expect(page.getByRole("cell", { name, exact: true })).toHaveCount(0);
  expect((await request.get("/api/label-reports", { headers: { "api-key": key } })).status()).toBe(401);
});

test("custom fields, notifications and companies pages", async ({ page }, testInfo) => {
  await signInAt(page, "admin@demo.example", "/settings/custom-fields");
  await expect(page.getByRole("cell", { name: "batchNumber", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Add custom field" }).click();
  await page.getByRole("textbox", { name: "Name" }).fill("Cold room");
  await expect(page.getByText("Key: coldRoom")).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("cell", { name: "coldRoom", exact: true })).toBeVisible();
  // A refetch after a change greys the table out; the picture is of the list at rest.
  await expect(page.locator(".ant-table .ant-spin-spinning")).toHaveCount(0);
  await attachBothSizes(page, testInfo, "custom-fields", {
    show: page.getByRole("cell", { name: "coldRoom", exact: true }),
  });
  await page.getByRole("button", { name: "Delete Cold room" }).click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByRole("cell", { name: "coldRoom", exact: true })).toHaveCount(0);

  await page.goto("/settings/profile/notifications");
  const battery = () => page.getByRole("switch", { name: "Battery low alerts from Meridian Pharma GmbH" });
  await expect(battery()).toBeVisible();
  // Whatever a reused test database holds, a flip is saved and survives a reload.
  const before = (await battery().getAttribute("aria-checked")) === "true";
  await battery().click();
  await watchSnackbars(page);
  await page.getByRole("button", { name: "Save" }).click();
  await snackbarShown(page, "Notification settings saved");
  await page.reload();
  await expect(battery()).toHaveAttribute("aria-checked", String(!before));
  // Text messages go to the profile's phone (Anna Weber has one); e-mail and text message may both be on.
  await expect(page.getByText("by text message to +49 69 55501001")).toBeVisible();
  const text = () => page.getByRole("switch", { name: "Alerts from Meridian Pharma GmbH by text message" });
  const email = () => page.getByRole("switch", { name: "Alerts from Meridian Pharma GmbH by e-mail" });
  const textBefore = (await text().getAttribute("aria-checked")) === "true";
  await text().click();
  await watchSnackbars(page);
  await page.getByRole("button", { name: "Save" }).click();
  await snackbarShown(page, "Notification settings saved");
  await page.reload();
  await expect(text()).toHaveAttribute("aria-checked", String(!textBefore));
  await expect(email()).toHaveAttribute("aria-checked", "true");
  await attachScreenshot(page, testInfo, "notification-channels");
  // Back as it was, for a reused database.
  await text().click();
  await watchSnackbars(page);
  await page.getByRole("button", { name: "Save" }).click();
  await snackbarShown(page, "Notification settings saved");

  await page.goto("/settings/profile/companies");
  await expect(page.getByText("Current company")).toBeVisible();
});

test("a person with two companies switches company from the profile", async ({ page }) => {
  await page.goto("/signin");
  await page.getByRole("textbox", { name: "E-mail" }).fill("multi@demo.example");
  await page.getByRole("textbox", { name: "Password" }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Open Meridian Pharma GmbH" }).click();
  await expect(page).toHaveURL(/\/label-reports/);
  await page.goto("/settings/profile/companies");
  await page.getByRole("button", { name: "Switch to Aurora Biologics AB" }).click();
  await expect(page).toHaveURL(/\/label-reports/);
  await expect(page.getByLabel("Company")).toHaveText("Aurora Biologics AB");
});

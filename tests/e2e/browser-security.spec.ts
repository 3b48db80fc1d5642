import { expect, type Page, test } from "./support/fixtures";
import { firstReport } from "./support/reports";
import { apiAs, signIn, signInAt } from "./support/sign-in";

/**
 * What the browser does with hostile data and the server's policy: a stored name
 * holding markup renders as text (no script runs), and the dashboard works under its
 * Content Security Policy without a single violation.
 */

const XSS = "<img src=x onerror=alert(1)>";

/** Records CSP violations and console errors mentioning the policy, from the first script on. */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  const consoleViolations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text())) {
      consoleViolations.push(message.text());
    }
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return async () => [
    ...consoleViolations,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
  ];
}

test("a preset named with markup is shown as text and runs no script", async ({ page, request }) => {
  const headers = await apiAs(request, "admin@demo.example");
  const name = `${XSS} ${Date.now()}`;
  const created = await request.post("/api/label-presets", { headers, data: { name } });
  expect(created.status()).toBe(201);

  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await signInAt(page, "admin@demo.example", "/label-presets");
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);

  await page.goto(`/label-presets/${(await created.json()).slug}`);
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test("a report's custom field holding markup is shown as text and runs no script", async ({ page, request }) => {
  const headers = await apiAs(request, "admin@demo.example");
  const list = await request.get("/api/label-reports?pageSize=1", { headers });
  const report = (await list.json()).data[0];
  // Values are only accepted for fields the company defines: the demo company defines batchNumber (text).
  const patched = await request.patch(`/api/label-reports/${report.id}`, {
    headers,
    data: { customFields: { batchNumber: XSS } },
  });
  expect(patched.status()).toBe(200);

  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await signInAt(page, "admin@demo.example", `/label-reports/${report.id}`);
  await expect(page.getByText(report.labelId).first()).toBeVisible();
  await expect(page.getByText(XSS).first()).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test("a report's preset name and reference holding markup are text in the list and the report overlay", async ({
  page,
  request,
}) => {
  // Registering a label needs 'create label reports': the system administrator's company.
  const headers = await apiAs(request, "system@demo.example");
  const stamp = Date.now();
  const presetName = `${XSS} ${stamp}`;
  const preset = await request.post("/api/label-presets", { headers, data: { name: presetName } });
  expect(preset.status()).toBe(201);
  const labelId = `XSS-${stamp}`;
  const report = await request.post("/api/label-reports", {
    headers,
    data: { labelId, presetId: (await preset.json()).id, reference: XSS },
  });
  expect(report.status()).toBe(201);

  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await signIn(page, "system@demo.example");
  // The newest report is first (created descending).
  const row = page.getByRole("row", { name: new RegExp(labelId) });
  await expect(row).toBeVisible();
  await expect(row.getByText(presetName, { exact: true })).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);

  await row.getByText(labelId).click();
  await expect(page).toHaveURL(new RegExp(`/label-reports/${(await report.json()).id}`));
  const overlay = page.getByRole("dialog");
  await expect(overlay.getByText(presetName, { exact: true }).first()).toBeVisible();
  await expect(overlay.getByText(XSS, { exact: true }).first()).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test("the dashboard runs under its Content Security Policy with no violation", async ({ page }) => {
  const violations = await watchPolicy(page);
  // A report whose chart is drawn (its chart library loads lazily), the presets and the settings:
  // each waited for by what shows, not by a quiet network (token refreshes and polls never
  // let a busy machine's network go quiet for long; the wait once ran out the test's time).
  const report = await firstReport(page, "admin@demo.example", "status[eq]ended,isArchived[eq]false");
  await signInAt(page, "admin@demo.example", `/label-reports/${report.id}`);
  await expect(page.getByTestId("chart-temperature")).toHaveAttribute("data-chart-painted", "true");
  await page.goto("/label-presets");
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings", exact: true })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test("no cookie that scripts can read carries the company role token", async ({ page, context }) => {
  await signInAt(page, "admin@demo.example", "/label-reports");
  await expect(page.locator("tr.ant-table-row").first()).toBeVisible();
  const session = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const value = localStorage.getItem(localStorage.key(i) ?? "") ?? "";
      if (value.includes("currentUserRoleToken")) return JSON.parse(value).state;
    }
    return null;
  });
  const secret: string = session?.currentUserRoleToken;
  const jwt: string = session?.currentUserRoleJWT;
  expect(secret).toBeTruthy();
  const readable = (await context.cookies()).filter((cookie) => !cookie.httpOnly);
  for (const cookie of readable) {
    const value = decodeURIComponent(cookie.value);
    expect(value, cookie.name).not.toContain(secret);
    expect(value, cookie.name).not.toContain(jwt.split(".")[2]);
  }
});

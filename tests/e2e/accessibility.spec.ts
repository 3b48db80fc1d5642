import { type Action, defineAbilityFor, type Subject } from "../../core/domain/permissions";
import { guardRedirect, routeNameOf } from "../../core/domain/route-guards";
import { DEMO_ACCOUNTS } from "../../server/seed/accounts";
import { SEED_COMPANIES } from "../../server/seed/companies";
import { resources } from "../../src/resources";
import { RESOURCE } from "../../src/resources/names";
import { COMPANY_SETTINGS_TABS, PROFILE_TABS, SETTINGS_SECTIONS } from "../../src/resources/settings/sections";
import { expectAccessible, settle } from "./support/axe";
import { expect, type Page, test } from "./support/fixtures";
import { reportWithHumidity } from "./support/reports";
import { signInTo, submitSignIn } from "./support/sign-in";

/**
 * Every screen scanned with axe-core for WCAG 2.1 A/AA: no serious or critical
 * violation anywhere. The screens are visited in tours, each as one role sees them (ROLES
 * below); the pages come from the resource table and the settings sections, so a new screen
 * is scanned once it is in those tables.
 */

// A tour is several pages and as many scans on a shared 2-core machine. The tours are
// independent (each signs in afresh), so the workers share them out.
test.describe.configure({ mode: "parallel", timeout: 300_000 });

type Can = (action: Action, subject: Subject) => boolean;

const PATHS = [
  ...new Set<string>([
    ...resources.flatMap((r) => [r.list, r.create].filter((p): p is string => typeof p === "string")),
    "/users/pending-invites",
    ...SETTINGS_SECTIONS.map((s) => s.path),
    ...PROFILE_TABS.map((t) => t.path),
    ...COMPANY_SETTINGS_TABS.map((t) => t.path),
  ]),
];

/** Whether the role stays on `path` (the guards would send it elsewhere otherwise). */
function mayOpen(path: string, can: Can): boolean {
  const owner = resources.find(
    (r) =>
      (r.name === RESOURCE.controlCenter || r.meta.parent === RESOURCE.controlCenter) &&
      typeof r.list === "string" &&
      (path === r.list || path.startsWith(`${r.list}/`)),
  );
  if (owner?.meta.subject) return can("read", owner.meta.subject);
  return guardRedirect(routeNameOf(path), can) === null;
}

/**
 * An overlay is scanned on its own: the list under it is scanned as its own page, and
 * walking its rows again under every overlay made each of these scans several times slower.
 */
const OVERLAY_SCOPE = { include: [".ant-drawer-content"] };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Opens a path and waits for the page the role may see there to be drawn. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`://[^/]+${escapeRegExp(path)}(/[^?#]*)?([?#].*)?$`));
  await expect(page.locator("main").first()).toBeVisible();
  await expect(page.getByRole("heading").first()).toBeVisible();
  await settle(page);
}

/** The screens whose colours the theme changed most, looked at by a person at both sizes. */
const SHOT_PATHS = new Set([
  "/label-reports",
  "/label-presets",
  "/users",
  "/users/invite",
  "/settings/profile/personal-details",
]);

/** The screen at desktop and phone sizes, attached to the test output. */
async function attachScreens(page: Page, name: string) {
  const info = test.info();
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await settle(page);
    const path = info.outputPath(`${name.replace(/^\//, "").replace(/\W+/g, "-")}-${width}x${height}.png`);
    await page.screenshot({ path });
    await info.attach(`${name} at ${width}x${height}`, { path, contentType: "image/png" });
  }
}

const drawer = (page: Page) => page.locator(".ant-drawer-content");

/** The report overlay of a report measuring temperature and humidity, each tab scanned. */
async function scanReportOverlay(page: Page, email: string, shots: boolean) {
  await open(page, "/label-reports");
  // The operator's own company records nothing: its list is empty and has no overlay to open.
  const rows = page.locator(".ant-table-tbody .ant-table-row");
  await expect(rows.or(page.locator(".ant-table-placeholder")).first()).toBeVisible();
  if ((await rows.count()) === 0) return;
  const id = await reportWithHumidity(page, email);
  if (!id) throw new Error(`no ended report measuring humidity for ${email}`);
  await page.goto(`/label-reports/${id}`);
  await expect(drawer(page).getByTestId("report-start")).toBeVisible();
  await expect(drawer(page).getByRole("region", { name: "Audit trail" })).toBeVisible();
  const humidity = drawer(page).getByRole("tab", { name: "Humidity" });
  await expect(humidity).toBeVisible();
  await expect(drawer(page).getByTestId("chart-temperature")).toHaveAttribute("data-chart-painted", "true");
  await expectAccessible(page, "report overlay, Temperature tab", OVERLAY_SCOPE);
  if (shots) await attachScreens(page, "report overlay");
  await humidity.click();
  await expect(drawer(page).getByTestId("chart-humidity")).toHaveAttribute("data-chart-painted", "true");
  await expectAccessible(page, "report overlay, Humidity tab", OVERLAY_SCOPE);
}

const stepHeading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });
const next = (page: Page) => page.getByRole("button", { name: "Next", exact: true }).click();

/** Each step of the preset wizard, filled just enough to go on; nothing is saved. */
async function scanPresetWizard(page: Page, shots: boolean) {
  await open(page, "/label-presets/create");
  await expect(stepHeading(page, "General")).toBeVisible();
  await expectAccessible(page, "preset wizard, General");
  // An error message under a field is part of the step a user sees.
  await next(page);
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, "preset wizard, General with an error");
  if (shots) await attachScreens(page, "preset wizard with an error");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(`A11y ${Date.now().toString(36)}`);
  await next(page);
  await expect(stepHeading(page, "Temperature")).toBeVisible();
  await expectAccessible(page, "preset wizard, Temperature");
  await next(page);
  await expect(stepHeading(page, "Humidity")).toBeVisible();
  await page.getByRole("switch", { name: "Humidity" }).click();
  await page.getByRole("textbox", { name: "Minimum humidity" }).fill("30");
  await page.getByRole("textbox", { name: "Maximum humidity" }).fill("60");
  await expectAccessible(page, "preset wizard, Humidity");
  await next(page);
  await expect(stepHeading(page, "Shock and battery")).toBeVisible();
  await expectAccessible(page, "preset wizard, Shock and battery");
  await next(page);
  await expect(stepHeading(page, "Review")).toBeVisible();
  await expectAccessible(page, "preset wizard, Review");
}

/** The first record of a list opened from its link, e.g. a user's or a company's page. */
async function scanFirstRecord(page: Page, listPath: string, screen: string) {
  await open(page, listPath);
  // This tour's first visit to the presets shows their feature modal (scanned in the lists' tour).
  if (listPath === "/label-presets") await dismissFeatureModal(page);
  const link = page.locator(`.ant-table-tbody a[href^='${listPath}/']`).first();
  // The operator's own company has no presets: an empty list has no record to open.
  await expect(link.or(page.locator(".ant-table-placeholder")).first()).toBeVisible();
  if ((await link.count()) === 0) return;
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(listPath)}/[^/]+$`));
  await settle(page);
  await expectAccessible(page, screen);
}

const featureModal = (page: Page) => page.getByRole("dialog", { name: "New: label presets" });

/** Closes the modal the label presets show on a browser's first visit. */
async function dismissFeatureModal(page: Page) {
  await expect(featureModal(page)).toBeVisible();
  await featureModal(page).getByRole("button", { name: "Got it" }).click();
  await expect(featureModal(page)).toBeHidden();
}

/** Each page in turn, scanned as drawn; the label presets' first-visit modal is scanned too. */
async function scanPaths(page: Page, paths: string[], shots: boolean) {
  for (const path of paths) {
    await open(page, path);
    if (path === "/label-presets") {
      await expect(featureModal(page)).toBeVisible();
      await expectAccessible(page, "label presets, feature modal");
      await dismissFeatureModal(page);
    }
    await expectAccessible(page, path);
    if (shots && SHOT_PATHS.has(path)) await attachScreens(page, path);
  }
}

/**
 * Each screen is scanned once, as the first of these roles that may open it sees it: the
 * company administrator's screens hold the most (data, and every button a role may have),
 * the distributor adds its sub-companies, the operator its control center, and the user sees
 * a part of what the administrator sees. Scanning every screen again for every role that
 * shares it took a third of the browser tests' time, mostly to draw the same components
 * again with fewer buttons (which buttons a role sees is the permission matrix's to test).
 */
const ROLES = ["administrator", "distributorAdmin", "systemAdmin", "user"] as const;

const roles = ROLES.map((role) => {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role && !a.alsoIn);
  if (!account) throw new Error(`no demo account for ${role}`);
  const flags =
    SEED_COMPANIES.find((c) => c.name === account.companyName)?.people.find((p) => p.email === account.email)
      ?.featureFlags ?? {};
  const ability = defineAbilityFor([account.role], flags);
  const can: Can = (action, subject) => ability.can(action, subject);
  return { role, account, can };
});

/** The role that scans `path`: the first in ROLES that may open it. */
const scannerOf = (path: string) => roles.find(({ can }) => mayOpen(path, can))?.role;

for (const { role, account } of roles) {
  // One role's screenshots are enough to look at the colours; the others only scan.
  const shots = role === "administrator";
  const mine = (paths: string[]) => paths.filter((p) => scannerOf(p) === role);

  // A role's screens in tours, each signed in afresh: short enough to retry alone and to
  // share out between the workers. A tour with nothing for this role is not declared.
  const tour = (name: string, visit: (page: Page) => Promise<void>) =>
    test(`${name} as a ${role} sees them: no serious or critical WCAG 2.1 A/AA violation`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signInTo(page, account.email, account.companyName);
      await visit(page);
    });

  const lists = mine(PATHS.filter((p) => !p.startsWith("/settings")));
  if (lists.length > 0) tour("every list and create page", (page) => scanPaths(page, lists, shots));
  const settings = mine(PATHS.filter((p) => p.startsWith("/settings")));
  if (settings.length > 0) tour("every settings page", (page) => scanPaths(page, settings, shots));
  if (scannerOf("/label-reports") === role)
    tour("the report filters and the report overlay", async (page) => {
      await open(page, "/label-reports/filters");
      await expect(drawer(page)).toBeVisible();
      await expectAccessible(page, "report filters overlay", OVERLAY_SCOPE);
      await scanReportOverlay(page, account.email, shots);
    });
  const records = [
    {
      scan: scannerOf("/label-presets"),
      visit: (page: Page) => scanFirstRecord(page, "/label-presets", "label preset page"),
    },
    { scan: scannerOf("/label-presets/create"), visit: (page: Page) => scanPresetWizard(page, shots) },
    { scan: scannerOf("/users"), visit: (page: Page) => scanFirstRecord(page, "/users", "user overlay") },
    {
      scan: scannerOf("/sub-companies"),
      visit: (page: Page) => scanFirstRecord(page, "/sub-companies", "sub-company page"),
    },
    {
      scan: scannerOf("/deviations"),
      visit: (page: Page) => scanFirstRecord(page, "/deviations", "deviation page"),
    },
    {
      scan: scannerOf("/control-center/companies"),
      visit: (page: Page) => scanFirstRecord(page, "/control-center/companies", "control center, company page"),
    },
  ].filter((r) => r.scan === role);
  if (records.length > 0)
    tour("the record pages and the preset wizard", async (page) => {
      for (const record of records) await record.visit(page);
    });
}

test("the auth pages have no serious or critical WCAG 2.1 A/AA violation", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const path of ["/signin", "/signup", "/forgot-password"]) {
    await page.goto(path);
    await expect(page.getByRole("heading").first()).toBeVisible();
    await expectAccessible(page, path);
  }
  // A sign-in error is part of the page a user sees.
  await submitSignIn(page, "nobody@demo.example", "wrong-password-1");
  await expect(page.getByRole("alert").first()).toBeVisible();
  await expectAccessible(page, "sign-in with an error");

  const multi = DEMO_ACCOUNTS.find((a) => a.alsoIn);
  if (!multi) throw new Error("no multi-company demo account");
  await submitSignIn(page, multi.email);
  await expect(page).toHaveURL(/\/select-company/);
  await expect(page.getByRole("button", { name: `Open ${multi.companyName}` })).toBeVisible();
  await expectAccessible(page, "select company");
});

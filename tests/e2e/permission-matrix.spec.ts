import { type Action, defineAbilityFor, type Subject } from "../../core/domain/permissions";
import { FORBIDDEN_PATH, guardRedirect, PAGE_PERMISSIONS, routeNameOf } from "../../core/domain/route-guards";
import { DEMO_ACCOUNTS } from "../../server/seed/accounts";
import { SEED_COMPANIES } from "../../server/seed/companies";
import { resources } from "../../src/resources";
import { RESOURCE } from "../../src/resources/names";
import { COMPANY_SETTINGS_TABS, PROFILE_TABS, SETTINGS_SECTIONS } from "../../src/resources/settings/sections";
import { expect, type Page, test } from "./support/fixtures";
import { signInTo } from "./support/sign-in";

/**
 * The dashboard hides exactly what the role may not do: for every demo account, the
 * menu entries and where each direct URL visit ends are derived from the domain
 * (core/domain/permissions.ts, core/domain/route-guards.ts, the resource table and the
 * settings sections), never listed by hand, so a new screen is covered once it is in
 * those tables.
 */

type Can = (action: Action, subject: Subject) => boolean;

/** A resource is listed (in the menu) when the role can read its subject; no subject = everyone. */
function canList(can: Can, subject: Subject | undefined): boolean {
  return subject === undefined || can("read", subject);
}

/** The menu labels the dashboard must show, mirroring the resource table's groups. */
function expectedMenu(can: Can): string[] {
  const labels: string[] = [];
  const shown = resources.filter((resource) => !resource.meta.hide);
  for (const resource of shown) {
    if (resource.meta.parent) continue;
    const children = shown.filter(
      (child) =>
        child.meta.parent === resource.name && typeof child.list === "string" && canList(can, child.meta.subject),
    );
    if (children.length && canList(can, resource.meta.subject)) labels.push(resource.meta.label);
    else if (typeof resource.list === "string" && canList(can, resource.meta.subject)) labels.push(resource.meta.label);
  }
  return labels;
}

/** Every menu label any role could see (a label absent from the expectation must be absent from the page). */
const ALL_MENU_LABELS = resources.filter((r) => !r.meta.parent && !r.meta.hide).map((r) => r.meta.label);

/** The paths to visit: every list and create page of the resource table, and every settings page. */
const PATHS = [
  ...new Set<string>([
    ...resources.flatMap((r) => [r.list, r.create].filter((p): p is string => typeof p === "string")),
    ...SETTINGS_SECTIONS.map((s) => s.path),
    ...PROFILE_TABS.map((t) => t.path),
    ...COMPANY_SETTINGS_TABS.map((t) => t.path),
    ...PAGE_PERMISSIONS.map(([path]) => path),
  ]),
];

/** The settings sections that are only a row of tabs: opening one opens a tab. */
const TABBED_SECTIONS = new Set(
  [PROFILE_TABS, COMPANY_SETTINGS_TABS].map((tabs) => tabs[0]?.path.replace(/\/[^/]+$/, "") ?? ""),
);

/** The control-center pages are guarded by their resource's subject; the rest by the route-guard table. */
function controlCenterSubject(path: string): Subject | undefined {
  const owner = resources.find(
    (r) =>
      (r.name === RESOURCE.controlCenter || r.meta.parent === RESOURCE.controlCenter) &&
      typeof r.list === "string" &&
      (path === r.list || path.startsWith(`${r.list}/`)),
  );
  return owner?.meta.subject;
}

/** Where a visit to `path` must end: the path itself (or below it), or the guard's target, followed through. */
function expectedLanding(path: string, can: Can): { path: string; exact: boolean } {
  const seen = new Set<string>();
  let current = path;
  for (;;) {
    if (seen.has(current)) throw new Error(`Guard loop at ${current}`);
    seen.add(current);
    if (current === "/") {
      current = "/label-reports";
      continue;
    }
    const ccSubject = controlCenterSubject(current);
    const redirect = ccSubject ? (can("read", ccSubject) ? null : "/") : guardRedirect(routeNameOf(current), can);
    if (redirect === null) return { path: current, exact: current !== path };
    current = redirect;
  }
}

/** Moves the router to `path` as Back or Forward would: the history entry changes, the page stays loaded. */
async function visitInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, "", to);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

for (const account of DEMO_ACCOUNTS) {
  // The demo person's feature flags in that company add to the role (trim, API keys, custom fields).
  const flags =
    SEED_COMPANIES.find((c) => c.name === account.companyName)?.people.find((p) => p.email === account.email)
      ?.featureFlags ?? {};
  const ability = defineAbilityFor([account.role], flags);
  const can: Can = (action, subject) => ability.can(action, subject);

  test.describe(`${account.role} (${account.email})`, () => {
    test.beforeEach(async ({ page }) => {
      await signInTo(page, account.email, account.companyName);
    });

    test("the menu shows exactly the screens the role may open", async ({ page }) => {
      const menu = page.locator(".ant-layout-sider .ant-menu, nav .ant-menu").first();
      await expect(menu).toBeVisible();
      const expected = expectedMenu(can);
      for (const label of ALL_MENU_LABELS) {
        // By its text: a menu item's accessible name also holds its icon's name, and a group has no link.
        const entry = menu.getByText(label, { exact: true });
        if (expected.includes(label)) await expect(entry, `${label} shown`).toHaveCount(1);
        else await expect(entry, `${label} hidden`).toHaveCount(0);
      }
    });

    test("visits open the permitted pages and redirect the others as the guard table says", async ({ page }) => {
      // Every route of the dashboard: the first and the first forbidden one by a full page load
      // (an address typed or a bookmark), the others as the router sees Back or Forward to them,
      // which runs the same guards without loading the dashboard again.
      let forbiddenLoaded = false;
      for (const [index, path] of PATHS.entries()) {
        const landing = expectedLanding(path, can);
        const forbidden = landing.path === FORBIDDEN_PATH;
        if (index === 0 || (forbidden && !forbiddenLoaded)) await page.goto(path);
        else await visitInApp(page, path);
        forbiddenLoaded ||= forbidden;
        // A section of tabs opens its first tab the role may see: wait for that, so the next visit
        // does not race the section's own redirect.
        const below = TABBED_SECTIONS.has(landing.path) ? "(/[^?#]+)" : "(/[^?#]*)?";
        const target = landing.exact
          ? new RegExp(`^[^?#]*://[^/]+${escapeRegExp(landing.path)}([?#].*)?$`)
          : new RegExp(`^[^?#]*://[^/]+${escapeRegExp(landing.path)}${below}([?#].*)?$`);
        // A full page load first restores the session (a refresh can take seconds on a busy machine).
        await expect(page, `visiting ${path}`).toHaveURL(target);
        if (landing.path === FORBIDDEN_PATH) {
          await expect(page.getByText("Access denied", { exact: true }), `403 page for ${path}`).toBeVisible();
        }
        // The access check's own wording is for the code, never the page.
        await expect(page.getByText(/You do not have permission to/)).toHaveCount(0);
      }
    });
  });
}

import type { Action, Subject } from "./permissions";

/**
 * The route guards (who may open which page), by route name (the path with its slashes as
 * dashes: /settings/company-settings/general -> settings-company-settings-general).
 */

export type Can = (action: Action, subject: Subject) => boolean;

/** A route whose name contains the fragment needs the permission, else the user goes to /. */
const FRAGMENT_PERMISSIONS: readonly [fragment: string, action: Action, subject: Subject][] = [
  ["label-presets", "read", "labelPreset"],
  ["users", "read", "user"],
  ["settings-company-settings", "read", "company"],
  ["settings-custom-fields", "read", "customField"],
  ["settings-api-keys", "read", "apiKey"],
  ["settings-webhooks", "read", "webhook"],
  ["settings-audit-trail", "read", "auditEntry"],
  ["sub-companies", "read", "subCompany"],
];

/** Where a signed-in user lands on a page their role may not use: the 403 page, not a raw error. */
export const FORBIDDEN_PATH = "/403";

/**
 * Pages that create or manage something, inside a section the role may read: a person
 * who types the URL gets the 403 page, as no link to them is shown.
 */
export const PAGE_PERMISSIONS: readonly [path: string, action: Action, subject: Subject][] = [
  ["/label-presets/create", "create", "labelPreset"],
  ["/users/invite", "create", "userInvite"],
  ["/users/pending-invites", "read", "userInvite"],
  ["/sub-companies/create", "create", "subCompany"],
];

export function routeNameOf(pathname: string): string {
  return pathname.replace(/^\/+|\/+$/g, "").replace(/\/+/g, "-");
}

/** Where the guard sends the user instead, or null to let the route open. */
export function guardRedirect(name: string, can: Can): string | null {
  if (name === "") return "/";
  if (name === "maintenance") return "/";
  if (
    (name.includes("label-reports") ||
      name.includes("needs-attention") ||
      name.startsWith("alarms") ||
      name.startsWith("shipments")) &&
    !can("read", "labelReport")
  )
    return "/settings";
  for (const [fragment, action, subject] of FRAGMENT_PERMISSIONS) {
    if (name.includes(fragment) && !can(action, subject)) return "/";
  }
  for (const [path, action, subject] of PAGE_PERMISSIONS) {
    // Exactly the page: a preset's slug may well start with "create-".
    if (name === routeNameOf(path) && !can(action, subject)) return FORBIDDEN_PATH;
  }
  return null;
}

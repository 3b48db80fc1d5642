import type { Action, Subject } from "@core/domain/permissions";
import type { TabRoute } from "@/layouts/tabs-layout";

/**
 * The settings pages, and the permission each needs (the route guard table).
 * Custom fields and API keys are resources of their own (src/resources/custom-fields/,
 * src/resources/api-keys/): the index shows a card for each resource under settings too.
 */

export const PROFILE_TABS = [
  { path: "/settings/profile/personal-details", label: "Personal details" },
  { path: "/settings/profile/preferences", label: "Preferences" },
  { path: "/settings/profile/companies", label: "Companies" },
  { path: "/settings/profile/notifications", label: "Notifications" },
  { path: "/settings/profile/update-password", label: "Update password" },
] as const satisfies readonly TabRoute[];

export const COMPANY_SETTINGS_TABS = [
  { path: "/settings/company-settings/general", label: "General" },
  { path: "/settings/company-settings/addresses", label: "Addresses" },
  { path: "/settings/company-settings/billing-information", label: "Billing information" },
] as const satisfies readonly TabRoute[];

export interface SettingsSection {
  path: string;
  title: string;
  description: string;
  requires?: { subject: Subject; action: Action };
}

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  {
    path: "/settings/profile",
    title: "Profile",
    description: "Personal details, preferences, your companies, notifications and password.",
  },
  {
    path: "/settings/company-settings",
    title: "Company settings",
    description: "The company's details, addresses and billing information.",
    requires: { subject: "company", action: "read" },
  },
];

import { SettingOutlined } from "@ant-design/icons";
import { Navigate, Route } from "react-router";
import { lazyComponent } from "@/components/routing/lazy-component";
import { lazyPage } from "@/components/routing/lazy-page";
import { PageLoader } from "@/components/routing/page-loader";
import { RESOURCE } from "../names";
import type { AppResource, ResourceDeclaration } from "../resource";
import { COMPANY_SETTINGS_TABS, PROFILE_TABS } from "./sections";

const settingsPages = () => import("./pages");
const SettingsIndex = lazyPage(settingsPages, "SettingsIndex");
const ProfileSettingsLayout = lazyPage(settingsPages, "ProfileSettingsLayout");
const CompanySettingsLayout = lazyPage(settingsPages, "CompanySettingsLayout");
const SettingsSubPage = lazyComponent(async () => (await settingsPages()).SettingsSubPage, <PageLoader />);

/** The last path segment of a tab route, for its relative <Route path>. */
const segment = (path: string) => path.slice(path.lastIndexOf("/") + 1);

const resource = {
  name: RESOURCE.settings,
  list: "/settings",
  meta: { label: "Settings", icon: <SettingOutlined /> },
} satisfies AppResource;

/**
 * The settings index, and the profile and company settings pages with a tab per sub-page.
 * Custom fields and API keys are settings pages too, declared as resources of their own.
 */
export const settings: ResourceDeclaration = {
  resource,
  routes: (
    <Route path={resource.list}>
      <Route index element={<SettingsIndex />} />
      <Route path="profile" element={<ProfileSettingsLayout />}>
        <Route index element={<Navigate to="/settings/profile/personal-details" replace />} />
        {PROFILE_TABS.map((tab) => (
          <Route key={tab.path} path={segment(tab.path)} element={<SettingsSubPage path={tab.path} />} />
        ))}
      </Route>
      <Route path="company-settings" element={<CompanySettingsLayout />}>
        <Route index element={<Navigate to="/settings/company-settings/general" replace />} />
        {COMPANY_SETTINGS_TABS.map((tab) => (
          <Route key={tab.path} path={segment(tab.path)} element={<SettingsSubPage path={tab.path} />} />
        ))}
      </Route>
    </Route>
  ),
};

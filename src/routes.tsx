import { type ComponentType, lazy, Suspense } from "react";
import { Navigate, Outlet, Route, Routes } from "react-router";
import {
  LazyForbiddenPage as ForbiddenPage,
  LazyNotFoundPage as NotFoundPage,
} from "@/components/error-page/lazy-error-page";
import { AuthGate } from "@/components/routing/auth-gate";
import { PageLoader } from "@/components/routing/page-loader";
import { RequireAbility } from "@/components/routing/require-ability";
import { RequireRecordId } from "@/components/routing/require-record-id";
import { RouteGuard } from "@/components/routing/route-guard";
import { FORBIDDEN_PATH } from "@/domain/route-guards";
import { AuthLayout } from "@/layouts/auth-layout";
import { ControlCenterLayout } from "@/layouts/control-center-layout";
import { DashboardLayout } from "@/layouts/dashboard-layout";
import { RESOURCE } from "@/providers/resources";
import { COMPANY_SETTINGS_TABS, PROFILE_TABS } from "@/resources/settings/sections";

/** A named export as a route-level chunk. */
function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const companyPages = () => import("@/pages/auth/company-choice");
const ConfirmInvitePage = lazyPage(companyPages, "ConfirmInvitePage");
const SelectCompanyPage = lazyPage(companyPages, "SelectCompanyPage");

const NeedsAttentionPage = lazyPage(() => import("@/resources/needs-attention/page"), "NeedsAttentionPage");
const LabelReportList = lazyPage(() => import("@/resources/label-reports/list"), "LabelReportList");
const LabelReportShow = lazyPage(() => import("@/resources/label-reports/show"), "LabelReportShow");
const LabelReportFilters = lazyPage(() => import("@/resources/label-reports/filters"), "LabelReportFilters");
const LabelPresetList = lazyPage(() => import("@/resources/label-presets/list"), "LabelPresetList");
const LabelPresetShow = lazyPage(() => import("@/resources/label-presets/show"), "LabelPresetShow");
const LabelPresetCreate = lazyPage(() => import("@/resources/label-presets/create"), "LabelPresetCreate");
const UserList = lazyPage(() => import("@/resources/users/list"), "UserList");
const UserShow = lazyPage(() => import("@/resources/users/show"), "UserShow");
const userInvite = () => import("@/resources/users/invite");
const UserInvite = lazyPage(userInvite, "UserInvite");
const PendingInvites = lazyPage(() => import("@/resources/users/pending-invites"), "PendingInvites");
const SubCompanyList = lazyPage(() => import("@/resources/sub-companies/list"), "SubCompanyList");
const subCompany = () => import("@/resources/sub-companies/show");
const SubCompanyShow = lazyPage(subCompany, "SubCompanyShow");
const SubCompanyCreate = lazyPage(subCompany, "SubCompanyCreate");
const ControlCenterCompanyList = lazyPage(() => import("@/resources/companies/list"), "ControlCenterCompanyList");
const ControlCenterCompanyCreate = lazyPage(() => import("@/resources/companies/create"), "ControlCenterCompanyCreate");
const ControlCenterCompanyShow = lazyPage(() => import("@/resources/companies/show"), "ControlCenterCompanyShow");
const ImpersonationLog = lazyPage(() => import("@/resources/companies/impersonation-log"), "ImpersonationLog");

const settings = () => import("@/resources/settings/pages");
const SettingsIndex = lazyPage(settings, "SettingsIndex");
const ProfileSettingsLayout = lazyPage(settings, "ProfileSettingsLayout");
const CompanySettingsLayout = lazyPage(settings, "CompanySettingsLayout");
const CustomFieldsSettings = lazyPage(settings, "CustomFieldsSettings");
const ApiKeysSettings = lazyPage(settings, "ApiKeysSettings");
const SettingsSubPage = lazy(async () => ({ default: (await settings()).SettingsSubPage }));
/**
 * The controls' demo page is for developers and the controls' browser tests: in the dev
 * server, or in a build made with VITE_UI_KIT=true (the test build, scripts/test.mjs);
 * a production build leaves the page and its chunk out. Even then it needs a session.
 */
const UI_KIT = import.meta.env.DEV || import.meta.env.VITE_UI_KIT === "true";
const UiKitPage = UI_KIT ? lazyPage(() => import("@/components/ui-kit/ui-kit-page"), "UiKitPage") : null;

/** The last path segment of a tab route, for its relative <Route path>. */
const segment = (path: string) => path.slice(path.lastIndexOf("/") + 1);

/** The route table of spec section 2. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route path="/" element={<Navigate to="/label-reports" replace />} />
        <Route path="/maintenance" element={<Navigate to="/" replace />} />
        {UiKitPage && (
          <Route
            path="/ui-kit"
            element={
              <AuthGate scope="session">
                <UiKitPage />
              </AuthGate>
            }
          />
        )}

        {/* The account screens for visitors are the auth shell's (src/auth-app.tsx, src/root.tsx). */}

        {/* Account screens for a signed-in user who may not have chosen a company yet. */}
        <Route
          element={
            <AuthGate scope="session">
              <AuthLayout />
            </AuthGate>
          }
        >
          <Route path="/confirm-invite" element={<ConfirmInvitePage />} />
          <Route path="/select-company" element={<SelectCompanyPage />} />
        </Route>

        <Route
          element={
            <AuthGate scope="role">
              <RouteGuard>
                <DashboardLayout />
              </RouteGuard>
            </AuthGate>
          }
        >
          <Route path="/needs-attention" element={<NeedsAttentionPage />} />

          <Route
            path="/label-reports"
            element={
              <RequireRecordId pattern="/label-reports/:id" others={["filters"]}>
                <LabelReportList />
              </RequireRecordId>
            }
          >
            <Route path="filters" element={<LabelReportFilters />} />
            <Route path=":id" element={<LabelReportShow />} />
          </Route>

          <Route path={FORBIDDEN_PATH} element={<ForbiddenPage />} />

          <Route path="/label-presets" element={<Outlet />}>
            <Route index element={<LabelPresetList />} />
            <Route path="create" element={<LabelPresetCreate />} />
            <Route path=":slug" element={<LabelPresetShow />} />
          </Route>

          <Route path="/users" element={<Outlet />}>
            <Route path="invite" element={<UserInvite />} />
            <Route path="pending-invites" element={<PendingInvites />} />
            <Route
              element={
                <RequireRecordId pattern="/users/:id">
                  <UserList />
                </RequireRecordId>
              }
            >
              <Route index element={null} />
              <Route path=":id" element={<UserShow />} />
            </Route>
          </Route>

          <Route path="/sub-companies" element={<Outlet />}>
            <Route index element={<SubCompanyList />} />
            <Route path="create" element={<SubCompanyCreate />} />
            <Route
              path=":id"
              element={
                <RequireRecordId pattern="/sub-companies/:id">
                  <SubCompanyShow />
                </RequireRecordId>
              }
            />
          </Route>

          <Route path="/settings">
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
            <Route path="custom-fields" element={<CustomFieldsSettings />} />
            <Route path="api-keys" element={<ApiKeysSettings />} />
          </Route>
        </Route>

        <Route
          path="/control-center"
          element={
            <AuthGate scope="role">
              <RequireAbility resource={RESOURCE.controlCenter}>
                <ControlCenterLayout />
              </RequireAbility>
            </AuthGate>
          }
        >
          <Route index element={<Navigate to="/control-center/companies" replace />} />
          <Route
            path="companies"
            element={
              <RequireAbility resource={RESOURCE.controlCenterCompanies}>
                <Outlet />
              </RequireAbility>
            }
          >
            <Route index element={<ControlCenterCompanyList />} />
            <Route path="create" element={<ControlCenterCompanyCreate />} />
            <Route
              path=":id"
              element={
                <RequireRecordId pattern="/control-center/companies/:id">
                  <ControlCenterCompanyShow />
                </RequireRecordId>
              }
            />
          </Route>
          <Route path="impersonation-log" element={<ImpersonationLog />} />
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

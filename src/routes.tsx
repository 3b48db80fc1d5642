import { Authenticated } from "@refinedev/core";
import { type ComponentType, lazy, Suspense } from "react";
import { Navigate, Outlet, Route, Routes } from "react-router";
import { NotFoundPage } from "@/components/error-page";
import { PageLoader } from "@/components/routing/page-loader";
import { RequireAbility } from "@/components/routing/require-ability";
import { AuthLayout } from "@/layouts/auth-layout";
import { ControlCenterLayout } from "@/layouts/control-center-layout";
import { DashboardLayout } from "@/layouts/dashboard-layout";
import type { CheckParams } from "@/providers/auth-provider";
import { RESOURCE } from "@/providers/resources";
import { COMPANY_SETTINGS_TABS, PROFILE_TABS } from "@/resources/settings/sections";

/** A named export as a route-level chunk. */
function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const authPages = () => import("@/pages/auth/account-pages");
const SignInPage = lazyPage(() => import("@/pages/auth/sign-in"), "SignInPage");
const SignUpPage = lazyPage(authPages, "SignUpPage");
const ForgotPasswordPage = lazyPage(authPages, "ForgotPasswordPage");
const ResetPasswordPage = lazyPage(authPages, "ResetPasswordPage");
const ConfirmInvitePage = lazyPage(authPages, "ConfirmInvitePage");
const SelectCompanyPage = lazyPage(authPages, "SelectCompanyPage");

const LabelReportList = lazyPage(() => import("@/resources/label-reports/list"), "LabelReportList");
const LabelReportShow = lazyPage(() => import("@/resources/label-reports/show"), "LabelReportShow");
const LabelReportFilters = lazyPage(() => import("@/resources/label-reports/filters"), "LabelReportFilters");
const LabelPresetList = lazyPage(() => import("@/resources/label-presets/list"), "LabelPresetList");
const LabelPresetShow = lazyPage(() => import("@/resources/label-presets/show"), "LabelPresetShow");
const UserList = lazyPage(() => import("@/resources/users/list"), "UserList");
const UserShow = lazyPage(() => import("@/resources/users/show"), "UserShow");
const userInvite = () => import("@/resources/users/invite");
const UserInvite = lazyPage(userInvite, "UserInvite");
const PendingInvites = lazyPage(userInvite, "PendingInvites");
const SubCompanyList = lazyPage(() => import("@/resources/sub-companies/list"), "SubCompanyList");
const subCompany = () => import("@/resources/sub-companies/show");
const SubCompanyShow = lazyPage(subCompany, "SubCompanyShow");
const SubCompanyCreate = lazyPage(subCompany, "SubCompanyCreate");
const companies = () => import("@/resources/companies/list");
const ControlCenterCompanyList = lazyPage(companies, "ControlCenterCompanyList");
const ControlCenterCompanyCreate = lazyPage(companies, "ControlCenterCompanyCreate");

const settings = () => import("@/resources/settings/pages");
const SettingsIndex = lazyPage(settings, "SettingsIndex");
const ProfileSettingsLayout = lazyPage(settings, "ProfileSettingsLayout");
const CompanySettingsLayout = lazyPage(settings, "CompanySettingsLayout");
const CustomFieldsSettings = lazyPage(settings, "CustomFieldsSettings");
const ApiKeysSettings = lazyPage(settings, "ApiKeysSettings");
const SettingsSubPage = lazy(async () => ({ default: (await settings()).SettingsSubPage }));

const SESSION_ONLY: CheckParams = { scope: "session" };

/** The last path segment of a tab route, for its relative <Route path>. */
const segment = (path: string) => path.slice(path.lastIndexOf("/") + 1);

/** The route table of spec section 2. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route path="/" element={<Navigate to="/label-reports" replace />} />
        <Route path="/maintenance" element={<Navigate to="/" replace />} />

        {/* Account screens for visitors; a signed-in user goes to the dashboard. */}
        <Route
          element={
            <Authenticated key="auth-public" fallback={<AuthLayout />}>
              <Navigate to="/" replace />
            </Authenticated>
          }
        >
          <Route path="/signin" element={<SignInPage />} />
          <Route path="/signup" element={<SignUpPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
        </Route>

        {/* Account screens for a signed-in user who may not have chosen a company yet. */}
        <Route
          element={
            <Authenticated key="auth-session" params={SESSION_ONLY}>
              <AuthLayout />
            </Authenticated>
          }
        >
          <Route path="/confirm-invite" element={<ConfirmInvitePage />} />
          <Route path="/select-company" element={<SelectCompanyPage />} />
        </Route>

        <Route
          element={
            <Authenticated key="dashboard">
              <DashboardLayout />
            </Authenticated>
          }
        >
          <Route
            path="/label-reports"
            element={
              <RequireAbility resource={RESOURCE.labelReports} redirectTo="/settings">
                <LabelReportList />
              </RequireAbility>
            }
          >
            <Route path="filters" element={<LabelReportFilters />} />
            <Route path=":id" element={<LabelReportShow />} />
          </Route>

          <Route
            path="/label-presets"
            element={
              <RequireAbility resource={RESOURCE.labelPresets}>
                <Outlet />
              </RequireAbility>
            }
          >
            <Route index element={<LabelPresetList />} />
            <Route path=":slug" element={<LabelPresetShow />} />
          </Route>

          <Route
            path="/users"
            element={
              <RequireAbility resource={RESOURCE.users}>
                <Outlet />
              </RequireAbility>
            }
          >
            <Route path="invite" element={<UserInvite />} />
            <Route path="pending-invites" element={<PendingInvites />} />
            <Route element={<UserList />}>
              <Route index element={null} />
              <Route path=":id" element={<UserShow />} />
            </Route>
          </Route>

          <Route
            path="/sub-companies"
            element={
              <RequireAbility resource={RESOURCE.subCompanies}>
                <Outlet />
              </RequireAbility>
            }
          >
            <Route index element={<SubCompanyList />} />
            <Route path="create" element={<SubCompanyCreate />} />
            <Route path=":id" element={<SubCompanyShow />} />
          </Route>

          <Route path="/settings">
            <Route index element={<SettingsIndex />} />
            <Route path="profile" element={<ProfileSettingsLayout />}>
              <Route index element={<Navigate to="/settings/profile/personal-details" replace />} />
              {PROFILE_TABS.map((tab) => (
                <Route key={tab.path} path={segment(tab.path)} element={<SettingsSubPage title={tab.label} />} />
              ))}
            </Route>
            <Route
              path="company-settings"
              element={
                <RequireAbility subject="company" action="read">
                  <CompanySettingsLayout />
                </RequireAbility>
              }
            >
              <Route index element={<Navigate to="/settings/company-settings/general" replace />} />
              {COMPANY_SETTINGS_TABS.map((tab) => (
                <Route key={tab.path} path={segment(tab.path)} element={<SettingsSubPage title={tab.label} />} />
              ))}
            </Route>
            <Route
              path="custom-fields"
              element={
                <RequireAbility subject="customField" action="read">
                  <CustomFieldsSettings />
                </RequireAbility>
              }
            />
            <Route
              path="api-keys"
              element={
                <RequireAbility subject="apiKey" action="create">
                  <ApiKeysSettings />
                </RequireAbility>
              }
            />
          </Route>
        </Route>

        <Route
          path="/control-center"
          element={
            <Authenticated key="control-center">
              <RequireAbility resource={RESOURCE.controlCenter}>
                <ControlCenterLayout />
              </RequireAbility>
            </Authenticated>
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
          </Route>
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

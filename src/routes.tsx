import { FORBIDDEN_PATH } from "@core/domain/route-guards";
import { Children } from "react";
import { Navigate, Route, Routes } from "react-router";
import {
  LazyForbiddenPage as ForbiddenPage,
  LazyNotFoundPage as NotFoundPage,
} from "@/components/error-page/lazy-error-page";
import { AuthGate } from "@/components/routing/auth-gate";
import { lazyPage } from "@/components/routing/lazy-page";
import { RequireAbility } from "@/components/routing/require-ability";
import { RouteGuard } from "@/components/routing/route-guard";
import { ControlCenterLayout } from "@/layouts/control-center-layout";
import { DashboardLayout } from "@/layouts/dashboard-layout";
import { RESOURCE_DECLARATIONS } from "@/resources";
import { RESOURCE } from "@/resources/names";

// The account screens' layout is rarely seen inside the dashboard (choosing a company, an invite):
// it and antd's theme algorithms behind its tokens come when one of them opens.
const AuthLayout = lazyPage(() => import("@/layouts/auth-layout"), "AuthLayout");
const companyPages = () => import("@/pages/auth/company-choice");
const ConfirmInvitePage = lazyPage(companyPages, "ConfirmInvitePage");
const SelectCompanyPage = lazyPage(companyPages, "SelectCompanyPage");

/**
 * The controls' demo page is for developers and the controls' browser tests: in the dev
 * server, or in a build made with VITE_UI_KIT=true (the test build, scripts/test.mjs);
 * a production build leaves the page and its chunk out. Even then it needs a session.
 */
const UI_KIT = import.meta.env.DEV || import.meta.env.VITE_UI_KIT === "true";
const UiKitPage = UI_KIT ? lazyPage(() => import("@/components/ui-kit/ui-kit-page"), "UiKitPage") : null;

/**
 * The routes of the resources (each declared in src/resources/<name>/) that render in the
 * control center's layout (its children), or else in the dashboard's; keyed for <Routes>.
 */
function resourceRoutes(inControlCenter: boolean) {
  return Children.toArray(
    RESOURCE_DECLARATIONS.filter(
      ({ resource }) => (resource.meta.parent === RESOURCE.controlCenter) === inControlCenter,
    ).map(({ routes }) => routes),
  );
}

/** The route table: the layouts, and the resources' routes inside them. */
export function AppRoutes() {
  return (
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
        <Route path={FORBIDDEN_PATH} element={<ForbiddenPage />} />
        {resourceRoutes(false)}
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
        {resourceRoutes(true)}
      </Route>

      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

import { isSharePath, isVerifyPath, isVisitorPath } from "@core/routes/visitor-paths";
import { ConfigProvider } from "antd";
// The ES module: "antd/locale/en_US" is the CommonJS build, a second copy of the locale.
import enUS from "antd/es/locale/en_US";
import type { ReactNode } from "react";
import { BrowserRouter, Route, Routes, useLocation } from "react-router";
import { AntdHashProvider } from "@/components/controls/antd-hash/antd-hash";
import { ErrorBoundary } from "@/components/error-page/error-boundary";
import { GlobalElements } from "@/components/global/global-elements";
import { showSnackbar } from "@/components/global/snackbars/snackbar-store";
import { lazyComponent } from "@/components/routing/lazy-component";
import { setSignOutNotifier } from "@/providers/auth/sign-out-notice";
import { theme } from "@/theme";
import styles from "./app.module.css";

/** The account screens for visitors: a lean shell without Refine. */
const AuthApp = lazyComponent(async () => (await import("./auth-app")).AuthApp);
/** A share link's public page: no sign-in, no Refine. */
const SharePage = lazyComponent(async () => (await import("./pages/share/share-page")).SharePage);
/** The public page that verifies a record or a report PDF: no sign-in, no Refine. */
const VerifyPage = lazyComponent(async () => (await import("./pages/verify/verify-page")).VerifyPage);
/**
 * Everything else: the Refine dashboard. The chunk of the page it opens on starts with it, not
 * awaited: when it is in by the first render (its files are named in the page), that render
 * shows the page; when not, the layout shows at once with a page loader in its place.
 */
const DashboardApp = lazyComponent(async () => {
  const { App, preloadPage } = await import("./App");
  preloadPage(window.location.pathname);
  return App;
});

/** Loads the dashboard app, for src/main.tsx to render it in the first pass. */
export const preloadDashboard = (): Promise<unknown> => DashboardApp.preload();

// The 'Sign out' snackbar shows on the sign-in page, after the dashboard app has gone (shown
// directly: the notification provider's conversions are the dashboard's, not every page's).
setSignOutNotifier(({ type, message, description }) =>
  showSnackbar({ id: "sign-out", type, title: message, text: description }),
);

function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}

function SharePageRoute() {
  return (
    <Routes>
      <Route path="/share/:token" element={<SharePage />} />
    </Routes>
  );
}

/** Picks the app for the current path; navigating between them swaps the shell without a reload. */
function Shell() {
  const { pathname } = useLocation();
  if (isSharePath(pathname)) return <SharePageRoute />;
  if (isVerifyPath(pathname)) return <VerifyPage />;
  return isVisitorPath(pathname) ? <AuthApp /> : <DashboardApp />;
}

/** What every screen shares: the router, the antd theme, the snackbars and the update notice. */
export function Root() {
  return (
    <BrowserRouter>
      <ConfigProvider theme={theme} locale={enUS}>
        <AntdHashProvider>
          <div className={styles.app}>
            <RouteErrorBoundary>
              <Shell />
            </RouteErrorBoundary>
            <GlobalElements />
          </div>
        </AntdHashProvider>
      </ConfigProvider>
    </BrowserRouter>
  );
}

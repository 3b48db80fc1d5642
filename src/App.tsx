import { Refine } from "@refinedev/core";
import { DocumentTitleHandler } from "@refinedev/react-router";
import { ConfigProvider } from "antd";
import enUS from "antd/locale/en_US";
import type { ReactNode } from "react";
import { BrowserRouter, useLocation } from "react-router";
import { ErrorBoundary } from "@/components/error-page/error-boundary";
import { GlobalElements } from "@/components/global/global-elements";
import { ScrollManager } from "@/components/routing/scroll-manager";
import { accessControlProvider } from "@/providers/access-control-provider";
import { SessionWatchers } from "@/providers/auth/session-watchers";
import { authProvider } from "@/providers/auth-provider";
import { dataProvider } from "@/providers/data-provider";
import { documentTitle } from "@/providers/document-title";
import { notificationProvider } from "@/providers/notification-provider";
import { createQueryClient } from "@/providers/query-client";
import { resources } from "@/providers/resources";
import { routerProvider } from "@/providers/router-provider";
import { syncQueriesWithSession } from "@/providers/session-sync";
import { AppRoutes } from "@/routes";
import { theme } from "@/theme";
import styles from "./app.module.css";

const queryClient = createQueryClient();
syncQueriesWithSession(queryClient);

function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}

/** Composes the providers; everything else lives in src/providers, src/routes.tsx and below. */
export function App() {
  return (
    <BrowserRouter>
      <ConfigProvider theme={theme} locale={enUS}>
        <div className={styles.app}>
          <RouteErrorBoundary>
            <Refine
              routerProvider={routerProvider}
              dataProvider={dataProvider}
              authProvider={authProvider}
              accessControlProvider={accessControlProvider}
              notificationProvider={notificationProvider}
              resources={resources}
              options={{
                syncWithLocation: true,
                disableTelemetry: true,
                reactQuery: { clientConfig: queryClient },
              }}
            >
              <AppRoutes />
              <ScrollManager />
              <SessionWatchers />
              <DocumentTitleHandler handler={documentTitle} />
              <GlobalElements />
            </Refine>
          </RouteErrorBoundary>
        </div>
      </ConfigProvider>
    </BrowserRouter>
  );
}

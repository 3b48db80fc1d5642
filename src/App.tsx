import { useNotificationProvider } from "@refinedev/antd";
import { Refine } from "@refinedev/core";
import { DocumentTitleHandler } from "@refinedev/react-router";
import { App as AntdApp, ConfigProvider } from "antd";
import enUS from "antd/locale/en_US";
import type { ReactNode } from "react";
import { BrowserRouter, useLocation } from "react-router";
import { ErrorBoundary } from "@/components/error-page";
import { ScrollManager } from "@/components/routing/scroll-manager";
import { accessControlProvider } from "@/providers/access-control-provider";
import { authProvider } from "@/providers/auth-provider";
import { dataProvider } from "@/providers/data-provider";
import { documentTitle } from "@/providers/document-title";
import { createQueryClient } from "@/providers/query-client";
import { resources } from "@/providers/resources";
import { routerProvider } from "@/providers/router-provider";
import { syncQueriesWithSession } from "@/providers/session-sync";
import { AppRoutes } from "@/routes";
import { theme } from "@/theme";

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
        <AntdApp>
          <RouteErrorBoundary>
            <Refine
              routerProvider={routerProvider}
              dataProvider={dataProvider}
              authProvider={authProvider}
              accessControlProvider={accessControlProvider}
              notificationProvider={useNotificationProvider}
              resources={resources}
              options={{
                syncWithLocation: true,
                disableTelemetry: true,
                reactQuery: { clientConfig: queryClient },
              }}
            >
              <AppRoutes />
              <ScrollManager />
              <DocumentTitleHandler handler={documentTitle} />
            </Refine>
          </RouteErrorBoundary>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}

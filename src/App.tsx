import "./boot-dashboard";
import "./providers/auth/init-session-layer";
import "./providers/dayjs";
import { isLandingListPath } from "@core/routes/route-modules";
import { Refine } from "@refinedev/core";
import routerProvider, { DocumentTitleHandler } from "@refinedev/react-router";
import { ScrollManager } from "@/components/routing/scroll-manager";
import {
  activeSessionPermissions,
  createAccessControlProvider,
  sharedAbility,
} from "@/providers/access-control-provider";
import { SessionWatchers } from "@/providers/auth/session-watchers";
import { authProvider } from "@/providers/auth-provider";
import { dataProvider } from "@/providers/data-provider";
import { documentTitle } from "@/providers/document-title";
import { notificationProvider } from "@/providers/notification-provider";
import { createQueryClient } from "@/providers/query-client";
import { syncQueriesWithSession } from "@/providers/session-sync";
import { resources } from "@/resources";
import { preloadLabelReportList } from "@/resources/label-reports";
import { AppRoutes } from "@/routes";

const queryClient = createQueryClient();
const accessControlProvider = createAccessControlProvider(resources, activeSessionPermissions, sharedAbility);
syncQueriesWithSession(queryClient);

/**
 * Starts the chunk of the page the dashboard opens on (the landing list's) through its route's
 * loader, so that a render after it has arrived shows the page at once instead of a page loader.
 * A chunk that fails to load is the route's to load again and to report
 * (src/components/routing/lazy-component.tsx).
 */
export function preloadPage(pathname: string): void {
  if (isLandingListPath(pathname)) preloadLabelReportList().catch(() => undefined);
}

/**
 * The dashboard: Refine and its providers around the route table (src/routes.tsx), with the
 * resources declared in src/resources/ (src/resources/index.ts lists them). Loaded lazily by
 * src/root.tsx for every path but the visitors' account screens, inside the router, the antd
 * theme and the global elements it shares with them.
 */
export function App() {
  return (
    <Refine
      routerProvider={routerProvider}
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      notificationProvider={notificationProvider}
      resources={resources}
      options={{
        // A list's state is its URL's, which one hook owns (src/components/list/use-list-state.ts).
        syncWithLocation: false,
        disableTelemetry: true,
        // Refine's "loading for N s" counter: every data hook still loading would render again each
        // second to update it, and no screen shows it (a slow list shows its own spinner).
        overtime: { enabled: false, interval: 1_000 },
        reactQuery: { clientConfig: queryClient },
      }}
    >
      <AppRoutes />
      <ScrollManager />
      <SessionWatchers />
      <DocumentTitleHandler handler={documentTitle} />
    </Refine>
  );
}

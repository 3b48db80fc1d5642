import { ImpersonationBanner } from "@/components/global/impersonation-banner/impersonation-banner";
import { AppHeaderContent } from "./app-header";
import { AppShell } from "./app-shell";
import { DASHBOARD_BRAND, useDashboardMenu } from "./dashboard-menu";

/** The dashboard layout: every resource the user can list, in the sider. */
export function DashboardLayout() {
  return (
    <AppShell
      brand={DASHBOARD_BRAND}
      {...useDashboardMenu()}
      banner={<ImpersonationBanner />}
      header={<AppHeaderContent />}
    />
  );
}

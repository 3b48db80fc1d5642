import { Layout, Menu, type MenuProps } from "antd";
import { type ReactNode, Suspense } from "react";
import { Outlet } from "react-router";
import { ImpersonationBanner } from "@/components/global/impersonation-banner/impersonation-banner";
import { MaintenanceBanner } from "@/components/global/maintenance-banner/maintenance-banner";
import { PageLoader } from "@/components/routing/page-loader";
import { LAYOUT } from "@/theme";
import { AppHeaderContent } from "./app-header";
import styles from "./layouts.module.css";

export interface AppShellProps {
  brand: ReactNode;
  menuItems: MenuProps["items"];
  selectedKeys: string[];
  defaultOpenKeys?: string[];
  headerTitle?: string;
}

/** The signed-in frame: a sider with the menu, a header with company and user, the page. */
export function AppShell({ brand, menuItems, selectedKeys, defaultOpenKeys, headerTitle }: AppShellProps) {
  return (
    <Layout hasSider className={styles.shell}>
      <Layout.Sider width={LAYOUT.siderWidth} breakpoint="lg" collapsible>
        <div className={styles.brand}>{brand}</div>
        <Menu
          theme="dark"
          mode="inline"
          items={menuItems}
          selectedKeys={selectedKeys}
          {...(defaultOpenKeys ? { defaultOpenKeys } : {})}
        />
      </Layout.Sider>
      <Layout>
        <ImpersonationBanner />
        <MaintenanceBanner />
        <Layout.Header className={styles.header}>
          <AppHeaderContent {...(headerTitle ? { title: headerTitle } : {})} />
        </Layout.Header>
        <Layout.Content className={styles.content}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

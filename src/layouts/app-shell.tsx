import { Layout, Menu, type MenuProps } from "antd";
import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { MaintenanceBanner } from "@/components/global/maintenance-banner/maintenance-banner";
import { LAYOUT } from "@/theme";
import styles from "./layouts.module.css";

export interface AppShellProps {
  brand: ReactNode;
  menuItems: MenuProps["items"];
  selectedKeys: string[];
  defaultOpenKeys?: string[];
  /** Above the maintenance banner: the impersonation banner (it needs Refine; the boot preview has none). */
  banner?: ReactNode;
  /** The header's content: the company and the user's menu (app-header.tsx). */
  header: ReactNode;
  /** The page; the route's outlet when absent. */
  children?: ReactNode;
}

/** The signed-in frame: a sider with the menu, a header with company and user, the page. */
export function AppShell({ brand, menuItems, selectedKeys, defaultOpenKeys, banner, header, children }: AppShellProps) {
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
        {banner}
        <MaintenanceBanner />
        <Layout.Header className={styles.header}>{header}</Layout.Header>
        <Layout.Content className={styles.content}>{children ?? <Outlet />}</Layout.Content>
      </Layout>
    </Layout>
  );
}

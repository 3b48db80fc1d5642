import { MenuOutlined } from "@ant-design/icons";
import { Button, Drawer, Grid, Layout, Menu, type MenuProps } from "antd";
import { type ReactNode, useId, useRef, useState } from "react";
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

type MenuSettings = Pick<AppShellProps, "menuItems" | "selectedKeys" | "defaultOpenKeys">;

/** The menu of the sider or of the phone's drawer. */
function ShellMenu({
  menuItems,
  selectedKeys,
  defaultOpenKeys,
  theme,
  onClick,
}: MenuSettings & { theme: "dark" | "light"; onClick?: MenuProps["onClick"] }) {
  return (
    <Menu
      theme={theme}
      mode="inline"
      items={menuItems}
      selectedKeys={selectedKeys}
      {...(defaultOpenKeys ? { defaultOpenKeys } : {})}
      {...(onClick ? { onClick } : {})}
    />
  );
}

/** The drawer menu's link to focus on opening: the current page's, else the first. */
function linkToFocus(menu: HTMLElement | null): HTMLElement | null {
  return menu?.querySelector<HTMLElement>(".ant-menu-item-selected a") ?? menu?.querySelector<HTMLElement>("a") ?? null;
}

/**
 * Below antd's `md` breakpoint (768 px) the menu is a drawer behind a button in the header
 * (docs/decisions.md, "Phones get the menu in a drawer"): a collapsed sider would take a fifth
 * of a phone's width and cut the product's name. Focus goes into the drawer's menu when it opens
 * and back to the button when it closes; Escape and choosing a page close it.
 */
function PhoneMenu({ brand, ...menu }: MenuSettings & { brand: ReactNode }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const drawerId = useId();
  return (
    <>
      <Button
        ref={button}
        type="text"
        icon={<MenuOutlined />}
        aria-label="Menu"
        aria-expanded={open}
        aria-controls={drawerId}
        onClick={() => setOpen(true)}
      />
      <Drawer
        id={drawerId}
        placement="left"
        width={LAYOUT.siderWidth}
        title={<span className={styles.drawerBrand}>{brand}</span>}
        open={open}
        onClose={() => setOpen(false)}
        afterOpenChange={(opened) => {
          // Into the menu, on the current page's link (Enter follows it, Tab walks the others); back to the button.
          if (opened) linkToFocus(nav.current)?.focus();
          else button.current?.focus();
        }}
        classNames={{ body: styles.drawerBody }}
      >
        <nav aria-label="Main" ref={nav}>
          <ShellMenu {...menu} theme="light" onClick={() => setOpen(false)} />
        </nav>
      </Drawer>
    </>
  );
}

/** The signed-in frame: a sider with the menu (a drawer on a phone), a header with company and user, the page. */
export function AppShell({ brand, menuItems, selectedKeys, defaultOpenKeys, banner, header, children }: AppShellProps) {
  const menu = { menuItems, selectedKeys, ...(defaultOpenKeys ? { defaultOpenKeys } : {}) };
  // Undefined until antd has measured the screen: the desktop frame, so a desktop never flashes the phone's.
  const phone = Grid.useBreakpoint().md === false;
  return (
    <Layout hasSider={!phone} className={styles.shell}>
      {phone ? null : (
        <Layout.Sider width={LAYOUT.siderWidth} breakpoint="lg" collapsible>
          <div className={styles.brand}>{brand}</div>
          <ShellMenu {...menu} theme="dark" />
        </Layout.Sider>
      )}
      <Layout className={styles.main}>
        {banner}
        <MaintenanceBanner />
        <Layout.Header className={styles.header}>
          {phone ? <PhoneMenu brand={brand} {...menu} /> : null}
          {header}
        </Layout.Header>
        <Layout.Content className={styles.content}>{children ?? <Outlet />}</Layout.Content>
      </Layout>
    </Layout>
  );
}

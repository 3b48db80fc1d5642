import { ArrowLeftOutlined, ControlOutlined } from "@ant-design/icons";
import { createElement, useMemo } from "react";
import { Link, useLocation } from "react-router";
import { ImpersonationBanner } from "@/components/global/impersonation-banner/impersonation-banner";
import { useAccess } from "@/hooks/use-access";
import { RESOURCE } from "@/resources/names";
import { AppHeaderContent } from "./app-header";
import { AppShell } from "./app-shell";
import { resourceMenuItems, selectedResource } from "./resource-menu";

/** The control center: its own pages, and the way back to the dashboard. */
export function ControlCenterLayout() {
  const can = useAccess();
  const { pathname } = useLocation();
  const items = useMemo(
    () => [
      ...resourceMenuItems(
        (name) => can({ resource: name, action: "list" }),
        (resource) => resource.name === RESOURCE.controlCenter,
      ),
      { key: "back", icon: createElement(ArrowLeftOutlined), label: createElement(Link, { to: "/" }, "Dashboard") },
    ],
    [can],
  );
  const selected = selectedResource(pathname);
  return (
    <AppShell
      brand={
        <>
          <ControlOutlined /> Control center
        </>
      }
      menuItems={items}
      selectedKeys={selected ? [selected] : []}
      defaultOpenKeys={[RESOURCE.controlCenter]}
      banner={<ImpersonationBanner />}
      header={<AppHeaderContent />}
    />
  );
}

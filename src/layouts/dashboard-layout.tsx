import { CloudOutlined } from "@ant-design/icons";
import { useMemo } from "react";
import { useLocation } from "react-router";
import { useAccess } from "@/hooks/use-access";
import { AppShell } from "./app-shell";
import { resourceMenuItems, selectedResource } from "./resource-menu";

/** The dashboard layout: every resource the user can list, in the sider. */
export function DashboardLayout() {
  const can = useAccess();
  const { pathname } = useLocation();
  const items = useMemo(() => resourceMenuItems((name) => can({ resource: name, action: "list" })), [can]);
  const selected = selectedResource(pathname);
  return (
    <AppShell
      brand={
        <>
          <CloudOutlined /> Cold chain
        </>
      }
      menuItems={items}
      selectedKeys={selected ? [selected] : []}
    />
  );
}

import { CloudOutlined } from "@ant-design/icons";
import { useMemo } from "react";
import { useLocation } from "react-router";
import { useAccess } from "@/hooks/use-access";
import { resourceMenuItems, selectedResource } from "./resource-menu";

export const DASHBOARD_BRAND = (
  <>
    <CloudOutlined /> Cold chain
  </>
);

/** The dashboard's sider: every resource the user can list, the current one selected. */
export function useDashboardMenu() {
  const can = useAccess();
  const { pathname } = useLocation();
  const menuItems = useMemo(() => resourceMenuItems((name) => can({ resource: name, action: "list" })), [can]);
  const selected = selectedResource(pathname);
  return { menuItems, selectedKeys: selected ? [selected] : [] };
}

import { CloudOutlined } from "@ant-design/icons";
import { Badge, Flex } from "antd";
import { useMemo } from "react";
import { useLocation } from "react-router";
import { useAccess } from "@/hooks/use-access";
import { RESOURCE } from "@/resources/names";
import { useAttentionCount } from "@/resources/needs-attention/use-attention-list";
import { resourceMenuItems, selectedResource } from "./resource-menu";

type MenuItem = ReturnType<typeof resourceMenuItems>[number];

/** The item with its count beside the label (the menu collapsed: on the icon). */
function withBadge(item: MenuItem, count: number): MenuItem {
  if (!item || !("label" in item)) return item;
  return {
    ...item,
    label: (
      <Flex align="center" justify="space-between" gap={8}>
        <span>{item.label}</span>
        <Badge count={count} overflowCount={99} aria-label={`${count} to look at`} data-testid="attention-badge" />
      </Flex>
    ),
  };
}

export const DASHBOARD_BRAND = (
  <>
    <CloudOutlined /> Cold chain
  </>
);

/** The dashboard's sider: every resource the user can list, the current one selected. */
export function useDashboardMenu() {
  const can = useAccess();
  const { pathname } = useLocation();
  const attention = useAttentionCount();
  const menuItems = useMemo(
    () =>
      resourceMenuItems((name) => can({ resource: name, action: "list" })).map((item) =>
        item?.key === RESOURCE.needsAttention && attention > 0 ? withBadge(item, attention) : item,
      ),
    [can, attention],
  );
  const selected = selectedResource(pathname);
  return { menuItems, selectedKeys: selected ? [selected] : [] };
}

import { CloudOutlined } from "@ant-design/icons";
import { Badge, Flex } from "antd";
import { type ReactNode, useMemo } from "react";
import { useLocation } from "react-router";
import { useAccess } from "@/hooks/use-access";
import { useIdle } from "@/hooks/use-idle";
import { RESOURCE } from "@/resources/names";
import { useAttentionCount } from "@/resources/needs-attention/use-attention-list";
import { resourceMenuItems, selectedResource } from "./resource-menu";

/** The Needs attention item's label with its count beside it, once there is one to show. */
function AttentionCountLabel({ label }: { label: ReactNode }) {
  const count = useAttentionCount();
  if (count <= 0) return label;
  return (
    <Flex align="center" justify="space-between" gap={8}>
      <span>{label}</span>
      <Badge count={count} overflowCount={99} aria-label={`${count} to look at`} data-testid="attention-badge" />
    </Flex>
  );
}

/**
 * The count's three requests (and the code behind them) wait until the browser is idle, so
 * the page's own first request and render go first. In a component of its
 * own, so that the counts arriving render this label, not the whole layout.
 */
function AttentionLabel({ label }: { label: ReactNode }) {
  return useIdle(3_000) ? <AttentionCountLabel label={label} /> : label;
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
  const menuItems = useMemo(
    () =>
      resourceMenuItems((name) => can({ resource: name, action: "list" })).map((item) =>
        item?.key === RESOURCE.needsAttention && "label" in item
          ? { ...item, label: <AttentionLabel label={item.label} /> }
          : item,
      ),
    [can],
  );
  const selected = selectedResource(pathname);
  return { menuItems, selectedKeys: selected ? [selected] : [] };
}

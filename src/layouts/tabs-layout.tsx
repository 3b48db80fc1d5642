import { Flex, Tabs, Typography } from "antd";
import { Outlet, useLocation, useNavigate } from "react-router";

export interface TabRoute {
  path: string;
  label: string;
}

/** The tabs layout: sub-pages of one settings page as tabs, each its own route. */
export function TabsLayout({ title, tabs }: { title: string; tabs: readonly TabRoute[] }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = tabs.find((tab) => pathname === tab.path || pathname.startsWith(`${tab.path}/`));
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={2}>{title}</Typography.Title>
      <Tabs
        activeKey={active?.path}
        onChange={(path) => navigate(path)}
        items={tabs.map((tab) => ({ key: tab.path, label: tab.label }))}
      />
      <Outlet />
    </Flex>
  );
}

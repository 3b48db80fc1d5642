import { DownOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from "@ant-design/icons";
import { useGetIdentity, useLogout } from "@refinedev/core";
import { Avatar, Button, Dropdown, type MenuProps, Space, Tag } from "antd";
import { useNavigate } from "react-router";
import { useSessionSummary } from "@/hooks/use-session";
import type { Identity } from "@/providers/auth-provider";

/** The header's right side: the active company and the signed-in user, with their menu. */
export function AppHeaderContent({ title }: { title?: string }) {
  const { data: identity } = useGetIdentity<Identity>();
  const { mutate: logout } = useLogout();
  const navigate = useNavigate();
  const { company, impersonating, canSwitchCompany } = useSessionSummary();

  const items: MenuProps["items"] = [
    ...(canSwitchCompany
      ? [{ key: "switch", icon: <SwapOutlined />, label: "Switch company", onClick: () => navigate("/select-company") }]
      : []),
    { key: "settings", icon: <UserOutlined />, label: "Profile", onClick: () => navigate("/settings/profile") },
    { type: "divider" as const },
    { key: "signout", icon: <LogoutOutlined />, label: "Sign out", onClick: () => logout() },
  ];

  return (
    <>
      <Space size="middle">
        {title ? <strong>{title}</strong> : null}
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the label names the value for getByLabel, as antd Typography.Text did before */}
        <strong aria-label="Company">{company?.name ?? ""}</strong>
        {impersonating ? <Tag color="warning">Impersonating</Tag> : null}
      </Space>
      <Dropdown menu={{ items }} trigger={["click"]}>
        <Button type="text" aria-label="User menu">
          <Space>
            <Avatar size="small" icon={<UserOutlined />} />
            <span>{identity?.name ?? ""}</span>
            <DownOutlined />
          </Space>
        </Button>
      </Dropdown>
    </>
  );
}

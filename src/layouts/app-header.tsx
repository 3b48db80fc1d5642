import { LogoutOutlined, SwapOutlined, UserOutlined } from "@ant-design/icons";
import { useGetIdentity, useLogout } from "@refinedev/core";
import { Dropdown, type MenuProps } from "antd";
import { useNavigate } from "react-router";
import { useSessionSummary } from "@/hooks/use-session";
import type { Identity } from "@/providers/auth-provider";
import { AppHeaderView } from "./app-header-view";

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
    <AppHeaderView
      {...(title ? { title } : {})}
      userName={identity?.name ?? ""}
      companyName={company?.name ?? ""}
      impersonating={impersonating}
      userMenu={(button) => (
        <Dropdown menu={{ items }} trigger={["click"]}>
          {button}
        </Dropdown>
      )}
    />
  );
}

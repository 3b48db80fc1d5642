import { MailOutlined, UserAddOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useNavigate } from "react-router";
import { ResourceList } from "@/components/list/resource-list";
import { useAccess } from "@/hooks/use-access";
import { RESOURCE } from "@/resources/names";
import type { User } from "../types";
import { userColumns } from "./columns";
import { RoleFilter } from "./role-filter";

export function UserList() {
  const navigate = useNavigate();
  const can = useAccess();
  // Inviting is its own permission (userInvite), not "create user".
  const canInvite = can({ subject: "userInvite", action: "create" });
  return (
    <ResourceList<User>
      resource={RESOURCE.users}
      columns={userColumns}
      recordLink={(user) => `/users/${encodeURIComponent(user.id)}`}
      overlayLinks
      searchPlaceholder="Search by name or e-mail"
      actions={
        <>
          <RoleFilter />
          {canInvite ? (
            <>
              <Button icon={<MailOutlined />} onClick={() => navigate("/users/pending-invites")}>
                Pending invites
              </Button>
              <Button type="primary" icon={<UserAddOutlined />} onClick={() => navigate("/users/invite")}>
                Invite user
              </Button>
            </>
          ) : null}
        </>
      }
    />
  );
}

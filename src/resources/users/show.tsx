import { DeleteOutlined } from "@ant-design/icons";
import { userName } from "@core/domain/audit-actor";
import { type HttpError, useDelete, useOne } from "@refinedev/core";
import { Alert, Button, Divider, Flex, Popconfirm, Skeleton, Space, Typography } from "antd";
import { useParams } from "react-router";
import { useShallow } from "zustand/react/shallow";
import { RecordDescriptions } from "@/components/record/record-details";
import { useAccess } from "@/hooks/use-access";
import { PanelLayout, usePanel } from "@/layouts/panel-layout";
import { readableError } from "@/providers/readable-error";
import {
  selectActiveCompany,
  selectActiveRole,
  selectActiveRoleTypes,
  useAuthSessionStore,
} from "@/providers/stores/auth-session";
import { RESOURCE } from "@/resources/names";
import { failureText } from "../people/form-errors";
import type { User } from "../types";
import { rolesColumn, userFields } from "./columns";
import { RoleEditor } from "./role-editor";

/** A member of the company, in a panel over the user list (the list keeps its place). */
export function UserShow() {
  const { id } = useParams();
  return (
    <PanelLayout title="User" closeTo="/users">
      <UserDetails id={id} />
    </PanelLayout>
  );
}

function UserDetails({ id }: { id: string | undefined }) {
  const can = useAccess();
  const { ownRoles, selfId } = useAuthSessionStore(
    useShallow((s) => ({ ownRoles: selectActiveRoleTypes(s), selfId: selectActiveRole(s)?.user.id })),
  );
  const { query, result: user } = useOne<User, HttpError>({
    resource: RESOURCE.users,
    id: id ?? "",
    queryOptions: { enabled: id !== undefined },
  });
  if (query.isError)
    return <Alert type="error" showIcon message="Could not load this user" description={readableError(query.error)} />;
  if (query.isLoading || !user) return <Skeleton active />;
  const canEdit = can({ subject: "user", action: "update" });
  const canRemove = can({ subject: "user", action: "delete" }) && user.id !== selfId;
  return (
    <Flex vertical gap="middle">
      <div>
        <Typography.Title level={4}>{userName(user)}</Typography.Title>
        <Typography.Text type="secondary">{user.email}</Typography.Text>
      </div>
      <RecordDescriptions record={user} fields={userFields} />
      <Divider />
      {canEdit ? (
        <RoleEditor key={user.roles.join()} user={user} ownRoles={ownRoles} selfId={selfId} />
      ) : (
        <Space direction="vertical">
          <Typography.Title level={5}>Roles in this company</Typography.Title>
          {rolesColumn.render(user)}
          <Typography.Text type="secondary">Only system administrators change roles.</Typography.Text>
        </Space>
      )}
      {canRemove ? <RemoveMember user={user} /> : null}
    </Flex>
  );
}

function RemoveMember({ user }: { user: User }) {
  const { mutateAsync, mutation } = useDelete<User>();
  const isPending = mutation.isPending;
  const { close } = usePanel();
  const company = useAuthSessionStore((s) => selectActiveCompany(s)?.name) ?? "this company";
  return (
    <Flex justify="start">
      <Popconfirm
        // Names who leaves which company: a person removed by mistake loses access at once.
        title={`Remove ${userName(user)} from ${company}?`}
        description="Their account stays for their other companies."
        okText="Remove"
        okButtonProps={{ danger: true }}
        onConfirm={async () => {
          await mutateAsync({
            resource: RESOURCE.users,
            id: user.id,
            successNotification: { type: "success", message: "Member removed", description: user.email },
            errorNotification: (error) => ({ type: "error", message: "Not removed", description: failureText(error) }),
          }).then(
            () => close(),
            () => undefined,
          );
        }}
      >
        <Button danger icon={<DeleteOutlined />} loading={isPending}>
          Remove from company
        </Button>
      </Popconfirm>
    </Flex>
  );
}

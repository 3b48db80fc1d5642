import type { MemberChanges } from "@core/api/member";
import { dropsOwnLastAdministratorRole, grantableRoles, ROLE_LABELS } from "@core/domain/role-rules";
import { ROLES } from "@core/domain/roles";
import { type HttpError, useUpdate } from "@refinedev/core";
import { Alert, Button, Flex, Form, Typography } from "antd";
import { FormCheckboxGroup } from "@/components/controls/form-groups/form-groups";
import { RESOURCE } from "@/resources/names";
import { failureText, showFieldErrors } from "../people/form-errors";
import type { User } from "../types";

type Values = MemberChanges;

/**
 * Changing a member's roles (update user: system administrators). Only roles up to
 * one's own rank can be ticked; the server checks the same rules again.
 */
export function RoleEditor({
  user,
  ownRoles,
  selfId,
}: {
  user: User;
  ownRoles: readonly string[];
  selfId: string | undefined;
}) {
  const [form] = Form.useForm<Values>();
  const { mutateAsync, mutation } = useUpdate<User, HttpError, Values>();
  const isPending = mutation.isPending;
  const grantable = new Set<string>(grantableRoles(ownRoles));
  const isSelf = user.id === selfId;
  const roles = Form.useWatch("roles", form) ?? user.roles;
  const losesAdmin = isSelf && dropsOwnLastAdministratorRole(user.roles, roles);
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ roles: user.roles }}
      onFinish={async (values) => {
        try {
          await mutateAsync({
            resource: RESOURCE.users,
            id: user.id,
            values,
            successNotification: { type: "success", message: "Roles saved", description: user.email },
            errorNotification: (error) => ({
              type: "error",
              message: "Roles not saved",
              description: failureText(error),
            }),
          });
        } catch (error) {
          showFieldErrors(form, error, ["roles"]);
        }
      }}
    >
      <Typography.Title level={5}>Roles in this company</Typography.Title>
      <Form.Item name="roles" rules={[{ required: true, message: "Choose at least one role" }]}>
        <FormCheckboxGroup
          vertical
          options={ROLES.map((role) => ({
            value: role,
            label: ROLE_LABELS[role],
            disabled: !grantable.has(role),
          }))}
        />
      </Form.Item>
      {losesAdmin ? (
        <Alert type="warning" showIcon message="Keep an administrator role: you cannot remove your own last one." />
      ) : null}
      <Flex justify="end">
        <Button type="primary" htmlType="submit" loading={isPending} disabled={losesAdmin}>
          Save roles
        </Button>
      </Flex>
    </Form>
  );
}

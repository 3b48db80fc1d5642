import { SendOutlined } from "@ant-design/icons";
import type { InviteInput } from "@core/api/invite";
import { grantableRoles, ROLE_LABELS } from "@core/domain/role-rules";
import { ROLES } from "@core/domain/roles";
import { type HttpError, useCreate } from "@refinedev/core";
import { Button, Card, Flex, Form, Input, Typography } from "antd";
import { useNavigate } from "react-router";
import { FormCheckboxGroup } from "@/components/controls/form-groups/form-groups";
import { TitledPage } from "@/components/record/record-page";
import { selectActiveRoleTypes, useAuthSessionStore } from "@/providers/stores/auth-session";
import { failureText, showFieldErrors } from "../people/form-errors";
import styles from "../people/people.module.css";
import type { Invite } from "../types";

export const INVITES_RESOURCE = "user-invites";
/** Spec: the sign-up link of an invitation works for 7 days (the server decides; this is the wording). */
export const INVITE_VALID_DAYS = 7;

type Values = InviteInput;

/** Invite someone into the company: their e-mail carries the sign-up link. */
export function UserInvite() {
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const ownRoles = useAuthSessionStore(selectActiveRoleTypes);
  const grantable = new Set<string>(grantableRoles(ownRoles));
  const { mutateAsync, mutation } = useCreate<Invite, HttpError, Values>();
  return (
    <TitledPage title="Invite user" backTo="/users">
      <Card className={styles.formCard}>
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark="optional"
          initialValues={{ email: "", roles: ["user"] }}
          onFinish={async (values) => {
            try {
              await mutateAsync({
                resource: INVITES_RESOURCE,
                values: { email: values.email.trim(), roles: values.roles },
                successNotification: {
                  type: "success",
                  message: "Invitation sent",
                  description: `${values.email.trim()} has ${INVITE_VALID_DAYS} days to sign up`,
                },
                errorNotification: (error) => ({
                  type: "error",
                  message: "Invitation not sent",
                  description: failureText(error),
                }),
              });
              navigate("/users/pending-invites");
            } catch (error) {
              showFieldErrors(form, error, ["email", "roles"]);
            }
          }}
        >
          <Typography.Paragraph type="secondary">
            We e-mail a sign-up link that works for {INVITE_VALID_DAYS} days. Someone who already has an account
            confirms the invitation after signing in.
          </Typography.Paragraph>
          <Form.Item
            name="email"
            label="E-mail"
            rules={[
              { required: true, message: "Enter an e-mail address" },
              { type: "email", message: "Enter a valid e-mail address" },
            ]}
          >
            <Input inputMode="email" autoComplete="off" placeholder="name@company.com" />
          </Form.Item>
          <Form.Item name="roles" label="Roles" rules={[{ required: true, message: "Choose at least one role" }]}>
            <FormCheckboxGroup
              className={styles.roleGrid}
              options={ROLES.filter((role) => grantable.has(role)).map((role) => ({
                value: role,
                label: ROLE_LABELS[role],
              }))}
            />
          </Form.Item>
          <Flex justify="end" gap="small">
            <Button onClick={() => navigate("/users")}>Cancel</Button>
            <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={mutation.isPending}>
              Send invitation
            </Button>
          </Flex>
        </Form>
      </Card>
    </TitledPage>
  );
}

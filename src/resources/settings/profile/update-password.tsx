import type { PasswordChangeInput } from "@core/api/profile";
import { passwordError } from "@core/domain/credentials";
import { Button, Card, Form, Input } from "antd";
import { SETTINGS_URL, showFieldErrors, useSettingsMutation } from "../api";

/** The form asks for the new password twice. */
type Values = Required<PasswordChangeInput>;

/**
 * Settings > profile > update password. The server checks the current password and
 * the password rules; a change signs out every other session of the account.
 */
export function UpdatePassword() {
  const [form] = Form.useForm<Values>();
  const { mutate, mutation } = useSettingsMutation();
  const save = (values: Values) =>
    mutate(
      {
        url: SETTINGS_URL.password,
        method: "post",
        values,
        successNotification: {
          message: "Password changed",
          description: "Your other sessions were signed out.",
          type: "success",
        },
        errorNotification: false,
      },
      {
        onSuccess: () => form.resetFields(),
        onError: (error) => showFieldErrors(form, error),
      },
    );
  return (
    <Card>
      <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 480 }}>
        <Form.Item
          name="currentPassword"
          label="Current password"
          rules={[{ required: true, message: "Enter your current password" }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label="New password"
          extra="At least 8 characters, with a letter and a number."
          rules={[
            { required: true, message: "Choose a new password" },
            {
              validator: (_, value: string) =>
                value && passwordError(value)
                  ? Promise.reject(new Error(passwordError(value) ?? ""))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repeatPassword"
          label="Repeat new password"
          dependencies={["newPassword"]}
          rules={[
            { required: true, message: "Repeat the new password" },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || getFieldValue("newPassword") === value
                  ? Promise.resolve()
                  : Promise.reject(new Error("The passwords differ")),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          Update password
        </Button>
      </Form>
    </Card>
  );
}

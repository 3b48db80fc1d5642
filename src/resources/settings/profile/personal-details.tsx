import { Alert, Button, Card, Form, Input, Skeleton } from "antd";
import { useEffect } from "react";
import { readableError } from "@/providers/data-provider";
import { useAuthSessionStore } from "@/providers/stores/auth-session";
import { SETTINGS_URL, showFieldErrors, useSettingsDocument, useSettingsMutation } from "../api";
import type { Profile } from "../types";

type Values = Pick<Profile, "firstName" | "lastName" | "phone">;

/** Settings > profile > personal details: names and phone; the e-mail is the sign-in name and stays. */
export function PersonalDetails() {
  const [form] = Form.useForm<Values>();
  const { data, query } = useSettingsDocument<Profile>(SETTINGS_URL.me);
  const { mutate, mutation } = useSettingsMutation<Profile>();
  useEffect(() => {
    if (data) form.setFieldsValue({ firstName: data.firstName, lastName: data.lastName, phone: data.phone ?? "" });
  }, [data, form]);

  if (query.isError) return <Alert type="error" showIcon message={readableError(query.error)} />;
  if (!data) return <Skeleton active />;

  const save = (values: Values) =>
    mutate(
      {
        url: SETTINGS_URL.me,
        method: "patch",
        values: { ...values, phone: values.phone?.trim() ? values.phone : null },
        successNotification: { message: "Personal details saved", type: "success" },
        errorNotification: false,
      },
      {
        onSuccess: ({ data: saved }) => {
          const { user } = useAuthSessionStore.getState();
          // The header shows the name from the session: keep it in step.
          if (user)
            useAuthSessionStore.setState({ user: { ...user, firstName: saved.firstName, lastName: saved.lastName } });
          form.setFieldsValue({ phone: saved.phone ?? "" });
        },
        onError: (error) => showFieldErrors(form, error),
      },
    );

  return (
    <Card>
      <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 480 }}>
        <Form.Item label="E-mail" extra="Your sign-in name; it cannot be changed here.">
          <Input value={data.email} disabled />
        </Form.Item>
        <Form.Item
          name="firstName"
          label="First name"
          rules={[{ required: true, whitespace: true, message: "Enter your first name" }]}
        >
          <Input autoComplete="given-name" maxLength={100} />
        </Form.Item>
        <Form.Item name="lastName" label="Last name">
          <Input autoComplete="family-name" maxLength={100} />
        </Form.Item>
        <Form.Item
          name="phone"
          label="Phone"
          extra="International form with the country code, e.g. +49 69 1234567. Used for sign-in codes by text message."
        >
          <Input type="tel" autoComplete="tel" maxLength={30} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          Save
        </Button>
      </Form>
    </Card>
  );
}

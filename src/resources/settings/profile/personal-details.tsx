import { Alert, Button, Card, Form, Input, Skeleton, Typography } from "antd";
import { useEffect } from "react";
import { useSessionSummary } from "@/hooks/use-session";
import { readableError } from "@/providers/readable-error";
import { useAuthSessionStore } from "@/providers/stores/auth-session";
import { SETTINGS_URL, showFieldErrors, useSettingsDocument, useSettingsMutation } from "../api";
import type { Profile } from "../types";
import { PhoneChange } from "./phone-change";

type Values = Pick<Profile, "firstName" | "lastName">;

/** Settings > profile > personal details: names, and the phone through its own checked flow; the e-mail is the sign-in name and stays. */
export function PersonalDetails() {
  const [form] = Form.useForm<Values>();
  const { data, query } = useSettingsDocument<Profile>(SETTINGS_URL.me);
  const { mutate, mutation } = useSettingsMutation<Profile>();
  // The server refuses it too: the name is printed on the person's signatures.
  const { impersonating } = useSessionSummary();
  useEffect(() => {
    if (data) form.setFieldsValue({ firstName: data.firstName, lastName: data.lastName });
  }, [data, form]);

  if (query.isError) return <Alert type="error" showIcon message={readableError(query.error)} />;
  if (!data) return <Skeleton active />;

  const save = (values: Values) =>
    mutate(
      {
        url: SETTINGS_URL.me,
        method: "patch",
        values,
        successNotification: { message: "Personal details saved", type: "success" },
        errorNotification: false,
      },
      {
        onSuccess: ({ data: saved }) => {
          const { user } = useAuthSessionStore.getState();
          // The header shows the name from the session: keep it in step.
          if (user)
            useAuthSessionStore.setState({ user: { ...user, firstName: saved.firstName, lastName: saved.lastName } });
        },
        onError: (error) => showFieldErrors(form, error),
      },
    );

  return (
    <Card>
      <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 480 }} disabled={impersonating}>
        {impersonating ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message="Only the person changes their name: it is printed on their signatures."
          />
        ) : null}
        {/* Not a form field (no name), so antd does not tie the label to it: the id does. */}
        <Form.Item label="E-mail" htmlFor="profile-email" extra="Your sign-in name; it cannot be changed here.">
          <Input id="profile-email" value={data.email} disabled />
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
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          Save
        </Button>
      </Form>
      {/* A form of its own (forms do not nest): the phone is a sign-in method, changed with a proof. */}
      <section aria-label="Phone" style={{ maxWidth: 480, marginTop: 32 }}>
        <Typography.Title level={5}>Phone</Typography.Title>
        <Typography.Paragraph type="secondary">
          Used for sign-in codes by text message: changing it takes your password and a code sent to the new number.
        </Typography.Paragraph>
        <PhoneChange current={data.phone} onChanged={() => query.refetch()} />
      </section>
    </Card>
  );
}

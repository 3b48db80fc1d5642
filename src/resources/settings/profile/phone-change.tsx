import type { PhoneChangeInput, PhoneConfirmInput } from "@core/api/profile";
import type { PhoneChangeAnswer } from "@core/api/status-answer";
import { formatPhone, phoneToSend } from "@core/domain/phone";
import { useNotification } from "@refinedev/core";
import { Button, Form, Input, Space, Typography } from "antd";
import { useState } from "react";
import { SETTINGS_URL, showFieldErrors, useSettingsMutation } from "../api";

/** The form's number is typed text; the body sends it in the international form, or null. */
type StartValues = Omit<PhoneChangeInput, "phone"> & { phone: string };

/**
 * The phone is a sign-in method (codes by text message), so it changes in two steps
 * the new number with the current password (or a code e-mailed to the
 * account), then the code sent to that number. The server also needs the sign-in
 * session, which the browser sends as its cookie.
 */
export function PhoneChange({ current, onChanged }: { current: string | null; onChanged: () => void }) {
  const { open: notify } = useNotification();
  const say = (text: string, type: "success" | "error" = "success") => notify?.({ message: text, type });
  const [startForm] = Form.useForm<StartValues>();
  const [confirmForm] = Form.useForm<PhoneConfirmInput>();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const [byEmail, setByEmail] = useState(false);
  // Of the three calls, only the start's answer is read (the number the code went to).
  const { mutate, mutation } = useSettingsMutation<PhoneChangeAnswer>();
  const reset = () => {
    setOpen(false);
    setPending(null);
    setByEmail(false);
    startForm.resetFields();
    confirmForm.resetFields();
  };

  const sendEmailCode = () =>
    mutate(
      {
        url: SETTINGS_URL.phoneEmailCode,
        method: "post",
        values: {},
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          setByEmail(true);
          say("We e-mailed you a code");
        },
        onError: (error) => say(error.message, "error"),
      },
    );

  const start = (values: StartValues) =>
    mutate(
      {
        url: SETTINGS_URL.phone,
        method: "post",
        values: {
          phone: values.phone.trim() ? phoneToSend(values.phone, navigator.language) : null,
          ...(byEmail ? { emailCode: values.emailCode } : { password: values.password }),
        } satisfies PhoneChangeInput,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          if (data.status === "REMOVED") {
            onChanged();
            say("Phone number removed");
            reset();
          } else setPending(data.phone);
        },
        onError: (error) => {
          if (!showFieldErrors(startForm, error)) say(error.message, "error");
        },
      },
    );

  const confirm = ({ code }: PhoneConfirmInput) =>
    mutate(
      {
        url: SETTINGS_URL.phoneConfirm,
        method: "post",
        values: { code } satisfies PhoneConfirmInput,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          onChanged();
          say("Phone number changed");
          reset();
        },
        onError: (error) => {
          if (!showFieldErrors(confirmForm, error)) say(error.message, "error");
        },
      },
    );

  if (!open)
    return (
      <Space>
        <Typography.Text data-testid="current-phone">
          {current ? formatPhone(current) : "No phone number"}
        </Typography.Text>
        <Button onClick={() => setOpen(true)}>Change phone</Button>
      </Space>
    );

  if (pending)
    return (
      // Keyed: antd binds a Form to its `form` at mount, so without a key of its own this
      // step would reuse the first step's Form, bound to the first step's instance, and the
      // server's "The code is wrong" would be set on a form nobody sees.
      <Form key="confirm" form={confirmForm} layout="vertical" onFinish={confirm}>
        <Form.Item
          name="code"
          label="Code sent to the new number"
          extra={`We sent a code by text message to ${formatPhone(pending)}.`}
          rules={[{ required: true, message: "Enter the code" }]}
        >
          <Input autoComplete="one-time-code" maxLength={20} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            Confirm phone
          </Button>
          <Button onClick={reset}>Cancel</Button>
        </Space>
      </Form>
    );

  return (
    <Form key="start" form={startForm} layout="vertical" onFinish={start}>
      <Form.Item
        name="phone"
        label="New phone"
        extra="With the country code, e.g. +49 69 1234567; a number without one is read in your browser's country. Leave empty to remove your number."
      >
        <Input type="tel" autoComplete="tel" maxLength={30} />
      </Form.Item>
      {byEmail ? (
        <Form.Item
          name="emailCode"
          label="Code from your e-mail"
          rules={[{ required: true, message: "Enter the code" }]}
        >
          <Input autoComplete="one-time-code" maxLength={20} />
        </Form.Item>
      ) : (
        <Form.Item
          name="password"
          label="Current password"
          extra={
            <Button type="link" size="small" style={{ padding: 0 }} onClick={sendEmailCode}>
              No password? E-mail me a code instead
            </Button>
          }
          rules={[{ required: true, message: "Enter your current password" }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      )}
      <Space>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          Send code to new phone
        </Button>
        <Button onClick={reset}>Cancel</Button>
      </Space>
    </Form>
  );
}

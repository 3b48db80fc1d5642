import { formatPhone, phoneToSend } from "@core/domain/phone";
import { Alert, Button, Flex, Form, Input, Radio, Typography } from "antd";
import { useEffect, useState } from "react";
import { loadAuth } from "./auth-client";
import { fieldError, useSignIn } from "./use-sign-in";

/** The SDK's passwordless recipe, fetched with the auth code (auth-client.ts). */
const passwordless = async () => (await loadAuth()).Passwordless;

type Channel = "email" | "phone";

interface Attempt {
  contact: string;
}

// The SDK keeps the attempt itself (spec: passwordless attempt info); where the code went is ours.
const CONTACT_KEY = "signin-code-contact";

/**
 * Passwordless sign-in: a 6-digit code (and a magic link) sent by e-mail or to a
 * phone. The attempt survives a reload (the SDK keeps it in local storage).
 */
export function CodeForm() {
  const [channel, setChannel] = useState<Channel>("email");
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<{ type: "info" | "error"; text: string } | null>(null);
  const { signIn, isPending, failure } = useSignIn();

  useEffect(() => {
    void passwordless()
      .then((p) => p.getLoginAttemptInfo())
      .then((info) => {
        if (info) setAttempt({ contact: localStorage.getItem(CONTACT_KEY) ?? "your address" });
      });
  }, []);

  async function send(values: { contact: string }) {
    setSending(true);
    setNotice(null);
    try {
      // Spaces and national numbers are fine to type; the server compares E.164 (core/domain/phone.ts).
      const contact = channel === "email" ? values.contact.trim() : phoneToSend(values.contact, navigator.language);
      const result = await (await passwordless()).createCode(
        channel === "email" ? { email: contact } : { phoneNumber: contact },
      );
      if (result.status === "SIGN_IN_UP_NOT_ALLOWED") {
        setNotice({ type: "error", text: result.reason });
        return;
      }
      const shown = channel === "email" ? contact : formatPhone(contact);
      localStorage.setItem(CONTACT_KEY, shown);
      setAttempt({ contact: shown });
    } catch (error) {
      setNotice({ type: "error", text: messageOf(error) });
    } finally {
      setSending(false);
    }
  }

  async function resend() {
    setNotice(null);
    try {
      const result = await (await passwordless()).resendCode();
      if (result.status === "RESTART_FLOW_ERROR") {
        await restart();
        setNotice({ type: "error", text: "That sign-in attempt has expired. Please ask for a new code." });
      } else {
        setNotice({ type: "info", text: "A new code is on its way." });
      }
    } catch (error) {
      setNotice({ type: "error", text: messageOf(error) });
    }
  }

  async function restart() {
    await (await passwordless()).clearLoginAttemptInfo();
    localStorage.removeItem(CONTACT_KEY);
    setAttempt(null);
  }

  const noticeBox = notice && <Alert type={notice.type} showIcon message={notice.text} />;

  if (!attempt) {
    return (
      <Form<{ contact: string }> layout="vertical" requiredMark={false} onFinish={send}>
        <Flex vertical gap="middle">
          {noticeBox}
          <Radio.Group value={channel} onChange={(e) => setChannel(e.target.value)} optionType="button">
            <Radio value="email">E-mail</Radio>
            <Radio value="phone">Phone</Radio>
          </Radio.Group>
          <Form.Item
            name="contact"
            label={channel === "email" ? "E-mail" : "Phone number"}
            extra={channel === "phone" ? "With the country code, e.g. +31 6 1234 5678" : undefined}
            rules={[
              {
                required: true,
                message: channel === "email" ? "Enter your e-mail address" : "Enter your phone number",
              },
            ]}
          >
            <Input type={channel === "email" ? "email" : "tel"} autoComplete={channel === "email" ? "email" : "tel"} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={sending}>
            Send me a code
          </Button>
        </Flex>
      </Form>
    );
  }

  return (
    <Form<{ userInputCode: string }>
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => signIn({ method: "code", userInputCode: values.userInputCode.trim() })}
    >
      <Flex vertical gap="middle">
        <Typography.Text>
          We sent a 6-digit code to <strong>{attempt.contact}</strong>. Enter it below, or open the link in the message.
        </Typography.Text>
        {noticeBox}
        {failure && !failure.fields && <Alert type="error" showIcon message={failure.message} />}
        <Form.Item
          name="userInputCode"
          label="Code"
          rules={[{ required: true, message: "Enter the code" }]}
          {...fieldError(failure, "userInputCode")}
        >
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isPending}>
          Sign in
        </Button>
        <Flex justify="space-between">
          <Button type="link" onClick={resend}>
            Send a new code
          </Button>
          <Button type="link" onClick={restart}>
            Use another address
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "Something went wrong. Please try again.";
}

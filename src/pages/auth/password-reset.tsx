import { Alert, Button, Flex, Form, Input } from "antd";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { AuthTitle } from "./auth-title";
import { NewPasswordFields } from "./new-password-fields";
import { failureOf, useAuthAction } from "./use-sign-in";

/** Requests a password reset e-mail. The answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { run, isPending } = useAuthAction(async (auth, values: { email: string }) => {
    const answer = await auth.forgotPassword?.(values);
    if (answer?.success) setSentTo(values.email);
    else if (answer) setFailure(failureOf(answer)?.message ?? null);
    // No redirect: the page itself says what happens next.
    return answer && { success: answer.success };
  });
  return (
    <Flex vertical gap="large">
      <AuthTitle>Forgot password</AuthTitle>
      {sentTo ? (
        <Alert
          type="success"
          showIcon
          message="Check your e-mail"
          description={`If an account exists for ${sentTo}, we sent it a link to choose a new password. The link is valid for one hour.`}
        />
      ) : (
        <Form<{ email: string }> layout="vertical" requiredMark={false} onFinish={(values) => run(values)}>
          {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
          <Form.Item
            name="email"
            label="E-mail"
            rules={[{ required: true, type: "email", message: "Enter your e-mail address" }]}
          >
            <Input inputMode="email" autoComplete="email" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isPending}>
            Send me a reset link
          </Button>
        </Form>
      )}
      <Link to="/signin">Back to sign in</Link>
    </Flex>
  );
}

/** Sets a new password with the token from the e-mail's link (/reset-password?token=…). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const { run, isPending, failure } = useAuthAction((auth, values: { password: string }) =>
    auth.updatePassword?.(values),
  );
  if (!params.get("token")) {
    return (
      <Flex vertical gap="large">
        <AuthTitle>Reset password</AuthTitle>
        <Alert type="error" showIcon message="This page needs the link from your password reset e-mail." />
        <Link to="/forgot-password">Ask for a new link</Link>
      </Flex>
    );
  }
  return (
    <Flex vertical gap="large">
      <AuthTitle>Reset password</AuthTitle>
      {failure && !failure.fields && (
        <Alert
          type="error"
          showIcon
          message={failure.message}
          description={<Link to="/forgot-password">Ask for a new link</Link>}
        />
      )}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={({ password }) => run({ password })}>
        <NewPasswordFields label="New password" failure={failure} autoFocus />
        <Button type="primary" htmlType="submit" block loading={isPending}>
          Set new password
        </Button>
      </Form>
    </Flex>
  );
}

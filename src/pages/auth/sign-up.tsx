import { Alert, Button, Flex, Form, Input, Spin, Typography } from "antd";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { SignUpParams } from "@/providers/auth-provider";
import { useAuthSessionStore } from "@/providers/stores/auth-session";
import { loadAuth } from "./auth-client";
import { AuthTitle } from "./auth-title";
import { fetchInvitation, type Invitation, rolesInSentence } from "./invitation";
import { NewPasswordFields } from "./new-password-fields";
import { fieldError, useAuthAction } from "./use-sign-in";

interface Values extends SignUpParams {
  confirm: string;
}

/** Registration with an invite token (/signup?token=…): the invitation decides company and roles. */
export function SignUpPage() {
  const [params] = useSearchParams();
  const storedToken = useAuthSessionStore((s) => s.inviteToken);
  const setInviteToken = useAuthSessionStore((s) => s.setInviteToken);
  const token = params.get("token") ?? storedToken;
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();
  const { run: register, isPending, failure } = useAuthAction((auth, values: SignUpParams) => auth.register?.(values));

  useEffect(() => {
    if (!token) return;
    setInviteToken(token);
    // The session layer starts first: it sees every API request (src/providers/auth/supertokens.ts).
    loadAuth()
      .then(() => fetchInvitation(token))
      .then((found) => {
        setInvitation(found);
        form.setFieldValue("email", found.email);
      })
      .catch((error: Error) => setProblem(error.message));
  }, [token, setInviteToken, form]);

  if (!token) {
    return (
      <Flex vertical gap="large">
        <AuthTitle>Sign up</AuthTitle>
        <Alert type="info" showIcon message="Registration is by invitation. Open the link in your invitation e-mail." />
        <Link to="/signin">Back to sign in</Link>
      </Flex>
    );
  }

  return (
    <Flex vertical gap="large">
      <AuthTitle>Sign up</AuthTitle>
      {problem && <Alert type="error" showIcon message={problem} />}
      {!invitation && !problem && <Spin />}
      {invitation && (
        <>
          <Typography.Text>
            You are invited to <strong>{invitation.company.name}</strong> as {rolesInSentence(invitation.roles)}.
          </Typography.Text>
          {invitation.hasAccount && (
            <Alert
              type="info"
              showIcon
              message="You already have an account."
              description={
                <Link to={`/confirm-invite?token=${encodeURIComponent(token)}`}>Sign in to accept the invitation</Link>
              }
            />
          )}
          {failure && !failure.fields && <Alert type="error" showIcon message={failure.message} />}
          <Form<Values>
            form={form}
            layout="vertical"
            requiredMark="optional"
            onFinish={({ confirm: _confirm, ...values }) => register(values)}
          >
            <Flex gap="middle">
              <Form.Item
                name="firstName"
                label="First name"
                style={{ flex: 1 }}
                rules={[{ required: true, message: "Enter your first name" }]}
                {...fieldError(failure, "firstName")}
              >
                <Input autoComplete="given-name" autoFocus />
              </Form.Item>
              <Form.Item
                name="lastName"
                label="Last name"
                style={{ flex: 1 }}
                rules={[{ required: true, message: "Enter your last name" }]}
                {...fieldError(failure, "lastName")}
              >
                <Input autoComplete="family-name" />
              </Form.Item>
            </Flex>
            {/* Not optional: the invitation's address, fixed, and the account's sign-in name. */}
            <Form.Item
              name="email"
              label="E-mail"
              required
              extra="The address your invitation was sent to; you sign in with it."
              {...fieldError(failure, "email")}
            >
              <Input type="email" readOnly variant="filled" />
            </Form.Item>
            <NewPasswordFields label="Password" failure={failure} />
            <Button type="primary" htmlType="submit" block loading={isPending}>
              Create account
            </Button>
          </Form>
        </>
      )}
      <Link to="/signin">Back to sign in</Link>
    </Flex>
  );
}

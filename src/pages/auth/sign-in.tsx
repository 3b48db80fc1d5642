import { useLogin } from "@refinedev/core";
import { Button, Flex, Form, Input, Typography } from "antd";
import { Link } from "react-router";
import type { SignInParams } from "@/providers/auth-provider";

/** E-mail and password sign-in. */
export function SignInPage() {
  const { mutate: login, isPending } = useLogin<SignInParams>();
  return (
    <Flex vertical gap="large">
      <Typography.Title level={2}>Sign in</Typography.Title>
      <Form<SignInParams> layout="vertical" requiredMark={false} onFinish={(values) => login(values)}>
        <Form.Item
          name="email"
          label="E-mail"
          rules={[{ required: true, type: "email", message: "Enter your e-mail address" }]}
        >
          <Input type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <Form.Item name="password" label="Password" rules={[{ required: true, message: "Enter your password" }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isPending}>
          Sign in
        </Button>
      </Form>
      <Link to="/forgot-password">Forgot your password?</Link>
    </Flex>
  );
}

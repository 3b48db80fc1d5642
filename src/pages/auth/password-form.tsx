import { Alert, Button, Form } from "antd";
// The plain input and the password input alone: antd's Input export carries TextArea, Search
// and OTP along (with a resize observer), ~8 kB gzip the sign-in page does not use.
import Input from "antd/es/input/Input";
import Password from "antd/es/input/Password";
import { Link } from "react-router";
import styles from "./sign-in.module.css";
import { fieldError, useSignIn } from "./use-sign-in";

interface Values {
  email: string;
  password: string;
}

/** E-mail and password sign-in. */
export function PasswordForm() {
  const { signIn, isPending, failure } = useSignIn();
  return (
    <Form<Values>
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => signIn({ method: "password", ...values })}
    >
      {failure && !failure.fields && (
        <Alert type="error" showIcon message={failure.message} style={{ marginBottom: 16 }} />
      )}
      <Form.Item
        name="email"
        label="E-mail"
        rules={[{ required: true, type: "email", message: "Enter your e-mail address" }]}
      >
        <Input inputMode="email" autoComplete="email" autoFocus />
      </Form.Item>
      <Form.Item
        name="password"
        label="Password"
        rules={[{ required: true, message: "Enter your password" }]}
        {...fieldError(failure, "password")}
      >
        <Password autoComplete="current-password" />
      </Form.Item>
      <div className={styles.actions}>
        <Button type="primary" htmlType="submit" block loading={isPending}>
          Sign in
        </Button>
        <Link to="/forgot-password">Forgot your password?</Link>
      </div>
    </Form>
  );
}

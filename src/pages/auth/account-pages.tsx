import { Flex, Typography } from "antd";
import { Link } from "react-router";

/** The account screens whose flows arrive with the sign-in issue: titled for now. */
function AuthPage({ title }: { title: string }) {
  return (
    <Flex vertical gap="large">
      <Typography.Title level={2}>{title}</Typography.Title>
      <Link to="/signin">Back to sign in</Link>
    </Flex>
  );
}

export const SignUpPage = () => <AuthPage title="Sign up" />;
export const ForgotPasswordPage = () => <AuthPage title="Forgot password" />;
export const ResetPasswordPage = () => <AuthPage title="Reset password" />;
export const ConfirmInvitePage = () => <AuthPage title="Confirm invitation" />;
export const SelectCompanyPage = () => <AuthPage title="Select a company" />;

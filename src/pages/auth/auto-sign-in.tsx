import { Alert, Button, Flex, Spin } from "antd";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { SignInParams } from "@/providers/auth-provider";
import { AuthTitle } from "./auth-title";
import { useSignIn } from "./use-sign-in";

/** Runs one sign-in as soon as the page opens (magic link, return from a provider). */
function AutoSignIn({ params, title }: { params: SignInParams; title: string }) {
  const { signIn, failure } = useSignIn();
  const started = useRef(false);
  useEffect(() => {
    // React's development double effects must not spend a single-use code twice.
    if (started.current) return;
    started.current = true;
    signIn(params);
  }, [signIn, params]);
  return (
    <Flex vertical gap="large">
      <AuthTitle>{title}</AuthTitle>
      {failure ? (
        <>
          <Alert type="error" showIcon message={failure.message} />
          <Link to="/signin">
            <Button type="primary">Back to sign in</Button>
          </Link>
        </>
      ) : (
        <Spin tip="Signing you in…">
          <div style={{ height: 48 }} />
        </Spin>
      )}
    </Flex>
  );
}

const LINK: SignInParams = { method: "link" };
const PROVIDER: SignInParams = { method: "thirdparty" };

/** The magic link of a passwordless sign-in: /signin/verify?preAuthSessionId=…#linkCode */
export const MagicLinkPage = () => <AutoSignIn params={LINK} title="Signing in" />;

/** Where a third-party provider sends the browser back: /auth/callback/{provider}?code=…&state=… */
export const ProviderCallbackPage = () => <AutoSignIn params={PROVIDER} title="Signing in" />;

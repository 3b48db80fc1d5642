import { Alert } from "antd";
import { useSearchParams } from "react-router";
import { lazyComponent } from "@/components/routing/lazy-component";
import { LazyPageLoader } from "@/components/routing/lazy-page-loader";
import { IDLE_MINUTES_PARAM, SESSION_ENDED_PARAM } from "@/providers/auth/return-to";
import { AuthTabs } from "./auth-tabs";
import { AuthTitle } from "./auth-title";
import { PasswordForm } from "./password-form";
import styles from "./sign-in.module.css";

/** The code tab (and its radio buttons) arrives when it is opened. */
const CodeForm = lazyComponent(async () => (await import("./code-form")).CodeForm, <LazyPageLoader />);
/** The providers' buttons need the auth code's answer first (GET /loginmethods): they arrive with it. */
const ProviderButtons = lazyComponent(async () => (await import("./provider-buttons")).ProviderButtons);

/** The minutes of an inactivity sign-out named in the page's address (?idle=30), or null. */
function idleMinutesOf(value: string | null): number | null {
  const minutes = Number(value);
  return value !== null && Number.isInteger(minutes) && minutes > 0 && minutes <= 24 * 60 ? minutes : null;
}

/** The sign-in screen: password, passwordless code by e-mail or phone, third-party providers. */
export function SignInPage() {
  const [params] = useSearchParams();
  const idleMinutes = idleMinutesOf(params.get(IDLE_MINUTES_PARAM));
  return (
    <div className={styles.page}>
      <AuthTitle>Sign in</AuthTitle>
      {idleMinutes !== null && (
        <Alert
          type="info"
          showIcon
          message={`You were signed out after ${idleMinutes} minutes without activity.`}
          description="Sign in again to continue where you were."
        />
      )}
      {idleMinutes === null && params.get(SESSION_ENDED_PARAM) === "1" && (
        <Alert
          type="info"
          showIcon
          message="Your session ended."
          description="It was signed out in another tab or on another device, or it expired. Sign in again to continue where you were."
        />
      )}
      {params.get("reset") === "done" && (
        <Alert type="success" showIcon message="Your password has been changed. Sign in with the new one." />
      )}
      <AuthTabs
        items={[
          { key: "password", label: "Password", children: <PasswordForm /> },
          {
            key: "code",
            label: "E-mail or phone code",
            children: <CodeForm />,
          },
        ]}
      />
      <ProviderButtons />
    </div>
  );
}

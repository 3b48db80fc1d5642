import { useNotification } from "@refinedev/core";
import { useEffect } from "react";
import { useAuthSessionStore } from "../stores/auth-session";
import { watchImpersonation } from "./impersonation-timer";
import { setSignOutNotifier } from "./sign-out-notice";

/** Lets the auth code show its 'Sign out' snackbar through the app's notification provider. */
function SignOutNotifier() {
  const { open } = useNotification();
  useEffect(() => {
    if (open) setSignOutNotifier((notice) => open({ ...notice, key: "sign-out" }));
  }, [open]);
  return null;
}

/** Runs the impersonation timer while an impersonation is active. */
function ImpersonationWatch() {
  const expiry = useAuthSessionStore((s) => s.impersonationExpiry);
  const stop = useAuthSessionStore((s) => s.stopImpersonation);
  useEffect(() => (expiry === null ? undefined : watchImpersonation(expiry, stop)), [expiry, stop]);
  return null;
}

/** Session side effects that need React: mounted once inside <Refine>. */
export function SessionWatchers() {
  return (
    <>
      <SignOutNotifier />
      <ImpersonationWatch />
    </>
  );
}

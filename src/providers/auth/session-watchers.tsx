import { useEffect } from "react";
import { useAuthSessionStore } from "../stores/auth-session";
import { IdleWatch } from "./idle-warning";
import { watchImpersonation } from "./impersonation-timer";

/** Runs the impersonation timer while an impersonation is active. */
function ImpersonationWatch() {
  const expiry = useAuthSessionStore((s) => s.impersonationExpiry);
  const stop = useAuthSessionStore((s) => s.stopImpersonation);
  useEffect(() => (expiry === null ? undefined : watchImpersonation(expiry, stop)), [expiry, stop]);
  return null;
}

/** Session side effects that need React: mounted once inside <Refine>. (The sign-out snackbar is wired in src/root.tsx.) */
export function SessionWatchers() {
  return (
    <>
      <ImpersonationWatch />
      <IdleWatch />
    </>
  );
}

import { useEffect, useState } from "react";
import { lazyComponent } from "@/components/routing/lazy-component";
import { signOutAfterInactivity } from "../auth-provider";
import { useAuthSessionStore } from "../stores/auth-session";
import type { IdleState } from "./idle-state";
import { watchIdle } from "./idle-watch";
import { noteActivity } from "./user-activity";

/**
 * The dialog and antd's Modal load when the warning is due, a minute before the sign-out:
 * most sessions never show it, and every page's first load would carry them otherwise.
 */
const IdleWarningDialog = lazyComponent(async () => (await import("./idle-warning-dialog")).IdleWarningDialog);

/**
 * Signs the person out after the company's inactivity limit, with a warning a minute before
 * (any action dismisses it; the button is one). Runs while someone is signed in.
 */
export function IdleWatch() {
  const signedIn = useAuthSessionStore((s) => s.user !== null);
  const [state, setState] = useState<IdleState>("active");
  useEffect(() => {
    if (!signedIn) return undefined;
    const stop = watchIdle({ onState: setState, signOut: (minutes) => void signOutAfterInactivity(minutes) });
    return () => {
      stop();
      setState("active");
    };
  }, [signedIn]);
  if (state !== "warn") return null;
  return (
    <IdleWarningDialog
      onStay={() => {
        noteActivity(Date.now());
        setState("active");
      }}
    />
  );
}

import { Button, Modal, Typography } from "antd";
import { useEffect, useState } from "react";
import { signOutAfterInactivity } from "../auth-provider";
import { useAuthSessionStore } from "../stores/auth-session";
import type { IdleState } from "./idle-state";
import { watchIdle } from "./idle-watch";
import { noteActivity } from "./user-activity";

const IDLE_WARNING_TITLE = "You will be signed out in 1 minute";
const STAY_SIGNED_IN_LABEL = "Stay signed in";
/** The 'xs' modal width. */
const MODAL_WIDTH = 400;

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
  return (
    <Modal
      open={state === "warn"}
      title={IDLE_WARNING_TITLE}
      closable={false}
      maskClosable={false}
      centered
      width={MODAL_WIDTH}
      footer={
        <Button
          type="primary"
          onClick={() => {
            noteActivity(Date.now());
            setState("active");
          }}
        >
          {STAY_SIGNED_IN_LABEL}
        </Button>
      }
    >
      <Typography.Paragraph>You have been inactive for a while. Any action keeps you signed in.</Typography.Paragraph>
    </Modal>
  );
}

import { Button, Modal, Typography } from "antd";

const IDLE_WARNING_TITLE = "You will be signed out in 1 minute";
const STAY_SIGNED_IN_LABEL = "Stay signed in";
/** The 'xs' modal width. */
const MODAL_WIDTH = 400;

/** The warning a minute before the inactivity sign-out; its button (like any action) dismisses it. */
export function IdleWarningDialog({ onStay }: { onStay: () => void }) {
  return (
    <Modal
      open
      title={IDLE_WARNING_TITLE}
      closable={false}
      maskClosable={false}
      centered
      width={MODAL_WIDTH}
      footer={
        <Button type="primary" onClick={onStay}>
          {STAY_SIGNED_IN_LABEL}
        </Button>
      }
    >
      <Typography.Paragraph>You have been inactive for a while. Any action keeps you signed in.</Typography.Paragraph>
    </Modal>
  );
}

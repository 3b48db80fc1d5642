import { Button, Modal, Typography } from "antd";
import { type UpdateCheckOptions, useUpdateCheck } from "./use-update-check";

export const UPDATE_TITLE = "Updated version available";
export const UPDATE_SUBTITLE = "Reload the application to continue";
export const RELOAD_LABEL = "Reload application";
/** The 'xs' modal width. */
const MODAL_WIDTH = 400;

export interface UpdateModalProps extends UpdateCheckOptions {
  /** Applies the update; reloads the page by default. */
  reload?(): void;
  /** Show it regardless of the check (the controls page). */
  forceOpen?: boolean;
}

/** Opens, without a close button, once a newer build is published; reloading applies it. */
export function UpdateModal({
  reload = () => window.location.reload(),
  forceOpen = false,
  ...check
}: UpdateModalProps) {
  const available = useUpdateCheck(check);
  return (
    <Modal
      open={available || forceOpen}
      title={UPDATE_TITLE}
      closable={false}
      maskClosable={false}
      keyboard={false}
      centered
      width={MODAL_WIDTH}
      footer={
        <Button type="primary" onClick={reload}>
          {RELOAD_LABEL}
        </Button>
      }
    >
      <Typography.Paragraph>{UPDATE_SUBTITLE}</Typography.Paragraph>
    </Modal>
  );
}

import { Button, Modal, Typography } from "antd";
import { MeasurementIcon } from "@/components/icons/measurement-icons";
import { usePreferencesStore } from "@/providers/stores/preferences";
import styles from "./label-preset-feature-modal.module.css";

export const FEATURE_MODAL_TITLE = "New: label presets";
export const FEATURE_MODAL_DISMISS = "Got it";
const FEATURE_MODAL_OPEN = "View label presets";
const MODAL_WIDTH = 400;

export interface LabelPresetFeatureModalProps {
  /** Opens the label presets page; the button is hidden without it. */
  onOpenPresets?(): void;
}

/**
 * Announces label presets. Shown until dismissed (either button or the close button);
 * the dismissal is remembered in the interface preferences.
 */
export function LabelPresetFeatureModal({ onOpenPresets }: LabelPresetFeatureModalProps) {
  const show = usePreferencesStore((state) => state.showLabelPresetFeatureModal);
  const setShow = usePreferencesStore((state) => state.setShowLabelPresetFeatureModal);
  const dismiss = () => setShow(false);
  return (
    <Modal
      open={show}
      title={FEATURE_MODAL_TITLE}
      width={MODAL_WIDTH}
      onCancel={dismiss}
      footer={
        <>
          <Button onClick={dismiss}>{FEATURE_MODAL_DISMISS}</Button>
          {onOpenPresets ? (
            <Button
              type="primary"
              onClick={() => {
                dismiss();
                onOpenPresets();
              }}
            >
              {FEATURE_MODAL_OPEN}
            </Button>
          ) : null}
        </>
      }
    >
      <div className={styles.body}>
        <span className={styles.icon}>
          <MeasurementIcon name="temperature" />
        </span>
        <Typography.Paragraph>
          Save thresholds, alarm delays and recording intervals once as a preset, and start every new label with them.
        </Typography.Paragraph>
      </div>
    </Modal>
  );
}

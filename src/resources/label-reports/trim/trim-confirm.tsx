import { TRIM_REASON_PRESETS, trimReasonError, UNTRIM_REASON_PRESETS } from "@core/domain/trim-effect";
import { Alert, Input, Modal, Radio, Skeleton, Space, Typography } from "antd";
import { useEffect, useState } from "react";
import { DateTimeText } from "@/components/list/date-time-text";
import { readableError } from "@/providers/readable-error";
import { useTrimPreview } from "../report/report-queries";
import { isTrimmed, type TrimWindow } from "./trim-window";

const OTHER = "other";

export interface TrimConfirmProps {
  reportId: string;
  labelId: string;
  /** The window to save; null: the dialog is closed. */
  next: TrimWindow | null;
  saving: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/**
 * Setting or clearing a trim is a decision on the record: it asks why, names what changes
 * (the server's dry run, with the same verdict maths as the save), and when an excursion
 * long enough to raise an alarm leaves the evaluation, wants the label ID typed.
 */
export function TrimConfirm({ reportId, labelId, next, saving, onConfirm, onCancel }: TrimConfirmProps) {
  const open = next !== null;
  const clearing = next !== null && !isTrimmed(next);
  const presets: readonly string[] = clearing ? UNTRIM_REASON_PRESETS : TRIM_REASON_PRESETS;
  // A radio group starts on its first option; the text of "Another reason" is judged once left.
  const [choice, setChoice] = useState<string>(presets[0] ?? OTHER);
  const [text, setText] = useState("");
  const [textLeft, setTextLeft] = useState(false);
  const [typed, setTyped] = useState("");
  const preview = useTrimPreview(reportId, next ?? { start: null, end: null }, open);
  // A new dialog starts afresh: a reason belongs to one decision.
  useEffect(() => {
    if (open) {
      setChoice(presets[0] ?? OTHER);
      setText("");
      setTextLeft(false);
      setTyped("");
    }
  }, [open, presets]);

  const reason = choice === OTHER ? text : choice;
  const reasonError = trimReasonError(reason);
  const mustType = preview.data?.requiresTypedConfirmation ?? false;
  const typedOk = !mustType || typed.trim() === labelId;

  return (
    <Modal
      title={clearing ? "Undo the trim" : "Save the evaluation window"}
      open={open}
      okText={clearing ? "Undo trim" : "Save window"}
      okButtonProps={{ disabled: reasonError !== null || !typedOk || !preview.isSuccess }}
      confirmLoading={saving}
      onOk={() => onConfirm(reason.trim())}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        {next ? (
          <Typography.Text data-testid="trim-window-saved">
            {clearing ? (
              "Every reading will be evaluated again."
            ) : (
              <>
                Window: from {next.start ? <DateTimeText value={next.start} /> : "the first reading"} to{" "}
                {next.end ? <DateTimeText value={next.end} /> : "the last reading"}
              </>
            )}
          </Typography.Text>
        ) : null}
        {preview.isPending ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : preview.isError ? (
          <Alert type="error" showIcon message={readableError(preview.error)} />
        ) : (
          <Alert
            type={preview.data.requiresTypedConfirmation ? "warning" : "info"}
            showIcon
            message={preview.data.message}
            data-testid="trim-effect"
          />
        )}
        <div>
          <Typography.Text strong id="trim-reason-label">
            Reason
          </Typography.Text>
          <Radio.Group
            aria-labelledby="trim-reason-label"
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            style={{ display: "flex", flexDirection: "column", gap: 4, marginTop: 4 }}
            options={[...presets.map((p) => ({ value: p, label: p })), { value: OTHER, label: "Another reason" }]}
          />
          {choice === OTHER ? (
            <Input.TextArea
              aria-label="Reason text"
              value={text}
              onChange={(e) => setText(e.target.value)}
              onBlur={() => setTextLeft(true)}
              maxLength={500}
              autoSize={{ minRows: 2 }}
              style={{ marginTop: 8 }}
              placeholder="At least 10 characters"
            />
          ) : null}
          {choice === OTHER && (textLeft || text.trim().length > 0) && reasonError ? (
            <Typography.Text type="danger" role="alert">
              {reasonError}
            </Typography.Text>
          ) : null}
        </div>
        {mustType ? (
          <div>
            <Typography.Text>
              An excursion longer than the alarm delay leaves the evaluation. Type the label ID{" "}
              <Typography.Text code>{labelId}</Typography.Text> to confirm.
            </Typography.Text>
            <Input
              aria-label="Label ID to confirm"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              style={{ marginTop: 8 }}
            />
          </div>
        ) : null}
      </Space>
    </Modal>
  );
}

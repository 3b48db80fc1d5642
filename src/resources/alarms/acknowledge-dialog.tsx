import { ALARM_COMMENT_MIN_LENGTH, type AlarmAction, alarmCommentError, alarmTitle } from "@core/domain/alarms";
import { useNotification } from "@refinedev/core";
import { Button, Form, Input, Modal, Typography } from "antd";
import { useState } from "react";
import { useAccess } from "@/hooks/use-access";
import { failureText, showFieldErrors } from "@/resources/people/form-errors";
import type { Alarm } from "../types";
import { useAlarmAction } from "./alarm-queries";

const TEXT: Record<AlarmAction, { button: string; title: string; done: string; help: string }> = {
  acknowledge: {
    button: "Acknowledge",
    title: "Acknowledge",
    done: "Alarm acknowledged",
    help: "Say what is being done about it: it goes into the report's audit trail with your name.",
  },
  close: {
    button: "Close",
    title: "Close",
    done: "Alarm closed",
    help: "Say how it was dealt with: it goes into the report's audit trail with your name.",
  },
};

/**
 * The Acknowledge (open alarm) or Close (acknowledged alarm) action: a dialog asking for a
 * comment of at least 10 characters; the server's message shows at the field. Shown only
 * to those who may change reports.
 */
export function AlarmActionButton({ alarm }: { alarm: Alarm }) {
  const can = useAccess();
  const action: AlarmAction | null =
    alarm.state === "open" ? "acknowledge" : alarm.state === "acknowledged" ? "close" : null;
  const [asking, setAsking] = useState(false);
  if (!action || !can({ action: "update", subject: "labelReport" })) return null;
  return (
    <>
      <Button size="small" type={action === "acknowledge" ? "primary" : "default"} onClick={() => setAsking(true)}>
        {TEXT[action].button}
      </Button>
      {asking ? <AlarmCommentDialog alarm={alarm} action={action} onClose={() => setAsking(false)} /> : null}
    </>
  );
}

function AlarmCommentDialog({ alarm, action, onClose }: { alarm: Alarm; action: AlarmAction; onClose: () => void }) {
  const [form] = Form.useForm<{ comment: string }>();
  const { run, pending } = useAlarmAction(action);
  const { open } = useNotification();
  const submit = async ({ comment }: { comment: string }) => {
    try {
      await run(alarm, comment.trim());
      open?.({ type: "success", message: TEXT[action].done });
      onClose();
    } catch (error) {
      if (!showFieldErrors(form, error, ["comment"]))
        open?.({ type: "error", message: `Could not ${action} the alarm`, description: failureText(error) });
    }
  };
  return (
    <Modal
      open
      title={`${TEXT[action].title}: ${alarmTitle(alarm)} on ${alarm.labelId}`}
      okText={TEXT[action].button}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{TEXT[action].help}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="comment"
          label="Comment"
          rules={[
            {
              validator: (_rule, value: string | undefined) => {
                const error = alarmCommentError(value);
                return error ? Promise.reject(new Error(error)) : Promise.resolve();
              },
            },
          ]}
          extra={`At least ${ALARM_COMMENT_MIN_LENGTH} characters.`}
        >
          <Input.TextArea rows={3} maxLength={1000} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

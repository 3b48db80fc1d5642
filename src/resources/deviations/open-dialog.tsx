import { FileSearchOutlined } from "@ant-design/icons";
import { alarmTitle } from "@core/domain/alarms";
import type { HttpError } from "@refinedev/core";
import { Alert, Button, Checkbox, Form, Input, Modal } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useAccess } from "@/hooks/use-access";
import { readableError } from "@/providers/readable-error";
import { showFieldErrors } from "@/resources/settings/api";
import { useReportAlarms } from "../alarms/alarm-queries";
import { useDeviationActions } from "./deviation-queries";

interface FormValues {
  title: string;
  description?: string;
  alarmIds: string[];
}

/**
 * "Create deviation": opens the investigation of a report's alarms, from an alarm (that one
 * ticked) or from the report (every alarm not closed yet ticked), then shows the deviation.
 * Shown only to those who may change reports.
 */
export function OpenDeviationButton({
  reportId,
  labelId,
  alarmId,
  size,
}: {
  reportId: string;
  labelId: string;
  /** The alarm it is opened from, if any. */
  alarmId?: string;
  size?: "small";
}) {
  const can = useAccess();
  const [asking, setAsking] = useState(false);
  if (!can({ action: "update", subject: "labelReport" })) return null;
  return (
    <>
      <Button size={size} icon={<FileSearchOutlined />} onClick={() => setAsking(true)}>
        Create deviation
      </Button>
      {asking ? (
        <OpenDeviationDialog reportId={reportId} labelId={labelId} alarmId={alarmId} onClose={() => setAsking(false)} />
      ) : null}
    </>
  );
}

function OpenDeviationDialog({
  reportId,
  labelId,
  alarmId,
  onClose,
}: {
  reportId: string;
  labelId: string;
  alarmId?: string;
  onClose: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const navigate = useNavigate();
  const { open, pending } = useDeviationActions();
  const [problem, setProblem] = useState<string | null>(null);
  const { result } = useReportAlarms(reportId);
  const alarms = result.data;
  const initial = alarmId ? [alarmId] : alarms.filter((alarm) => alarm.state !== "closed").map((alarm) => alarm.id);
  const submit = async (values: FormValues) => {
    setProblem(null);
    try {
      const created = await open({
        reportId,
        title: values.title,
        description: values.description ?? "",
        alarmIds: values.alarmIds ?? [],
      });
      onClose();
      navigate(`/deviations/${encodeURIComponent(created.id)}`);
    } catch (error) {
      if (!showFieldErrors(form, error as HttpError)) setProblem(readableError(error as HttpError));
    }
  };
  return (
    <Modal
      open
      title={`Create deviation on ${labelId}`}
      okText="Create deviation"
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark="optional"
        // Keyed by the alarms so the ticks follow the list once it has loaded.
        key={initial.join(",")}
        initialValues={{ alarmIds: initial }}
      >
        <Form.Item
          name="title"
          label="Title"
          rules={[{ required: true, whitespace: true, message: "Say in a line what happened" }]}
        >
          <Input maxLength={200} autoFocus />
        </Form.Item>
        <Form.Item name="description" label="Description">
          <Input.TextArea rows={3} maxLength={5000} />
        </Form.Item>
        <Form.Item name="alarmIds" label="Alarms it investigates" extra="Closing the deviation closes them.">
          {alarms.length === 0 ? (
            <span>This report has raised no alarm.</span>
          ) : (
            <Checkbox.Group
              style={{ display: "flex", flexDirection: "column", gap: 4 }}
              options={alarms.map((alarm) => ({
                value: alarm.id,
                label: `${alarmTitle(alarm)} (${alarm.state})`,
                disabled: alarm.state === "closed",
              }))}
            />
          )}
        </Form.Item>
        {problem ? <Alert type="error" showIcon message={problem} /> : null}
      </Form>
    </Modal>
  );
}

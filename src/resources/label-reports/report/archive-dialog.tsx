import { archiveReasonError, CHANGE_REASON_MIN_LENGTH } from "@core/domain/change-reason";
import { Form, Input, Modal, Typography } from "antd";
import type { LabelReportDetail } from "./report-queries";

/**
 * Archiving a report asks for the report by name and a reason: it leaves every list, and
 * a signed one loses its signature's standing (the record changed after signature).
 */
export function ArchiveDialog({
  report,
  pending,
  onCancel,
  onArchive,
}: {
  report: LabelReportDetail;
  pending: boolean;
  onCancel: () => void;
  onArchive: (reason: string) => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const signed = report.disposition !== null;
  return (
    <Modal
      open
      title={`Archive ${report.labelId}?`}
      okText="Archive"
      okButtonProps={{ danger: true }}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>
        The report leaves the lists (the Archived filter still finds it); its readings and trail are kept.
        {signed ? " Its signed disposition no longer stands: the report is then changed after signature." : ""}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={({ reason }) => onArchive(reason.trim())}>
        <Form.Item
          name="reason"
          label="Reason"
          rules={[
            {
              validator: (_rule, value: string | undefined) => {
                const error = archiveReasonError(value);
                return error ? Promise.reject(new Error(error)) : Promise.resolve();
              },
            },
          ]}
          extra={`At least ${CHANGE_REASON_MIN_LENGTH} characters; kept in the audit trail.`}
        >
          <Input.TextArea rows={3} maxLength={500} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

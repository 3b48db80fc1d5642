import { SafetyCertificateOutlined } from "@ant-design/icons";
import type { DeviationDetail } from "@core/api/deviation";
import { DEVIATION_CLOSING_MEANING } from "@core/domain/deviations";
import type { HttpError } from "@refinedev/core";
import { Alert, Form, Input, Modal, Typography } from "antd";
import { useState } from "react";
import { SigningProof } from "@/components/record/signing-proof";
import { readableError } from "@/providers/readable-error";
import { showFieldErrors } from "@/resources/settings/api";
import { useDeviationActions } from "./deviation-queries";

const FORM_FIELDS = ["comment", "password", "code"];

interface FormValues {
  comment?: string;
  password?: string;
  code?: string;
}

/**
 * Closing a deviation is a signature, like a disposition: a comment, then the password (or
 * a code e-mailed for this deviation). The server keeps the signer's name, the time, the
 * meaning and the hash of the deviation as signed, and closes the alarms it covers.
 */
export function CloseDeviationDialog({ deviation, onClose }: { deviation: DeviationDetail; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const { close, emailCode, pending } = useDeviationActions();
  const [byEmail, setByEmail] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (values: FormValues) => {
    setProblem(null);
    try {
      await close(deviation.id, {
        comment: values.comment ?? "",
        ...(byEmail ? { code: values.code ?? "" } : { password: values.password ?? "" }),
      });
      onClose();
    } catch (error) {
      // The root cause and impact are not on this form: their refusal reads as a sentence.
      const fields = Object.keys((error as { errors?: Record<string, string> }).errors ?? {});
      const onForm = fields.length > 0 && fields.every((field) => FORM_FIELDS.includes(field));
      if (!onForm || !showFieldErrors(form, error as HttpError)) setProblem(readableError(error as HttpError));
    }
  };
  const askForCode = async () => {
    setProblem(null);
    try {
      await emailCode(deviation.id);
      setByEmail(true);
    } catch (error) {
      setProblem(readableError(error as HttpError));
    }
  };
  return (
    <Modal
      open
      title={`Close ${deviation.number}`}
      okText="Sign and close"
      okButtonProps={{ icon: <SafetyCertificateOutlined />, loading: pending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<FormValues> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Typography.Paragraph>Your signature means: {DEVIATION_CLOSING_MEANING}.</Typography.Paragraph>
        {deviation.alarms.length > 0 ? (
          <Typography.Paragraph type="secondary">
            {deviation.alarms.length === 1
              ? "The alarm it investigates is closed with it."
              : `The ${deviation.alarms.length} alarms it investigates are closed with it.`}
          </Typography.Paragraph>
        ) : null}
        <Form.Item name="comment" label="Closing summary">
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
        <SigningProof byEmail={byEmail} onAskForCode={askForCode} />
        {problem ? <Alert type="error" showIcon message={problem} /> : null}
      </Form>
    </Modal>
  );
}

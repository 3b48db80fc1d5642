import type { DispositionInput, SigningCodeInput } from "@core/api/signed-disposition";
import { DISPOSITION_LABELS, DISPOSITION_MEANINGS, DISPOSITIONS, type Disposition } from "@core/domain/disposition";
import { type HttpError, useCustomMutation, useInvalidate } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, Form, Modal, Radio, Typography } from "antd";
import { useState } from "react";
import { DispositionComment, decisionCodeNote, SigningProof } from "@/components/record/signing-proof";
import { readableError } from "@/providers/readable-error";
import { REPORT_QUERY_KEY } from "@/resources/label-reports/report/report-queries";
import { RESOURCE } from "@/resources/names";
import { showFieldErrors } from "@/resources/settings/api";

interface FormValues {
  disposition: Disposition;
  comment?: string;
  password?: string;
  code?: string;
}

/**
 * One signature for every label of the shipment (POST /shipments/{id}/disposition): each
 * report's own record is signed, all or none; a refusal names the label. The password, or
 * a code e-mailed for this shipment and decision, proves who signs, as for a report's
 * disposition.
 */
export function ShipmentDispositionDialog({
  shipment,
  open,
  onClose,
}: {
  shipment: { id: string; reference: string; reports: readonly { id: string; dataIncomplete: boolean }[] };
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const { mutate, mutation } = useCustomMutation();
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  const chosen = Form.useWatch("disposition", form);
  // The decision the e-mailed code was asked for: it signs that one only.
  const [codeFor, setCodeFor] = useState<Disposition | null>(null);
  const byEmail = codeFor !== null;
  // Each report's own rule: a comment says why a label with incomplete data can be signed.
  const incomplete = shipment.reports.some((report) => report.dataIncomplete);
  const url = `${RESOURCE.shipments}/${encodeURIComponent(shipment.id)}/disposition`;

  const askForCode = async () => {
    setProblem(null);
    // The code is bound to one decision: it is chosen first.
    const { disposition } = await form.validateFields(["disposition"]).catch(() => ({ disposition: undefined }));
    if (!disposition) return;
    mutate(
      {
        url: `${url}/email-code`,
        method: "post",
        values: { disposition } satisfies SigningCodeInput,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => setCodeFor(disposition),
        onError: (error: HttpError) => setProblem(readableError(error)),
      },
    );
  };

  const sign = (values: FormValues) => {
    setProblem(null);
    mutate(
      {
        url,
        method: "post",
        values: {
          disposition: values.disposition,
          comment: values.comment ?? "",
          ...(byEmail ? { code: values.code ?? "" } : { password: values.password ?? "" }),
        } satisfies DispositionInput,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: async () => {
          await Promise.all([
            invalidate({ resource: RESOURCE.shipments, invalidates: ["all"] }),
            invalidate({ resource: RESOURCE.labelReports, invalidates: ["all"] }),
            ...shipment.reports.map((report) =>
              queryClient.invalidateQueries({ queryKey: [REPORT_QUERY_KEY, report.id] }),
            ),
          ]);
          setCodeFor(null);
          onClose();
        },
        onError: (error: HttpError) => {
          if (!showFieldErrors(form, error)) setProblem(readableError(error));
        },
      },
    );
  };

  return (
    <Modal
      title={`Sign a disposition of shipment ${shipment.reference}`}
      open={open}
      okText="Sign"
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={() => {
        setCodeFor(null);
        onClose();
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={sign} preserve={false}>
        <Typography.Paragraph type="secondary">
          Your signature is given to each of its {shipment.reports.length} label reports, signing each report's record
          as it is now. If any report cannot be signed, none is.
        </Typography.Paragraph>
        <Form.Item name="disposition" label="Decision" rules={[{ required: true, message: "Choose a decision" }]}>
          <Radio.Group
            options={DISPOSITIONS.map((value) => ({ value, label: DISPOSITION_LABELS[value] }))}
            optionType="button"
          />
        </Form.Item>
        {chosen ? <Typography.Paragraph>{DISPOSITION_MEANINGS[chosen]}</Typography.Paragraph> : null}
        <DispositionComment incomplete={incomplete} requiredNote="Required: a label's data is incomplete" rows={2} />
        <SigningProof
          byEmail={byEmail}
          onAskForCode={askForCode}
          codeNote={decisionCodeNote(
            chosen,
            codeFor,
            askForCode,
            codeFor ? `E-mailed for "${DISPOSITION_LABELS[codeFor]}"; it is valid for 15 minutes.` : undefined,
          )}
        />
        {problem ? <Alert type="error" showIcon message={problem} /> : null}
      </Form>
    </Modal>
  );
}

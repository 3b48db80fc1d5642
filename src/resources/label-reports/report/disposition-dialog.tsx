import { SafetyCertificateOutlined } from "@ant-design/icons";
import type { DispositionInput } from "@core/api/signed-disposition";
import { COMPLETENESS_TEXT, completenessSentence, durationText, silenceRows } from "@core/domain/completeness-text";
import { DISPOSITION_LABELS, DISPOSITION_MEANINGS, DISPOSITIONS, type Disposition } from "@core/domain/disposition";
import { Alert, Form, Modal, Radio, Typography } from "antd";
import { useState } from "react";
import { DateTimeText } from "@/components/list/date-time-text";
import { DispositionComment, decisionCodeNote, SigningProof } from "@/components/record/signing-proof";
import { readableError } from "@/providers/readable-error";
import { showFieldErrors } from "@/resources/settings/api";
import { useSignDisposition } from "./disposition-queries";
import { ReleaseBlockers } from "./release-blockers";
import { isSummary } from "./report-format";
import type { LabelReportDetail } from "./report-queries";

interface FormValues {
  disposition: Disposition;
  comment?: string;
  password?: string;
  code?: string;
  deviationId?: string;
}

/** The excursions the verdict counts, over the units the rule measures. */
export function excursionCount(report: LabelReportDetail): number {
  const summary = isSummary(report.summary) ? report.summary : null;
  if (!summary) return 0;
  return (
    (summary.temperature.measured ? summary.temperature.excursionCount : 0) +
    (summary.humidity.measured ? summary.humidity.excursionCount : 0)
  );
}

/**
 * The signing dialog: the decision and a comment, then what the
 * signer must know before they sign (the excursions, a trimmed window), then the
 * password (or a code e-mailed to them). The signature means what DISPOSITION_MEANINGS
 * says, and is stored with the signer's printed name and the time.
 */
export function DispositionDialog({
  report,
  open,
  onClose,
  onSigned,
}: {
  report: LabelReportDetail;
  open: boolean;
  onClose: () => void;
  onSigned: (value: Disposition) => void;
}) {
  const [form] = Form.useForm<FormValues>();
  // The disposition the e-mailed code was asked for: it signs that one only.
  const [codeFor, setCodeFor] = useState<Disposition | null>(null);
  const byEmail = codeFor !== null;
  const [problem, setProblem] = useState<string | null>(null);
  const { sign, emailCode, pending } = useSignDisposition(report.id);
  const chosen = Form.useWatch("disposition", form);
  const excursions = excursionCount(report);
  const trimmed = Boolean(report.trimStart || report.trimEnd);
  const summary = isSummary(report.summary) ? report.summary : null;
  const silences = summary?.completeness ? silenceRows(summary.completeness, summary.gaps) : [];
  const incomplete = report.dataIncomplete;

  const submit = (values: FormValues) => {
    setProblem(null);
    const body: DispositionInput = {
      disposition: values.disposition,
      comment: values.comment ?? "",
      ...(values.deviationId ? { deviationId: values.deviationId } : {}),
      ...(byEmail ? { code: values.code ?? "" } : { password: values.password ?? "" }),
    };
    sign(body, {
      onSuccess: () => {
        form.resetFields();
        setCodeFor(null);
        onSigned(values.disposition);
      },
      onError: (error) => {
        if (!showFieldErrors(form, error)) setProblem(readableError(error));
      },
    });
  };

  const askForCode = async () => {
    setProblem(null);
    // The code is bound to one disposition: it is chosen first.
    const { disposition } = await form.validateFields(["disposition"]).catch(() => ({ disposition: undefined }));
    if (!disposition) return;
    emailCode(disposition, {
      onSuccess: () => setCodeFor(disposition),
      onError: (error) => setProblem(readableError(error)),
    });
  };

  return (
    <Modal
      open={open}
      title={`Sign disposition of ${report.labelId}`}
      okText="Sign"
      okButtonProps={{ icon: <SafetyCertificateOutlined />, loading: pending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<FormValues> id="sign-disposition" form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="disposition"
          label="Disposition"
          rules={[{ required: true, message: "Choose a disposition" }]}
          extra={chosen ? `Your signature means: ${DISPOSITION_MEANINGS[chosen]}` : undefined}
        >
          <Radio.Group
            optionType="button"
            options={DISPOSITIONS.map((value) => ({ value, label: DISPOSITION_LABELS[value] }))}
          />
        </Form.Item>
        <DispositionComment incomplete={incomplete} requiredNote="Required: the data is incomplete" rows={3} />
        {chosen === "released" ? <ReleaseBlockers reportId={report.id} /> : null}
        <Alert
          data-testid="disposition-facts"
          type={excursions > 0 || trimmed || incomplete ? "warning" : "info"}
          showIcon
          style={{ marginBottom: 16 }}
          message={
            <>
              <div>
                {excursions === 0
                  ? "This report has no excursions"
                  : `This report has ${excursions} excursion${excursions === 1 ? "" : "s"}`}
              </div>
              {trimmed ? <div>Its verdict is evaluated in a trimmed window, not the whole recording</div> : null}
              {summary?.completeness && incomplete ? (
                <div data-testid="disposition-completeness">
                  {COMPLETENESS_TEXT[summary.completeness.state]}: {completenessSentence(summary.completeness)}
                  {silences.length > 0 ? (
                    <ul style={{ margin: "4px 0 0", paddingInlineStart: 18 }}>
                      {silences.map((s) => (
                        <li key={`${s.kind}-${s.start}`}>
                          {s.label}: <DateTimeText value={s.start} /> – <DateTimeText value={s.end} /> (
                          {durationText(s.minutes)})
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              ) : null}
            </>
          }
        />
        <SigningProof
          byEmail={byEmail}
          onAskForCode={askForCode}
          codeNote={decisionCodeNote(chosen, codeFor, askForCode)}
        />
        <Typography.Paragraph type="secondary">
          Signing records your name, the time (UTC) and the meaning of your signature with this report. It cannot be
          changed later, only superseded by a newer disposition.
        </Typography.Paragraph>
        {problem ? <Alert type="error" showIcon message={problem} /> : null}
      </Form>
    </Modal>
  );
}

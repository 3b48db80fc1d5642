import { CheckCircleOutlined, SafetyCertificateOutlined, SearchOutlined } from "@ant-design/icons";
import type { DeviationChanges, DeviationDetail } from "@core/api/deviation";
import { alarmTitle } from "@core/domain/alarms";
import { closingErrors } from "@core/domain/deviations";
import { type HttpError, useNotification, useOne } from "@refinedev/core";
import { Alert, Button, Card, Descriptions, Flex, Form, Input, List, Skeleton, Tooltip, Typography } from "antd";
import { useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { LazyNotFoundPage } from "@/components/error-page/lazy-error-page";
import { DateTimeText } from "@/components/list/date-time-text";
import { TitledPage } from "@/components/record/record-page";
import { useAccess } from "@/hooks/use-access";
import { returnToState } from "@/layouts/panel-layout";
import { readableError } from "@/providers/readable-error";
import { SeverityTag, StateTag } from "@/resources/alarms/columns";
import { AuditTrail } from "@/resources/label-reports/report/report-sections";
import { RESOURCE } from "@/resources/names";
import { showFieldErrors } from "@/resources/settings/api";
import { CloseDeviationDialog } from "./close-dialog";
import { DeviationStateTag } from "./columns";
import { useDeviationActions } from "./deviation-queries";

const EMPTY = "—";

type Written = Required<
  Pick<DeviationChanges, "title" | "description" | "rootCause" | "productImpact" | "capaReference">
>;

/** The investigation's texts: edited and saved while the deviation is not closed. */
function InvestigationForm({ deviation, editable }: { deviation: DeviationDetail; editable: boolean }) {
  const [form] = Form.useForm<Written>();
  const { change, pending } = useDeviationActions();
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = async (values: Written) => {
    setProblem(null);
    setSaved(false);
    try {
      await change(deviation.id, values);
      setSaved(true);
    } catch (error) {
      if (!showFieldErrors(form, error as HttpError)) setProblem(readableError(error as HttpError));
    }
  };
  return (
    <Form<Written>
      form={form}
      layout="vertical"
      disabled={!editable}
      initialValues={deviation}
      onFinish={save}
      onValuesChange={() => setSaved(false)}
      requiredMark="optional"
    >
      <Form.Item name="title" label="Title" rules={[{ required: true, whitespace: true, message: "Give it a title" }]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="description" label="Description">
        <Input.TextArea rows={3} maxLength={5000} />
      </Form.Item>
      <Form.Item name="rootCause" label="Root cause" extra="Needed to close the deviation.">
        <Input.TextArea rows={3} maxLength={5000} />
      </Form.Item>
      <Form.Item name="productImpact" label="Product impact assessment" extra="Needed to close the deviation.">
        <Input.TextArea rows={3} maxLength={5000} />
      </Form.Item>
      <Form.Item name="capaReference" label="CAPA reference">
        <Input maxLength={100} />
      </Form.Item>
      {editable ? (
        <Flex gap="small" align="center">
          <Button type="primary" htmlType="submit" loading={pending}>
            Save
          </Button>
          {saved ? (
            <Typography.Text type="success" role="status">
              <CheckCircleOutlined /> Saved
            </Typography.Text>
          ) : null}
        </Flex>
      ) : null}
      {problem ? <Alert type="error" showIcon message={problem} style={{ marginTop: 16 }} /> : null}
    </Form>
  );
}

/**
 * `/deviations/{id}`: the investigation of a report's alarms — its texts (edited while it is
 * not closed), its alarms, its closing signature and its history. Those who may change
 * reports edit it and start the investigation; those who may approve close it with a
 * signature once the root cause and product impact are written.
 */
export function DeviationShow() {
  const { id } = useParams();
  const can = useAccess();
  const location = useLocation();
  const [closing, setClosing] = useState(false);
  const { change, pending } = useDeviationActions();
  const { open: notify } = useNotification();
  const { query, result: deviation } = useOne<DeviationDetail, HttpError>({
    resource: RESOURCE.deviations,
    id: id ?? "",
    queryOptions: { enabled: id !== undefined },
    errorNotification: false,
  });
  if (query.isError && query.error.statusCode === 404) return <LazyNotFoundPage />;
  if (query.isError) return <Alert type="error" showIcon message={readableError(query.error)} />;
  if (!deviation) return <Skeleton active />;

  const isClosed = deviation.state === "closed";
  const editable = !isClosed && can({ action: "update", subject: "labelReport" });
  const missing = closingErrors(deviation);
  return (
    <TitledPage
      title={`${deviation.number}: ${deviation.title}`}
      backTo="/deviations"
      actions={
        isClosed ? null : (
          <Flex gap="small">
            {deviation.state === "open" && editable ? (
              <Button
                icon={<SearchOutlined />}
                loading={pending}
                onClick={() =>
                  change(deviation.id, { state: "underInvestigation" }).catch((error: HttpError) =>
                    notify?.({
                      type: "error",
                      message: "Could not start the investigation",
                      description: readableError(error),
                    }),
                  )
                }
              >
                Start investigation
              </Button>
            ) : null}
            {can({ action: "approve", subject: "labelReport" }) ? (
              <Tooltip title={missing.length > 0 ? missing.map((m) => m.error).join("; ") : undefined}>
                <Button
                  type="primary"
                  icon={<SafetyCertificateOutlined />}
                  disabled={missing.length > 0}
                  onClick={() => setClosing(true)}
                >
                  Close with signature
                </Button>
              </Tooltip>
            ) : null}
          </Flex>
        )
      }
    >
      <Card>
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label="State">
            <DeviationStateTag state={deviation.state} />
          </Descriptions.Item>
          <Descriptions.Item label="Report">
            <Link
              to={`/label-reports/${encodeURIComponent(deviation.reportId)}`}
              state={returnToState(`${location.pathname}${location.search}`)}
            >
              {deviation.labelId}
            </Link>
            {deviation.reference ? <>&nbsp;({deviation.reference})</> : null}
          </Descriptions.Item>
          <Descriptions.Item label="Opened">
            <DateTimeText value={deviation.created} />
            {deviation.openedByName ? <>&nbsp;by {deviation.openedByName}</> : null}
          </Descriptions.Item>
          <Descriptions.Item label="Company">{deviation.companyName}</Descriptions.Item>
        </Descriptions>
      </Card>
      {deviation.closing ? (
        <Card title="Closing signature" data-testid="deviation-closing">
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="Signed by">
              {deviation.closing.signedBy.name} ({deviation.closing.signedBy.email})
            </Descriptions.Item>
            <Descriptions.Item label="Signed">
              <DateTimeText value={deviation.closing.signedAt} />
            </Descriptions.Item>
            <Descriptions.Item label="Meaning">{deviation.closing.meaning}</Descriptions.Item>
            <Descriptions.Item label="Closing summary">{deviation.closing.comment || EMPTY}</Descriptions.Item>
            <Descriptions.Item label="SHA-256 signed">
              <Typography.Text code copyable style={{ wordBreak: "break-all" }}>
                {deviation.closing.contentHash}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </Card>
      ) : null}
      <Card title="Investigation">
        {/* Not keyed by the last change: remounting would drop the "Saved" note the person is reading. */}
        <InvestigationForm deviation={deviation} editable={editable} />
      </Card>
      <Card title={`Alarms (${deviation.alarms.length})`} data-testid="deviation-alarms">
        {deviation.alarms.length === 0 ? (
          <Typography.Text type="secondary">No alarm is linked to this deviation.</Typography.Text>
        ) : (
          <List
            size="small"
            aria-label="Alarms of the deviation"
            dataSource={deviation.alarms}
            renderItem={(alarm) => (
              <List.Item key={alarm.id}>
                <Flex gap="small" align="center" wrap>
                  <SeverityTag severity={alarm.severity} />
                  <strong>{alarmTitle(alarm)}</strong>
                  <StateTag state={alarm.state} />
                  <Typography.Text type="secondary">
                    Raised <DateTimeText value={alarm.triggeredAt} />
                  </Typography.Text>
                </Flex>
              </List.Item>
            )}
          />
        )}
      </Card>
      <Card title="History">
        <AuditTrail entries={deviation.history} loading={false} />
      </Card>
      {closing ? <CloseDeviationDialog deviation={deviation} onClose={() => setClosing(false)} /> : null}
    </TitledPage>
  );
}

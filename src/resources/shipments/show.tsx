import { EditOutlined, SafetyCertificateOutlined } from "@ant-design/icons";
import type { ShipmentDetail } from "@core/api/shipment";
import { DISPOSITION_LABELS } from "@core/domain/disposition";
import { durationText } from "@core/domain/duration-text";
import { formatDecimal } from "@core/domain/number-text";
import { type OverallVerdict, type ReportSummary, VERDICT_TEXT } from "@core/domain/report-summary";
import { labelVerdict, shipmentVerdict } from "@core/domain/shipment-verdict";
import { SHIPMENT_TRANSPORT_MODE_TEXT } from "@core/domain/shipments";
import { TEMPERATURE_SYMBOLS, type TemperatureUnit, toTemperatureUnit } from "@core/domain/units";
import { type HttpError, useOne } from "@refinedev/core";
import { Alert, Button, Card, Descriptions, Flex, Skeleton, Typography } from "antd";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { PlainTag } from "@/components/controls/plain-tag/plain-tag";
import { LazyNotFoundPage } from "@/components/error-page/lazy-error-page";
import { DateTimeText, useInstantFormat } from "@/components/list/date-time-text";
import { TitledPage } from "@/components/record/record-page";
import { useAccess } from "@/hooks/use-access";
import { useTemperatureUnit } from "@/hooks/use-display-preferences";
import { readableError } from "@/providers/readable-error";
import { RESOURCE } from "@/resources/names";
import { BudgetBars } from "@/resources/products/budget-bars";
import { ShipmentDispositionDialog } from "./disposition-dialog";
import { labelColor, ShipmentChart } from "./shipment-chart";
import { ShipmentFormDialog } from "./shipment-form";
import styles from "./shipments.module.css";

const EMPTY = "—";

const VERDICT_COLORS: Record<OverallVerdict, string> = {
  violation: "error",
  noData: "default",
  incomplete: "warning",
  ok: "success",
};

function VerdictTag({ verdict }: { verdict: OverallVerdict }) {
  return <PlainTag color={VERDICT_COLORS[verdict]}>{VERDICT_TEXT[verdict]}</PlainTag>;
}

type ShipmentReport = ShipmentDetail["reports"][number];

const summaryOf = (report: ShipmentReport): ReportSummary | null =>
  "overall" in report.summary ? (report.summary as ReportSummary) : null;

/** One label's summary, beside the others: its verdict, temperature range and time out of range. */
function LabelCard({
  report,
  color,
  unit,
  locale,
}: {
  report: ShipmentReport;
  color: string;
  unit: TemperatureUnit;
  locale?: string;
}) {
  const summary = summaryOf(report);
  const t = summary?.temperature;
  const degrees = (celsius: number | undefined) =>
    celsius === undefined
      ? EMPTY
      : `${formatDecimal(toTemperatureUnit(celsius, unit), { decimals: 1, locale })} ${TEMPERATURE_SYMBOLS[unit]}`;
  return (
    <Card
      size="small"
      data-testid={`shipment-label-${report.labelId}`}
      title={
        <Flex align="center" gap="small">
          <span className={styles.swatch} style={{ background: color }} />
          <Link to={`/label-reports/${encodeURIComponent(report.id)}`}>{report.labelId}</Link>
        </Flex>
      }
      extra={<VerdictTag verdict={labelVerdict(summary)} />}
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="Reference">{report.reference || EMPTY}</Descriptions.Item>
        <Descriptions.Item label="Readings">{formatDecimal(report.readingCount, { locale })}</Descriptions.Item>
        <Descriptions.Item label="Min / max">
          {degrees(t?.min?.value)} / {degrees(t?.max?.value)}
        </Descriptions.Item>
        <Descriptions.Item label="Time above / below">
          {t ? `${durationText(t.timeAboveMinutes)} / ${durationText(t.timeBelowMinutes)}` : EMPTY}
        </Descriptions.Item>
        <Descriptions.Item label="Data">{report.dataIncomplete ? "Incomplete" : "Complete"}</Descriptions.Item>
        <Descriptions.Item label="Disposition">
          {report.disposition ? DISPOSITION_LABELS[report.disposition] : "Awaiting a decision"}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/**
 * `/shipments/{id}`: the shipment, its verdict (the worst of its labels', computed here
 * with the server's function), every label's summary side by side, and one chart with a
 * line per label. Those who may change reports edit it and its labels in a dialog.
 */
export function ShipmentShow() {
  const { id } = useParams();
  const can = useAccess();
  const unit = useTemperatureUnit();
  const { timeZone, locale } = useInstantFormat();
  const [editing, setEditing] = useState(false);
  const [signing, setSigning] = useState(false);
  const { query, result: shipment } = useOne<ShipmentDetail, HttpError>({
    resource: RESOURCE.shipments,
    id: id ?? "",
    queryOptions: { enabled: id !== undefined },
    errorNotification: false,
  });
  if (query.isError && query.error.statusCode === 404) return <LazyNotFoundPage />;
  if (query.isError) return <Alert type="error" showIcon message={readableError(query.error)} />;
  if (!shipment) return <Skeleton active />;

  const verdict = shipmentVerdict(
    shipment.reports.map((report) => ({ reportId: report.id, labelId: report.labelId, summary: summaryOf(report) })),
  );
  const violated = (["temperature", "humidity", "shock"] as const).filter((u) => verdict.units[u].violation);
  return (
    <TitledPage
      title={`Shipment ${shipment.reference}`}
      backTo="/shipments"
      actions={
        <Flex gap="small">
          {can({ action: "approve", subject: "labelReport" }) && shipment.reports.length > 0 ? (
            <Button icon={<SafetyCertificateOutlined />} onClick={() => setSigning(true)}>
              Sign disposition
            </Button>
          ) : null}
          {can({ action: "update", subject: "labelReport" }) ? (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              Edit
            </Button>
          ) : null}
        </Flex>
      }
    >
      <Card>
        <Flex vertical gap="middle">
          <Flex align="center" gap="small" data-testid="shipment-verdict">
            <Typography.Text strong>Verdict</Typography.Text>
            <VerdictTag verdict={verdict.verdict} />
            {verdict.completeness === "incomplete" ? <PlainTag color="warning">Incomplete data</PlainTag> : null}
            {shipment.budgetExhausted ? (
              <PlainTag color="error" data-testid="budget-exhausted">
                Critical: stability budget exhausted
              </PlainTag>
            ) : null}
            {violated.length > 0 ? (
              <Typography.Text type="secondary">
                {violated
                  .map((u) => `${u.charAt(0).toUpperCase()}${u.slice(1)}: ${verdict.units[u].violatedBy.join(", ")}`)
                  .join("; ")}
              </Typography.Text>
            ) : null}
          </Flex>
          <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
            <Descriptions.Item label="Route">
              {shipment.origin || EMPTY} → {shipment.destination || EMPTY}
            </Descriptions.Item>
            <Descriptions.Item label="Carrier">{shipment.carrier || EMPTY}</Descriptions.Item>
            <Descriptions.Item label="Transport mode">
              {SHIPMENT_TRANSPORT_MODE_TEXT[shipment.transportMode]}
            </Descriptions.Item>
            <Descriptions.Item label="Planned departure">
              {shipment.plannedDeparture ? <DateTimeText value={shipment.plannedDeparture} /> : EMPTY}
            </Descriptions.Item>
            <Descriptions.Item label="Planned arrival">
              {shipment.plannedArrival ? <DateTimeText value={shipment.plannedArrival} /> : EMPTY}
            </Descriptions.Item>
            <Descriptions.Item label="Product / batch">
              {shipment.budget ? (
                <Link to={`/products/${encodeURIComponent(shipment.budget.productId)}`}>
                  {shipment.budget.productName}
                </Link>
              ) : (
                shipment.product || EMPTY
              )}
              {/* One text node: the item's content is a flex box, which drops a lone space. */}
              <span>&nbsp;/ {shipment.batch || EMPTY}</span>
            </Descriptions.Item>
            {shipment.companyName ? (
              <Descriptions.Item label="Company">{shipment.companyName}</Descriptions.Item>
            ) : null}
          </Descriptions>
          {shipment.budget ? (
            <div data-testid="shipment-budget">
              <Typography.Text strong>Stability budget of batch {shipment.budget.batch}</Typography.Text>
              <BudgetBars budget={shipment.budget.budget} range={shipment.budget} />
            </div>
          ) : null}
        </Flex>
      </Card>
      <Card title={`Labels (${shipment.reports.length})`}>
        {shipment.reports.length === 0 ? (
          <Typography.Text type="secondary">No labels yet: edit the shipment to attach some.</Typography.Text>
        ) : (
          <Flex vertical gap="large">
            <div className={styles.labels}>
              {shipment.reports.map((report, i) => (
                <LabelCard key={report.id} report={report} color={labelColor(i)} unit={unit} locale={locale} />
              ))}
            </div>
            <ShipmentChart reports={shipment.reports} temperatureUnit={unit} timeZone={timeZone} locale={locale} />
          </Flex>
        )}
      </Card>
      <ShipmentDispositionDialog shipment={shipment} open={signing} onClose={() => setSigning(false)} />
      <ShipmentFormDialog
        shipment={shipment}
        open={editing}
        onClose={() => setEditing(false)}
        onSaved={() => setEditing(false)}
      />
    </TitledPage>
  );
}

import { DownloadOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Descriptions, Flex, Result, Skeleton, Space, Table, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { formatInstant } from "@/domain/datetime";
import { DISPOSITION_LABELS } from "@/domain/disposition";
import type { Excursion } from "@/domain/excursions";
import { ruleLimits } from "@/domain/report-rule";
import { APP_TITLE } from "@/providers/document-title";
import { ReportChartView } from "@/resources/label-reports/chart/report-chart-view";
import type { ChartUnit } from "@/resources/label-reports/chart/series-data";
import { loadSharedReport, type ShareAnswer, type SharedReport, shareApiUrl } from "./share-api";

/**
 * The read-only page a share link opens (issue #17 section 4): no sign-in, no Refine,
 * only what GET /api/share/{token} answers. Times in the tables are in UTC, as printed
 * on the PDF; the chart, drawn from the series in that answer with the frozen limits,
 * reads in the partner's own time zone (it says which). No zoom: a finer window would
 * need another request, and the PDF has the full detail.
 */

const FORMAT = { timeZone: "UTC" } as const;
const when = (value: string | number | null | undefined) => (value ? `${formatInstant(value, FORMAT)} UTC` : "—");

const DISPOSITION_TAG_COLORS = { released: "green", quarantined: "orange", rejected: "red" } as const;

function limits(min: number | null, max: number | null, unit: string) {
  if (min === null && max === null) return "No limits";
  return `${min ?? "—"} … ${max ?? "—"} ${unit}`;
}

function Verdict({ report }: { report: SharedReport }) {
  const { rule, summary } = report;
  const rows = [
    {
      key: "temperature",
      unit: "Temperature",
      limits: rule?.temperatureEnabled ? limits(rule.temperatureMin, rule.temperatureMax, "°C") : "Not measured",
      channel: summary.temperature,
    },
    {
      key: "humidity",
      unit: "Humidity",
      limits: rule?.humidityEnabled ? limits(rule.humidityMin, rule.humidityMax, "%RH") : "Not measured",
      channel: summary.humidity,
    },
  ];
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={rows}
      columns={[
        { title: "Unit", dataIndex: "unit" },
        { title: "Limits (frozen rule)", dataIndex: "limits" },
        {
          title: "Verdict",
          render: (_: unknown, row) =>
            !row.channel.measured ? (
              "N.a."
            ) : row.channel.violation ? (
              <Tag color="red">Violation</Tag>
            ) : (
              <Tag color="green">OK</Tag>
            ),
        },
        { title: "Excursions", render: (_: unknown, row) => row.channel.excursionCount },
        { title: "Min", render: (_: unknown, row) => row.channel.min?.value ?? "—" },
        { title: "Max", render: (_: unknown, row) => row.channel.max?.value ?? "—" },
        {
          title: "Average",
          render: (_: unknown, row) => (row.channel.average === null ? "—" : row.channel.average.toFixed(1)),
        },
      ]}
    />
  );
}

const CHART_UNITS: { key: ChartUnit; title: string }[] = [
  { key: "temperature", title: "Temperature" },
  { key: "humidity", title: "Humidity" },
];

function Charts({ report }: { report: SharedReport }) {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const units = CHART_UNITS.filter((unit) => report.summary[unit.key].measured);
  if (units.length === 0) return null;
  const trim = report.trim ?? { start: null, end: null };
  return (
    <Card size="small" title={`Readings (times in ${timeZone})`}>
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        {units.map((unit) => (
          <section key={unit.key} aria-label={`${unit.title} readings`}>
            <Typography.Text strong>{unit.title}</Typography.Text>
            <ReportChartView
              reportId={report.labelId}
              unit={unit.key}
              series={report.readings}
              intervalMinutes={report.rule?.intervalMinutes ?? 0}
              {...ruleLimits(report.rule, unit.key)}
              temperatureUnit="celsius"
              timeZone={timeZone}
              trim={trim}
            />
          </section>
        ))}
      </Space>
    </Card>
  );
}

function Excursions({ report }: { report: SharedReport }) {
  const rows = [
    ...report.excursions.temperature.map((e) => ({ ...e, unit: "Temperature" })),
    ...report.excursions.humidity.map((e) => ({ ...e, unit: "Humidity" })),
  ];
  if (rows.length === 0) return <Typography.Text type="secondary">No excursions.</Typography.Text>;
  return (
    <Table<Excursion & { unit: string }>
      size="small"
      pagination={false}
      rowKey={(row) => `${row.unit}-${row.start}`}
      dataSource={rows}
      columns={[
        { title: "Unit", dataIndex: "unit" },
        { title: "Side", dataIndex: "side" },
        { title: "From", dataIndex: "start", render: (t: number) => when(t) },
        { title: "To", dataIndex: "end", render: (t: number) => when(t) },
        { title: "Minutes", dataIndex: "durationMinutes" },
        { title: "Peak", dataIndex: "peak" },
      ]}
    />
  );
}

function Disposition({ report }: { report: SharedReport }) {
  const signed = report.disposition;
  if (!signed) return <Typography.Text type="secondary">No disposition signed.</Typography.Text>;
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label="Disposition">
        <Tag color={DISPOSITION_TAG_COLORS[signed.value]}>{DISPOSITION_LABELS[signed.value]}</Tag>
        {signed.meaning}
      </Descriptions.Item>
      <Descriptions.Item label="Signed by">{signed.signedBy.name}</Descriptions.Item>
      <Descriptions.Item label="Signed at">{when(signed.signedAt)}</Descriptions.Item>
      {signed.comment ? <Descriptions.Item label="Comment">{signed.comment}</Descriptions.Item> : null}
    </Descriptions>
  );
}

function SharedReportView({ token, report }: { token: string; report: SharedReport }) {
  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="share-label-id">
          {report.labelId}
        </Typography.Title>
        <Space>
          <Button icon={<DownloadOutlined />} href={shareApiUrl(token, "/export?fileType=pdf")}>
            PDF
          </Button>
          <Button icon={<DownloadOutlined />} href={shareApiUrl(token, "/export?fileType=csv")}>
            CSV
          </Button>
        </Space>
      </Flex>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label="Reference">{report.reference || "—"}</Descriptions.Item>
        <Descriptions.Item label="Status">{report.status}</Descriptions.Item>
        <Descriptions.Item label="Started">{when(report.startTime)}</Descriptions.Item>
        <Descriptions.Item label="Ended">{when(report.endTime)}</Descriptions.Item>
        <Descriptions.Item label="Verdict">
          {report.summary.overall.violation ? <Tag color="red">Alarm</Tag> : <Tag color="green">OK</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="Rule">
          {report.rule ? `${report.rule.presetName} (version ${report.rule.presetVersion})` : "—"}
        </Descriptions.Item>
        {report.trim ? (
          <Descriptions.Item label="Evaluation window">
            {when(report.trim.start)} – {when(report.trim.end)}
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label="Alarm delay">
          {report.rule ? `${report.rule.alarmDelayMinutes} min (${report.rule.alarmType})` : "—"}
        </Descriptions.Item>
      </Descriptions>
      <Card size="small" title="Summary">
        <Verdict report={report} />
      </Card>
      <Charts report={report} />
      <Card size="small" title="Excursions">
        <Excursions report={report} />
      </Card>
      <section aria-label="Disposition">
        <Card size="small" title="Disposition">
          <Disposition report={report} />
        </Card>
      </section>
      <Card size="small" title="Content hash (SHA-256)">
        <Typography.Paragraph>
          Compare this with the hash printed on the PDF you received: if they are equal, the PDF shows exactly this
          report.
        </Typography.Paragraph>
        <Typography.Text code copyable data-testid="share-content-hash" style={{ wordBreak: "break-all" }}>
          {report.contentHash}
        </Typography.Text>
      </Card>
      <Typography.Text type="secondary">This link is valid until {when(report.expiresAt)}.</Typography.Text>
    </Space>
  );
}

export function SharePage() {
  const { token = "" } = useParams();
  const [answer, setAnswer] = useState<ShareAnswer | null>(null);
  useEffect(() => {
    document.title = `Shared report · ${APP_TITLE}`;
    let live = true;
    loadSharedReport(token)
      .then((result) => live && setAnswer(result))
      .catch(() => live && setAnswer({ kind: "error", message: "The server could not be reached. Please try again." }));
    return () => {
      live = false;
    };
  }, [token]);
  return (
    <main style={{ maxWidth: 1000, margin: "0 auto", padding: 24 }}>
      {answer === null ? <Skeleton active /> : null}
      {answer?.kind === "ok" ? <SharedReportView token={token} report={answer.report} /> : null}
      {answer?.kind === "gone" ? (
        <Result
          status="warning"
          title="This link has expired or was revoked"
          subTitle="Ask the sender for a new link."
        />
      ) : null}
      {answer?.kind === "notFound" ? (
        <Result status="404" title="Link not found" subTitle="Check that the whole link was copied." />
      ) : null}
      {answer?.kind === "error" ? <Alert type="error" showIcon message={answer.message} /> : null}
    </main>
  );
}

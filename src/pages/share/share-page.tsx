import { DownloadOutlined } from "@ant-design/icons";
import type { SharedReport } from "@core/api/share-link";
import {
  COMPLETENESS_TEXT,
  completenessSentence,
  durationText,
  intervalMismatchText,
  noDataPeriods,
  silenceRows,
} from "@core/domain/completeness-text";
import { formatInstant, timeZoneAbbreviation } from "@core/domain/datetime";
import { DEVIATION_STATE_TEXT } from "@core/domain/deviations";
import { DISPOSITION_LABELS } from "@core/domain/disposition";
import type { Excursion } from "@core/domain/excursions";
import { BAND_UNITS, explicitBands } from "@core/domain/limit-bands";
import { formatDecimal } from "@core/domain/number-text";
import { ruleLimits } from "@core/domain/report-rule";
import { type OverallVerdict, type ReportSummary, VERDICT_TEXT, verdictOf } from "@core/domain/report-summary";
import { LABEL_STATUS_TEXT } from "@core/domain/resources";
import { MKT_BASIS } from "@core/domain/statistics";
import { formatMeasurement, type Unit } from "@core/domain/units";
import { Alert, Button, Card, Descriptions, Flex, Result, Skeleton, Space, Table, Tag, Typography } from "antd";
import { createContext, useContext, useEffect, useMemo, useState } from "react";
import { useParams } from "react-router";
import { APP_TITLE } from "@/providers/document-title";
import { bandText } from "@/resources/label-presets/preset-format";
import { ReportChartView } from "@/resources/label-reports/chart/report-chart-view";
import type { ChartUnit } from "@/resources/label-reports/chart/series-data";
import { loadSharedReport, type ShareAnswer, shareApiUrl } from "./share-api";
import { type ShareDisplay, useShareDisplay } from "./share-preferences";

/**
 * The read-only page a share link opens: no sign-in, no Refine,
 * only what GET /api/share/{token} answers. Dates, numbers and temperatures follow the
 * viewer (share-preferences.ts); every time carries its zone's abbreviation, since the
 * PDF beside it may be in another zone. No zoom: a finer window would need another
 * request, and the PDF has the full detail.
 */

const DisplayContext = createContext<ShareDisplay>({ locale: "en-US", timeZone: "UTC", temperatureUnit: "celsius" });

function useFormat() {
  const display = useContext(DisplayContext);
  const { locale, timeZone, temperatureUnit } = display;
  return {
    ...display,
    when: (value: string | number | null | undefined) => {
      if (!value) return "—";
      const zone = timeZoneAbbreviation(timeZone, new Date(value), locale);
      return `${formatInstant(value, { timeZone, locale })} ${zone}`;
    },
    /** A reading in its unit; temperatures in the viewer's unit, one decimal. */
    measure: (unit: Unit, value: number | null | undefined, decimals?: number) =>
      value === null || value === undefined
        ? "—"
        : formatMeasurement(unit, value, { temperatureUnit, locale, decimals: unit === "temperature" ? 1 : decimals }),
    count: (value: number) => formatDecimal(value, { locale }),
  };
}

/** Which limit an excursion crossed, in the dashboard's words. */
const EXCURSION_SIDE_TEXT: Record<Excursion["side"], string> = {
  above: "Above the maximum",
  below: "Below the minimum",
};

const DISPOSITION_TAG_COLORS = { released: "green", quarantined: "orange", rejected: "red" } as const;

/** One unit's line of the summary table, its values already written as the dashboard writes them. */
interface VerdictRow {
  key: "temperature" | "humidity" | "shock";
  unit: string;
  limits: string;
  /** Measured, with readings to judge. */
  judged: boolean;
  violation: boolean;
  events: number;
  min: string;
  max: string;
  average: string;
}

function Verdict({ report }: { report: SharedReport }) {
  const { rule, summary } = report;
  const { measure, count } = useFormat();
  /** A unit judged by a range of readings: its limits and the readings' min, max and average. */
  const rangeRow = (
    key: "temperature" | "humidity",
    unit: string,
    enabled: boolean | undefined,
    min: number | null,
    max: number | null,
  ): VerdictRow => {
    const channel = summary[key];
    return {
      key,
      unit,
      limits: !enabled
        ? "Not measured"
        : min === null && max === null
          ? "No limits"
          : `${measure(key, min)} … ${measure(key, max)}`,
      judged: channel.measured && (channel.readingCount ?? 0) > 0,
      violation: channel.violation,
      events: channel.excursionCount,
      min: measure(key, channel.min?.value),
      max: measure(key, channel.max?.value),
      average: measure(key, channel.average, 1),
    };
  };
  const rows: VerdictRow[] = [
    rangeRow(
      "temperature",
      "Temperature",
      rule?.temperatureEnabled,
      rule?.temperatureMin ?? null,
      rule?.temperatureMax ?? null,
    ),
    rangeRow("humidity", "Humidity", rule?.humidityEnabled, rule?.humidityMin ?? null, rule?.humidityMax ?? null),
    {
      // Shock has a threshold and events over it, not a range of readings: no minimum or average.
      key: "shock",
      unit: "Shock",
      limits:
        rule?.shockEnabled && rule.shockThresholdG !== null
          ? `Below ${measure("shock", rule.shockThresholdG)}`
          : "Not measured",
      judged: summary.shock.measured,
      violation: summary.shock.violation,
      events: summary.shock.eventCount,
      min: "—",
      max: measure("shock", summary.shock.maxG),
      average: "—",
    },
  ];
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={rows}
      // A phone scrolls the table inside its card rather than letting it spill out.
      scroll={{ x: "max-content" }}
      columns={[
        { title: "Unit", dataIndex: "unit" },
        { title: "Limits (frozen rule)", dataIndex: "limits" },
        {
          title: "Verdict",
          render: (_: unknown, row: VerdictRow) =>
            !row.judged ? "N.a." : row.violation ? <Tag color="red">Violation</Tag> : <Tag color="green">OK</Tag>,
        },
        { title: "Excursions", render: (_: unknown, row: VerdictRow) => count(row.events) },
        { title: "Min", dataIndex: "min" },
        { title: "Max", dataIndex: "max" },
        { title: "Average", dataIndex: "average" },
      ]}
    />
  );
}

const CHART_UNITS: { key: ChartUnit; title: string }[] = [
  { key: "temperature", title: "Temperature" },
  { key: "humidity", title: "Humidity" },
];

function Charts({ report }: { report: SharedReport }) {
  const { timeZone, locale, temperatureUnit } = useFormat();
  const units = CHART_UNITS.filter((unit) => report.summary[unit.key].measured);
  const noData = useMemo(() => noDataPeriods(report.summary), [report.summary]);
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
              temperatureUnit={temperatureUnit}
              timeZone={timeZone}
              locale={locale}
              trim={trim}
              noData={noData}
            />
          </section>
        ))}
      </Space>
    </Card>
  );
}

const VERDICT_COLORS: Record<OverallVerdict, string> = {
  violation: "red",
  noData: "orange",
  incomplete: "orange",
  ok: "green",
};

/** The data's completeness, as the overlay and the PDF state it. */
function Completeness({ summary }: { summary: ReportSummary }) {
  const { when } = useFormat();
  const completeness = summary.completeness;
  if (!completeness) return null;
  const mismatch = intervalMismatchText(completeness);
  const rows = silenceRows(completeness, summary.gaps);
  const coverage = (value: number | null) => (value === null ? "Not measured" : `${value} %`);
  return (
    <Space direction="vertical" size="small" style={{ width: "100%" }} data-testid="share-completeness">
      <Typography.Text>
        <Tag color={completeness.state === "complete" ? "green" : "orange"}>
          {COMPLETENESS_TEXT[completeness.state]}
        </Tag>
        {completenessSentence(completeness)}
      </Typography.Text>
      {mismatch ? <Typography.Text data-testid="share-interval-mismatch">{mismatch}</Typography.Text> : null}
      <Typography.Text type="secondary">
        Coverage: temperature {coverage(completeness.coverage.temperature)}, humidity{" "}
        {coverage(completeness.coverage.humidity)}
      </Typography.Text>
      {rows.length > 0 ? (
        <Table
          size="small"
          pagination={false}
          rowKey={(row) => `${row.kind}-${row.start}`}
          dataSource={rows}
          scroll={{ x: "max-content" }}
          columns={[
            { title: "No data", dataIndex: "label" },
            { title: "From", dataIndex: "start", render: (t: string) => when(t) },
            { title: "To", dataIndex: "end", render: (t: string) => when(t) },
            { title: "Length", dataIndex: "minutes", render: (m: number) => durationText(m) },
          ]}
        />
      ) : null}
      {summary.temperature.measured && summary.temperature.mkt !== null ? (
        <Typography.Text type="secondary" data-testid="share-mkt-basis">
          {MKT_BASIS}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

function Excursions({ report }: { report: SharedReport }) {
  const { when, measure } = useFormat();
  const rows = [
    ...report.excursions.temperature.map((e) => ({ ...e, unit: "Temperature", channel: "temperature" as const })),
    ...report.excursions.humidity.map((e) => ({ ...e, unit: "Humidity", channel: "humidity" as const })),
  ];
  if (rows.length === 0) return <Typography.Text type="secondary">No excursions.</Typography.Text>;
  return (
    <Table<Excursion & { unit: string; channel: Unit }>
      size="small"
      pagination={false}
      rowKey={(row) => `${row.unit}-${row.start}`}
      dataSource={rows}
      scroll={{ x: "max-content" }}
      columns={[
        { title: "Unit", dataIndex: "unit" },
        { title: "Limit", dataIndex: "side", render: (side: Excursion["side"]) => EXCURSION_SIDE_TEXT[side] },
        { title: "From", dataIndex: "start", render: (t: number) => when(t) },
        { title: "To", dataIndex: "end", render: (t: number) => when(t) },
        { title: "Duration", dataIndex: "durationMinutes", render: (m: number) => durationText(m) },
        { title: "Peak", dataIndex: "peak", render: (peak: number, row) => measure(row.channel, peak) },
      ]}
    />
  );
}

function Disposition({ report }: { report: SharedReport }) {
  const { when } = useFormat();
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

/** The investigations of the report's alarms: what, where it stands, how it was closed. */
function Deviations({ report }: { report: SharedReport }) {
  const { when } = useFormat();
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      {report.deviations.map((deviation) => (
        <Descriptions
          key={deviation.number}
          size="small"
          column={1}
          bordered
          title={`${deviation.number}: ${deviation.title}`}
        >
          <Descriptions.Item label="State">{DEVIATION_STATE_TEXT[deviation.state]}</Descriptions.Item>
          {deviation.rootCause ? <Descriptions.Item label="Root cause">{deviation.rootCause}</Descriptions.Item> : null}
          {deviation.productImpact ? (
            <Descriptions.Item label="Product impact">{deviation.productImpact}</Descriptions.Item>
          ) : null}
          {deviation.closedAt ? (
            <Descriptions.Item label="Closed">
              {when(deviation.closedAt)} by {deviation.closedByName ?? "—"}
              {deviation.closingComment ? `: ${deviation.closingComment}` : ""}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      ))}
    </Space>
  );
}

/**
 * How long out of range raises an alarm: the limit bands a rule sets itself, one line each
 * ("Critical above 15 °C at once"), and the alarm delay for the units judged by the default band.
 */
// A function, not a component: Descriptions reads its items' props from its direct children.
function ruleTimingItems(rule: SharedReport["rule"], measure: ReturnType<typeof useFormat>["measure"]) {
  if (!rule) return <Descriptions.Item label="Alarm delay">—</Descriptions.Item>;
  const bands = BAND_UNITS.flatMap((unit) =>
    (explicitBands(rule, unit) ?? []).map((band) => bandText(band, (value) => measure(unit, value))),
  );
  const defaultBanded = BAND_UNITS.some((unit) => rule[`${unit}Enabled`] && !explicitBands(rule, unit));
  return (
    <>
      {bands.length > 0 ? (
        <Descriptions.Item label="Limit bands">
          {bands.map((text) => (
            <div key={text}>{text}</div>
          ))}
        </Descriptions.Item>
      ) : null}
      {defaultBanded || bands.length === 0 ? (
        <Descriptions.Item label="Alarm delay">
          {`${rule.alarmDelayMinutes === 0 ? "none (at once)" : durationText(rule.alarmDelayMinutes)}, ${
            rule.alarmType === "cumulative" ? "cumulative time out of range" : "one excursion"
          }`}
        </Descriptions.Item>
      ) : null}
    </>
  );
}

function SharedReportView({ token, report }: { token: string; report: SharedReport }) {
  const { when, measure } = useFormat();
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
        <Descriptions.Item label="Status">{LABEL_STATUS_TEXT[report.status]}</Descriptions.Item>
        <Descriptions.Item label="Started">{when(report.startTime)}</Descriptions.Item>
        <Descriptions.Item label="Ended">{when(report.endTime)}</Descriptions.Item>
        {report.recordFields.map((field) => (
          <Descriptions.Item key={field.key} label={field.name}>
            {field.text}
          </Descriptions.Item>
        ))}
        <Descriptions.Item label="Verdict">
          <Tag color={VERDICT_COLORS[verdictOf(report.summary)]} data-testid="share-verdict">
            {VERDICT_TEXT[verdictOf(report.summary)]}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label="Rule">
          {report.rule ? `${report.rule.presetName} (version ${report.rule.presetVersion})` : "—"}
        </Descriptions.Item>
        {report.trim ? (
          <Descriptions.Item label="Evaluation window">
            {when(report.trim.start)} – {when(report.trim.end)}
          </Descriptions.Item>
        ) : null}
        {ruleTimingItems(report.rule, measure)}
      </Descriptions>
      <Card size="small" title="Summary">
        <Verdict report={report} />
      </Card>
      {report.summary.completeness ? (
        <Card size="small" title="Data completeness">
          <Completeness summary={report.summary} />
        </Card>
      ) : null}
      <Charts report={report} />
      <Card size="small" title="Excursions">
        <Excursions report={report} />
      </Card>
      {report.deviations.length > 0 ? (
        <section aria-label="Deviations">
          <Card size="small" title="Deviations">
            <Deviations report={report} />
          </Card>
        </section>
      ) : null}
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
  const display = useShareDisplay(answer?.kind === "ok" ? answer.report.temperatureUnit : null);
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
      {answer?.kind === "ok" ? (
        <DisplayContext.Provider value={display}>
          <SharedReportView token={token} report={answer.report} />
        </DisplayContext.Provider>
      ) : null}
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

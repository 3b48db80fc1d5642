import { describeAuditEntry } from "@core/domain/audit-text";
import { type CustomFieldDefinition, customFieldRows } from "@core/domain/custom-fields";
import { isShockEvent, type ReportSummary } from "@core/domain/report-summary";
import { formatMeasurement, type TemperatureUnit } from "@core/domain/units";
import { Empty, Flex, List, Progress, Table, Tag, Timeline, Typography } from "antd";
import type { ReactNode } from "react";
import { SummaryCard } from "@/components/controls/summary-card/summary-card";
import { summaryCardsFromReport } from "@/components/controls/summary-card/summary-card-state";
import { DateTimeText, useInstantFormat } from "@/components/list/date-time-text";
import { usePreferencesStore } from "@/providers/stores/preferences";
import styles from "./report.module.css";
import { statisticsRows } from "./report-format";
import type { AuditEntry, ShockEvent } from "./report-queries";

/** The blocks of the report overlay below its header, one component each. */

export function Section({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <Flex justify="space-between" align="center" className={styles.sectionHeader}>
        <Typography.Title level={5}>{title}</Typography.Title>
        {extra}
      </Flex>
      {children}
    </section>
  );
}

export function SummaryCards({
  summary,
  temperatureUnit,
}: {
  summary: ReportSummary;
  temperatureUnit: TemperatureUnit;
}) {
  const { locale } = useInstantFormat();
  return (
    <div className={styles.cards}>
      {summaryCardsFromReport(summary, { temperatureUnit, locale }).map((card) => (
        <SummaryCard key={card.unit} {...card} />
      ))}
    </div>
  );
}

export function StatisticsTable({
  summary,
  temperatureUnit,
}: {
  summary: ReportSummary;
  temperatureUnit: TemperatureUnit;
}) {
  const { locale } = useInstantFormat();
  const units = (["temperature", "humidity"] as const).filter((unit) => summary[unit].measured);
  if (units.length === 0) return <Empty description="This report measures no temperature or humidity" />;
  return (
    <Flex vertical gap="middle">
      {units.map((unit) => (
        <Table
          key={unit}
          size="small"
          pagination={false}
          // Its own sideways scroll on a phone: the overlay keeps the screen's width.
          scroll={{ x: "max-content" }}
          rowKey="key"
          aria-label={`${unit === "temperature" ? "Temperature" : "Humidity"} statistics`}
          dataSource={statisticsRows(summary[unit], unit, temperatureUnit, locale)}
          columns={[
            {
              key: "label",
              title: unit === "temperature" ? "Temperature" : "Humidity",
              width: "45%",
              render: (_, row) => (
                <span>
                  {row.label}
                  {row.note ? (
                    <Tag bordered={false} color="blue" className={styles.note}>
                      {row.note}
                    </Tag>
                  ) : null}
                </span>
              ),
            },
            { key: "value", title: "Value", dataIndex: "value", render: (value: string) => value || "—" },
            {
              key: "at",
              title: "Time",
              render: (_, row) => (row.at ? <DateTimeText value={row.at} /> : ""),
            },
          ]}
        />
      ))}
    </Flex>
  );
}

export function ShockEvents({
  events,
  threshold,
  loading,
}: {
  events: ShockEvent[] | undefined;
  threshold: number | null;
  loading: boolean;
}) {
  const { locale } = useInstantFormat();
  return (
    <List
      size="small"
      bordered
      loading={loading}
      locale={{ emptyText: "No shock events" }}
      dataSource={events ?? []}
      pagination={(events?.length ?? 0) > 10 ? { pageSize: 10, size: "small" } : false}
      renderItem={(event) => {
        const above = isShockEvent(event.magnitudeG, threshold);
        return (
          <List.Item>
            <DateTimeText value={event.t} seconds />
            <span>
              <strong>{formatMeasurement("shock", event.magnitudeG, { locale })}</strong>{" "}
              <Tag color={above ? "error" : "default"} bordered={false}>
                {above ? "At or above threshold" : "Below threshold"}
              </Tag>
            </span>
          </List.Item>
        );
      }}
    />
  );
}

export function Battery({ summary, warningLevel }: { summary: ReportSummary; warningLevel: number | null }) {
  const { level, low } = summary.battery;
  if (level === null) return <Typography.Text type="secondary">N.a.</Typography.Text>;
  return (
    <Flex align="center" gap="large">
      <Progress
        percent={Math.round(level)}
        status={low ? "exception" : "normal"}
        strokeColor={low ? undefined : "#2e9b5f"}
        className={styles.battery}
        aria-label="Battery level"
      />
      <Typography.Text type={low ? "danger" : "secondary"}>
        {low ? "Low battery" : "OK"}
        {warningLevel === null ? "" : ` (warning at ${warningLevel} %)`}
      </Typography.Text>
    </Flex>
  );
}

/** A report's custom field values: numbers and dates written in the reader's locale. */
export function CustomFieldValues({
  definitions,
  values,
}: {
  definitions: readonly CustomFieldDefinition[];
  values: Record<string, string | number | boolean | null> | undefined;
}) {
  const locale = usePreferencesStore((s) => s.locale);
  const rows = customFieldRows(definitions, values, locale);
  if (rows.length === 0) return <Typography.Text type="secondary">No custom field values</Typography.Text>;
  return (
    <dl className={styles.fields}>
      {rows.map((row) => (
        <div key={row.key}>
          <dt title={row.defined ? undefined : "This field is no longer defined"}>{row.label}</dt>
          <dd>{row.text}</dd>
        </div>
      ))}
    </dl>
  );
}

export function AuditTrail({
  entries,
  loading,
  customFieldNames,
}: {
  entries: AuditEntry[] | undefined;
  loading: boolean;
  customFieldNames?: Readonly<Record<string, string>>;
}) {
  const format = useInstantFormat();
  if (!loading && (entries?.length ?? 0) === 0)
    return <Typography.Text type="secondary">No changes yet</Typography.Text>;
  return (
    <Timeline
      className={styles.audit}
      pending={loading ? "Loading…" : undefined}
      items={(entries ?? []).map((entry) => {
        const text = describeAuditEntry(entry, { format, customFieldNames });
        return {
          key: entry.id,
          children: (
            <div data-testid="audit-entry">
              <div>
                <strong>{text.title}</strong>
                {text.changes.length > 0 ? (
                  <ul className={styles.changes}>
                    {text.changes.map((change) => (
                      <li key={change.field}>
                        {change.field}: <s>{change.before}</s> → {change.after}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
              <Typography.Text type="secondary" className={styles.auditMeta}>
                {entry.actor ?? "System"} · <DateTimeText value={entry.at} />
                {entry.reason ? ` · ${entry.reason}` : ""}
              </Typography.Text>
            </div>
          ),
        };
      })}
    />
  );
}

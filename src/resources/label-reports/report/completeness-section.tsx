import {
  COMPLETENESS_TEXT,
  completenessSentence,
  durationText,
  intervalMismatchText,
  silenceRows,
} from "@core/domain/completeness-text";
import type { ReportSummary } from "@core/domain/report-summary";
import { Alert, Descriptions, Flex, Table, Tag } from "antd";
import { DateTimeText } from "@/components/list/date-time-text";

/**
 * The report's data completeness (part of its verdict): coverage per unit, the label's own
 * interval beside the rule's, and every gap and silence, the too-long ones marked.
 */
export function CompletenessDetails({ summary }: { summary: ReportSummary }) {
  const completeness = summary.completeness;
  if (!completeness) return null;
  const mismatch = intervalMismatchText(completeness);
  const rows = silenceRows(completeness, summary.gaps);
  const coverage = (value: number | null) => (value === null ? "Not measured" : `${value} %`);
  return (
    <Flex vertical gap="small" data-testid="completeness">
      <Alert
        type={completeness.state === "complete" ? "success" : "warning"}
        showIcon
        message={COMPLETENESS_TEXT[completeness.state]}
        description={completenessSentence(completeness)}
      />
      {mismatch ? <Alert type="info" showIcon message={mismatch} data-testid="interval-mismatch" /> : null}
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label="Temperature coverage">
          {coverage(completeness.coverage.temperature)}
        </Descriptions.Item>
        <Descriptions.Item label="Humidity coverage">{coverage(completeness.coverage.humidity)}</Descriptions.Item>
        <Descriptions.Item label="Label's interval">
          {completeness.labelIntervalMinutes === null ? "—" : durationText(completeness.labelIntervalMinutes)} (rule:{" "}
          {durationText(completeness.ruleIntervalMinutes)})
        </Descriptions.Item>
        <Descriptions.Item label="Gap when silent for more than">
          {durationText(completeness.gapThresholdMinutes)}; incomplete past{" "}
          {durationText(completeness.thresholdMinutes)}
        </Descriptions.Item>
      </Descriptions>
      {rows.length > 0 ? (
        <Table
          size="small"
          pagination={rows.length > 10 ? { pageSize: 10, size: "small" } : false}
          rowKey={(row) => `${row.kind}-${row.start}`}
          aria-label="Gaps and silences"
          dataSource={rows}
          scroll={{ x: "max-content" }}
          columns={[
            { key: "label", title: "No data", dataIndex: "label" },
            { key: "start", title: "From", render: (_, row) => <DateTimeText value={row.start} /> },
            { key: "end", title: "To", render: (_, row) => <DateTimeText value={row.end} /> },
            {
              key: "length",
              title: "Length",
              render: (_, row) => (
                <span>
                  {durationText(row.minutes)}{" "}
                  {row.tooLong ? (
                    <Tag color="warning" bordered={false}>
                      Too long
                    </Tag>
                  ) : null}
                </span>
              ),
            },
          ]}
        />
      ) : null}
    </Flex>
  );
}

import { alarmAge, alarmTitle } from "@core/domain/alarms";
import { Alert, Empty, Flex, List, Skeleton, Typography } from "antd";
import { DateTimeText } from "@/components/list/date-time-text";
import { readableError } from "@/providers/readable-error";
import { OpenDeviationButton } from "../deviations/open-dialog";
import { AlarmActionButton } from "./acknowledge-dialog";
import { useReportAlarms } from "./alarm-queries";
import { SeverityTag, StateTag } from "./columns";

/** The report overlay's "Alarms" section: the report's alarms, open first, each with its action. */
export function ReportAlarms({ reportId }: { reportId: string }) {
  const { result, query } = useReportAlarms(reportId);
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (query.isError) return <Alert type="warning" showIcon message={readableError(query.error)} />;
  if (result.data.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="This report has raised no alarm" />;
  return (
    <List
      size="small"
      aria-label="Alarms of the report"
      dataSource={result.data}
      renderItem={(alarm) => (
        <List.Item
          key={alarm.id}
          extra={
            <Flex gap="small" wrap>
              <AlarmActionButton alarm={alarm} />
              {alarm.state === "closed" ? null : (
                <OpenDeviationButton reportId={reportId} labelId={alarm.labelId} alarmId={alarm.id} size="small" />
              )}
            </Flex>
          }
        >
          <Flex vertical gap={2}>
            <Flex gap="small" align="center" wrap>
              <SeverityTag severity={alarm.severity} />
              <strong>{alarmTitle(alarm)}</strong>
              <StateTag state={alarm.state} />
            </Flex>
            <Typography.Text type="secondary">
              Raised <DateTimeText value={alarm.triggeredAt} /> ({alarmAge(alarm.triggeredAt, Date.now())})
              {alarm.acknowledgedAt
                ? ` · acknowledged by ${alarm.acknowledgedByName ?? "an API key"}: “${alarm.acknowledgedComment ?? ""}”`
                : ""}
              {alarm.closedAt
                ? ` · closed by ${alarm.closedByName ?? "an API key"}: “${alarm.closedComment ?? ""}”`
                : ""}
            </Typography.Text>
          </Flex>
        </List.Item>
      )}
    />
  );
}

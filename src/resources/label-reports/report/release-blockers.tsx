import { alarmTitle } from "@core/domain/alarms";
import { Alert, Form, Select } from "antd";
import { useReportAlarms } from "@/resources/alarms/alarm-queries";
import { useReportDeviations } from "@/resources/deviations/report-deviations";

/**
 * What stands in the way of a release, in the signing dialog: the report's alarms nobody
 * acknowledged and its deviations not closed (the server refuses the release while there
 * are any), and the choice of a closed deviation of the report to release under.
 */
export function ReleaseBlockers({ reportId }: { reportId: string }) {
  const alarms = useReportAlarms(reportId, true).result.data;
  const deviations = useReportDeviations(reportId).result.data;
  const open = deviations.filter((deviation) => deviation.state !== "closed");
  const closed = deviations.filter((deviation) => deviation.state === "closed");
  if (alarms.length === 0 && open.length === 0 && closed.length === 0) return null;
  return (
    <>
      {alarms.length > 0 || open.length > 0 ? (
        <Alert
          data-testid="release-blockers"
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message="Releasing is refused while these are open"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {alarms.map((alarm) => (
                <li key={alarm.id}>Alarm: {alarmTitle(alarm)}</li>
              ))}
              {open.map((deviation) => (
                <li key={deviation.id}>
                  Deviation {deviation.number}: {deviation.title}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      {closed.length > 0 ? (
        <Form.Item
          name="deviationId"
          label="Release under a closed deviation"
          extra="Naming a closed deviation of this report releases it even with open alarms or deviations."
        >
          <Select
            allowClear
            placeholder="None"
            options={closed.map((deviation) => ({
              value: deviation.id,
              label: `${deviation.number}: ${deviation.title}`,
            }))}
          />
        </Form.Item>
      ) : null}
    </>
  );
}

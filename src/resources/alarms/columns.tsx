import { type AlarmSeverity, type AlarmState, alarmAge, alarmTitle } from "@core/domain/alarms";
import { Flex } from "antd";
import { Link, useLocation } from "react-router";
import { PlainTag } from "@/components/controls/plain-tag/plain-tag";
import { type ColumnSpec, textColumn } from "@/components/list/columns";
import { DateTimeText } from "@/components/list/date-time-text";
import { returnToState } from "@/layouts/panel-layout";
import { OpenDeviationButton } from "../deviations/open-dialog";
import type { Alarm } from "../types";
import { AlarmActionButton } from "./acknowledge-dialog";

const EMPTY = "—";

export const SEVERITY_TEXT: Record<AlarmSeverity, { label: string; color: string }> = {
  critical: { label: "Critical", color: "magenta" },
  alarm: { label: "Alarm", color: "red" },
  warning: { label: "Warning", color: "gold" },
};

export const STATE_TEXT: Record<AlarmState, { label: string; color: string }> = {
  open: { label: "Open", color: "error" },
  acknowledged: { label: "Acknowledged", color: "processing" },
  closed: { label: "Closed", color: "default" },
};

export function SeverityTag({ severity }: { severity: AlarmSeverity }) {
  const { label, color } = SEVERITY_TEXT[severity];
  return <PlainTag color={color}>{label}</PlainTag>;
}

export function StateTag({ state }: { state: AlarmState }) {
  const { label, color } = STATE_TEXT[state];
  return <PlainTag color={color}>{label}</PlainTag>;
}

/** The report's overlay over the alarms inbox; closing it comes back to the inbox as it was. */
function ReportLink({ alarm }: { alarm: Alarm }) {
  const location = useLocation();
  return (
    <Link
      to={`/label-reports/${alarm.reportId}`}
      state={returnToState(`${location.pathname}${location.search}`)}
      title={alarm.reference || undefined}
    >
      <strong>{alarm.labelId}</strong>
    </Link>
  );
}

/** The alarms inbox: what, how serious, which report, since when, where it stands, who acknowledged it. */
const alarmColumns: ColumnSpec<Alarm>[] = [
  { key: "severity", title: "Severity", render: (alarm) => <SeverityTag severity={alarm.severity} /> },
  { key: "kind", title: "Alarm", render: (alarm) => alarmTitle(alarm) },
  { key: "labelId", title: "Report", render: (alarm) => <ReportLink alarm={alarm} /> },
  {
    key: "triggeredAt",
    title: "Raised",
    render: (alarm) => (
      <Flex vertical>
        <span>{alarmAge(alarm.triggeredAt, Date.now())}</span>
        <DateTimeText value={alarm.triggeredAt} />
      </Flex>
    ),
  },
  { key: "state", title: "State", render: (alarm) => <StateTag state={alarm.state} /> },
  {
    key: "acknowledgedAt",
    title: "Acknowledged by",
    render: (alarm) =>
      alarm.acknowledgedAt ? (
        <span title={alarm.acknowledgedComment ?? undefined}>{alarm.acknowledgedByName ?? "An API key"}</span>
      ) : (
        EMPTY
      ),
  },
  {
    key: "action",
    title: "",
    render: (alarm) => (
      <Flex gap="small" wrap>
        <AlarmActionButton alarm={alarm} />
        {alarm.state === "closed" ? null : (
          <OpenDeviationButton reportId={alarm.reportId} labelId={alarm.labelId} alarmId={alarm.id} size="small" />
        )}
      </Flex>
    ),
  },
];

/** The inbox's columns: an inbox spanning several companies (a distributor's) names each alarm's company. */
export function alarmColumnsFor(severalCompanies: boolean): ColumnSpec<Alarm>[] {
  if (!severalCompanies) return alarmColumns;
  const reportAt = alarmColumns.findIndex((column) => column.key === "labelId") + 1;
  return [
    ...alarmColumns.slice(0, reportAt),
    textColumn<Alarm>("companyName", "Company"),
    ...alarmColumns.slice(reportAt),
  ];
}

import { DISPOSITION_LABELS } from "@core/domain/disposition";
import { PlainTag } from "@/components/controls/plain-tag/plain-tag";
import { HoverTooltip } from "@/components/controls/tooltip/hover-tooltip";
import { MeasurementIcon, type MeasurementIconName } from "@/components/icons/measurement-icons";
import { type ColumnSpec, dateColumn, enumColumn, textColumn } from "@/components/list/columns";
import { DateTimeText } from "@/components/list/date-time-text";
import type { LabelReport } from "../types";
import styles from "./columns.module.css";
import { EndCell } from "./recording-end";
import { Shipment } from "./shipment";

export const STATUS_COLORS: Record<string, string> = {
  notStarted: "default",
  recording: "processing",
  stopped: "warning",
  ended: "success",
};

export const DISPOSITION_COLORS: Record<string, string> = {
  released: "success",
  quarantined: "warning",
  rejected: "error",
};

const ALARMS: { field: keyof LabelReport; icon: MeasurementIconName; raised: string; clear: string }[] = [
  { field: "temperatureViolation", icon: "temperature", raised: "Temperature violation", clear: "Temperature OK" },
  { field: "humidityViolation", icon: "humidity", raised: "Humidity violation", clear: "Humidity OK" },
  { field: "shockViolation", icon: "shock", raised: "Shock violation", clear: "Shock OK" },
  { field: "batteryLow", icon: "battery", raised: "Battery low", clear: "Battery OK" },
];

/** One badge per unit: red with the unit's icon when raised, a quiet grey one when clear. */
export function ViolationBadges({ report }: { report: LabelReport }) {
  return (
    <span style={{ display: "inline-flex", gap: 4 }}>
      {ALARMS.map(({ field, icon, raised, clear }) => {
        const on = report[field] === true;
        // A label that sent nothing has no verdict to show: "No data", never "OK".
        const quiet = report.readingCount === 0 ? `${clear.split(" ")[0]}: no data` : clear;
        return (
          <HoverTooltip key={field} title={on ? raised : quiet}>
            <PlainTag
              bordered={false}
              color={on ? (field === "batteryLow" ? "warning" : "error") : "default"}
              style={{ marginInlineEnd: 0, opacity: on ? 1 : 0.45 }}
              data-violation={on ? field : undefined}
            >
              <MeasurementIcon name={icon} title={on ? raised : quiet} />
            </PlainTag>
          </HoverTooltip>
        );
      })}
    </span>
  );
}

const status = enumColumn<LabelReport>("status", "Status", { colors: STATUS_COLORS });

/**
 * The status, "No signal" beside it for a recording label gone silent (the server decides:
 * its clock), and "No data" or "Incomplete data" where the readings cannot vouch for the shipment.
 */
const statusWithSignal: ColumnSpec<LabelReport> = {
  ...status,
  render: (report) => (
    <span className={styles.stack}>
      {status.render(report)}
      {report.noSignal ? (
        <HoverTooltip title="Nothing heard from the label for more than 3 intervals + its company's grace">
          <PlainTag color="volcano" style={{ marginInlineEnd: 0 }} data-no-signal="true">
            No signal
          </PlainTag>
        </HoverTooltip>
      ) : null}
      {report.dataIncomplete ? (
        <HoverTooltip
          title={
            report.readingCount === 0
              ? "No readings: nothing to judge the shipment by"
              : "A gap or silence longer than the company allows: the verdict cannot be OK"
          }
        >
          <PlainTag color="warning" style={{ marginInlineEnd: 0 }} data-incomplete="true">
            {report.readingCount === 0 ? "No data" : "Incomplete data"}
          </PlainTag>
        </HoverTooltip>
      ) : null}
    </span>
  ),
};

const shipment = textColumn<LabelReport>("origin", "Shipment", {
  render: (report) => (
    <Shipment origin={report.origin} destination={report.destination} transportMode={report.transportMode} wrap />
  ),
});

/** A text at most two lines high in a bounded width, the whole of it in the title. */
function Clamped({ text, narrow = false }: { text: string | null | undefined; narrow?: boolean }) {
  return text ? (
    <span className={narrow ? `${styles.clamp} ${styles.narrow}` : styles.clamp} title={text}>
      {text}
    </span>
  ) : (
    "—"
  );
}

const preset = textColumn<LabelReport>("presetName", "Preset", {
  render: (report) => <Clamped text={report.presetName} />,
});

/** A date column whose value shows as day over time: narrower, so End fits a 1440 px screen. */
function instantColumn(field: "startTime" | "lastReadingAt", title: string): ColumnSpec<LabelReport> {
  return {
    ...dateColumn<LabelReport>(field, title),
    render: (report) => {
      const value = report[field];
      return value ? (
        <span className={styles.instant}>
          <DateTimeText value={value} />
        </span>
      ) : (
        "—"
      );
    },
  };
}

const alarms: ColumnSpec<LabelReport> = {
  // Not a field: the badges of four fields, each one a filter.
  key: "alarms",
  title: "Alarms",
  // A trimmed report's verdict covers only its window: say so next to the verdict.
  render: (report) => (
    <span style={{ display: "inline-flex", gap: 4, alignItems: "center" }}>
      <ViolationBadges report={report} />
      {report.trimmed ? (
        <HoverTooltip title="Only an evaluation window (trim) is judged">
          <PlainTag bordered={false} color="purple" style={{ marginInlineEnd: 0 }}>
            Trimmed
          </PlainTag>
        </HoverTooltip>
      ) : null}
    </span>
  ),
};

const end: ColumnSpec<LabelReport> = {
  key: "endTime",
  title: "End",
  render: (report) => <EndCell status={report.status} endTime={report.endTime} />,
};

// Bounded tighter than the preset: a sub-company's long name pushed Start and End off a 1440 px screen.
const company = textColumn<LabelReport>("companyName", "Company", {
  render: (report) => <Clamped text={report.companyName} narrow />,
});

/** The list's columns: a list spanning several companies names each report's company. */
export function labelReportColumnsFor(severalCompanies: boolean): ColumnSpec<LabelReport>[] {
  if (!severalCompanies) return labelReportColumns;
  const [labelId, ...rest] = labelReportColumns;
  return labelId ? [labelId, company, ...rest] : labelReportColumns;
}

const labelReportColumns: ColumnSpec<LabelReport>[] = [
  // Pinned: the table scrolls sideways at narrow widths and with custom-field columns.
  { ...textColumn("labelId", "Label ID"), pinned: true },
  shipment,
  preset,
  statusWithSignal,
  alarms,
  enumColumn("disposition", "Disposition", { labels: DISPOSITION_LABELS, colors: DISPOSITION_COLORS }),
  instantColumn("startTime", "Start"),
  end,
  instantColumn("lastReadingAt", "Last reading"),
];

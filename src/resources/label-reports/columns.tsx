import {
  booleanColumn,
  type ColumnSpec,
  dateColumn,
  enumColumn,
  textColumn,
  violationColumn,
} from "@/components/list/columns";
import type { LabelReport } from "../types";

export const STATUS_COLORS = { notStarted: "default", recording: "processing", stopped: "warning", ended: "success" };

const route = textColumn<LabelReport>("origin", "Route", {
  render: (report) => `${report.origin || "—"} → ${report.destination || "—"}`,
});

export const labelReportColumns: ColumnSpec<LabelReport>[] = [
  textColumn("labelId", "Label ID"),
  textColumn("reference", "Reference"),
  route,
  enumColumn("transportMode", "Transport"),
  textColumn("presetName", "Preset"),
  enumColumn("status", "Status", { colors: STATUS_COLORS }),
  violationColumn("temperatureViolation", "Temperature"),
  violationColumn("humidityViolation", "Humidity"),
  violationColumn("shockViolation", "Shock"),
  violationColumn("batteryLow", "Battery", "Low"),
  dateColumn("startTime", "Start"),
  dateColumn("endTime", "End"),
  dateColumn("created", "Created"),
];

export const labelReportFields: ColumnSpec<LabelReport>[] = [
  ...labelReportColumns,
  textColumn("companyName", "Company"),
  textColumn("readingCount", "Readings"),
  textColumn("intervalMinutes", "Interval (minutes)"),
  dateColumn("trimStart", "Trimmed from"),
  dateColumn("trimEnd", "Trimmed to"),
  booleanColumn("isArchived", "Archived"),
  dateColumn("updated", "Updated"),
];

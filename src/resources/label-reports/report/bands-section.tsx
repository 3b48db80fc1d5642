import { SEVERITY_TEXT } from "@core/domain/limit-bands";
import type { BandSummary, ReportSummary } from "@core/domain/report-summary";
import { roundTo, TEMPERATURE_SYMBOLS, type TemperatureUnit, toTemperatureUnit } from "@core/domain/units";
import { Table, Tag } from "antd";
import { DateTimeText } from "@/components/list/date-time-text";
import { bandText } from "@/resources/label-presets/preset-format";
import { formatDuration } from "./report-format";

interface BandRow extends BandSummary {
  key: string;
  unit: string;
  limitText: (value: number) => string;
}

const SEVERITY_COLORS = { warning: "gold", alarm: "volcano", critical: "red" } as const;

/** Whether the report is judged by limit bands of its own (else its alarms are the units'). */
export const hasBands = (summary: ReportSummary) =>
  Boolean(summary.temperature.bands?.length || summary.humidity.bands?.length);

/** Each of the report's own limit bands: reached or not, time beyond, excursions, first triggered. */
export function BandsTable({ summary, temperatureUnit }: { summary: ReportSummary; temperatureUnit: TemperatureUnit }) {
  const temperature = (c: number) =>
    `${roundTo(toTemperatureUnit(c, temperatureUnit), 1)} ${TEMPERATURE_SYMBOLS[temperatureUnit]}`;
  const rows: BandRow[] = [
    ...(summary.temperature.bands ?? []).map((band, i) => ({
      ...band,
      key: `t${i}`,
      unit: "Temperature",
      limitText: temperature,
    })),
    ...(summary.humidity.bands ?? []).map((band, i) => ({
      ...band,
      key: `h${i}`,
      unit: "Humidity",
      limitText: (v: number) => `${v} %RH`,
    })),
  ];
  return (
    <Table<BandRow>
      size="small"
      pagination={false}
      dataSource={rows}
      data-testid="bands-table"
      columns={[
        { title: "Unit", dataIndex: "unit" },
        { title: "Band", render: (_, row) => bandText(row, row.limitText) },
        {
          title: "Reached",
          render: (_, row) =>
            row.reached ? <Tag color={SEVERITY_COLORS[row.severity]}>{SEVERITY_TEXT[row.severity]}</Tag> : "No",
        },
        { title: "Time beyond", render: (_, row) => formatDuration(row.timeBeyondMinutes) },
        { title: "Excursions", dataIndex: "excursionCount" },
        {
          title: "First triggered",
          render: (_, row) => (row.firstTriggered ? <DateTimeText value={row.firstTriggered} /> : "—"),
        },
      ]}
    />
  );
}

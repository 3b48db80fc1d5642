import type { ChannelSummary, SummaryState } from "../../../../core/domain/report-summary";
import { formatMeasurement } from "../../../../core/domain/units";
import type { Column } from "../pdf-layout";
import type { PdfContext } from "./context";
import { formatDuration, LABEL_STATUS, STATE } from "./labels";

/** Each unit's violation, state and details, and when each alarm was met. */
export function renderVerdict({ w, content: { summary }, options: { locale }, at }: PdfContext): void {
  w.heading("Verdict per unit");
  const channelDetail = (c: ChannelSummary) =>
    `${c.excursionCount} excursion${c.excursionCount === 1 ? "" : "s"}, ${formatDuration(c.timeAboveMinutes)} above, ${formatDuration(c.timeBelowMinutes)} below${c.firstTriggered ? `, alarm from ${at(c.firstTriggered)}` : ""}`;
  const yesNo = (measured: boolean, value: boolean) => (measured ? (value ? "Yes" : "No") : "N.a.");
  const state = (measured: boolean, s: SummaryState) => (measured ? STATE[s] : "N.a.");
  const verdictColumns: Column[] = [
    { title: "Unit", width: 70 },
    { title: "Violation", width: 60 },
    { title: "Status", width: 60 },
    { title: "Details", width: w.width - 190 },
  ];
  const { temperature, humidity, shock, battery, label } = summary;
  w.table(
    verdictColumns,
    [
      [
        "Temperature",
        yesNo(temperature.measured, temperature.violation),
        state(temperature.measured, temperature.state),
        temperature.measured ? channelDetail(temperature) : "Not measured",
      ],
      [
        "Humidity",
        yesNo(humidity.measured, humidity.violation),
        state(humidity.measured, humidity.state),
        humidity.measured ? channelDetail(humidity) : "Not measured",
      ],
      [
        "Shock",
        yesNo(shock.measured, shock.violation),
        state(shock.measured, shock.state),
        shock.measured
          ? `${shock.eventCount} event${shock.eventCount === 1 ? "" : "s"} at or above the threshold${shock.maxG !== null ? `, largest ${formatMeasurement("shock", shock.maxG, { locale })}` : ""}`
          : "Not measured",
      ],
      [
        "Battery",
        battery.measured ? (battery.low ? "Low" : "No") : "N.a.",
        state(battery.measured, battery.state),
        battery.measured && battery.level !== null
          ? `${formatMeasurement("battery", battery.level, { locale })} at the last reading`
          : "No battery level",
      ],
      ["Label", "-", LABEL_STATUS[label.status], `Label status: ${LABEL_STATUS[label.status]}`],
    ],
    { size: 8, rowHeight: 14 },
  );
  // The table's cells do not wrap: when the alarm was met and when its excursion began
  // get lines of their own.
  const alarmTimes = (name: string, c: ChannelSummary): [string, string][] => {
    if (!c.measured || !c.firstTriggered) return [];
    const began = c.triggeringExcursionStart ?? c.firstTriggered;
    return [
      [
        `${name} alarm`,
        began === c.firstTriggered
          ? `First triggered ${at(c.firstTriggered)}, as its excursion began`
          : `First triggered ${at(c.firstTriggered)}, in the excursion that began ${at(began)}`,
      ],
    ];
  };
  w.keyValues([...alarmTimes("Temperature", temperature), ...alarmTimes("Humidity", humidity)]);
}

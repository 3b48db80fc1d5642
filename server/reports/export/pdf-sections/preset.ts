import { formatMeasurement } from "../../../../core/domain/units";
import type { PdfContext } from "./context";
import { formatDuration } from "./labels";

/** The frozen rule the verdict was judged by, and the evaluation rule in words. */
export function renderPreset({ w, content: { report, preset }, options: { locale }, temp, hum }: PdfContext): void {
  w.heading("Preset configuration");
  const range = (min: number | null, max: number | null, f: (v: number) => string) =>
    `${min === null ? "no lower limit" : f(min)} to ${max === null ? "no upper limit" : f(max)}`;
  w.keyValues([
    ["Preset", report.presetName ?? "None (the preset was deleted: nothing is evaluated)"],
    ...(report.presetVersion === null ? [] : [["Preset version", String(report.presetVersion)] as [string, string]]),
    [
      "Temperature",
      preset.temperatureEnabled
        ? `Enabled, allowed ${range(preset.temperatureMin, preset.temperatureMax, (v) => temp(v))}`
        : "Not measured",
    ],
    [
      "Humidity",
      preset.humidityEnabled
        ? `Enabled, allowed ${range(preset.humidityMin, preset.humidityMax, (v) => hum(v))}`
        : "Not measured",
    ],
    [
      "Shock",
      preset.shockEnabled && preset.shockThresholdG !== null
        ? `Enabled, events at or above ${formatMeasurement("shock", preset.shockThresholdG, { locale })}`
        : "Not measured",
    ],
    ["Alarm delay", formatDuration(preset.alarmDelayMinutes)],
    [
      "Alarm type",
      preset.alarmType === "cumulative"
        ? "Cumulative: the total time out of range (above and below together) reaches the delay"
        : "Single event: one excursion lasts at least the delay",
    ],
    ["Logging interval", formatDuration(preset.intervalMinutes)],
    ["Battery warning", `At or below ${preset.batteryWarningLevel} %`],
    [
      "Evaluation rule",
      "Each unit is its own series: a reading without that unit's value is not part of it. A reading is out of range when strictly above the upper or strictly below the lower limit (a reading at a limit is in range). An excursion is a run of consecutive out-of-range readings of a unit; each counts for the time until the unit's next reading, or for the label's own interval when that next reading is more than the gap threshold away (two of the label's or the rule's intervals, whichever is larger) or there is none. Gaps are offline time, never counted as in or out of range; a gap or silence longer than the company's threshold makes the data incomplete, never OK. A shock at or above its threshold is an event.",
    ],
  ]);
}

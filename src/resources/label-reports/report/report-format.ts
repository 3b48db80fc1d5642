import { durationText } from "@core/domain/duration-text";
import { formatDecimal } from "@core/domain/number-text";
import type { ChannelSummary, ReportSummary } from "@core/domain/report-summary";
import { roundTo, type TemperatureUnit, toTemperatureUnit } from "@core/domain/units";
import type { DataTab } from "@/components/controls/data-tabs/data-tabs-state";
import { chartSymbol } from "../chart/series-data";

/** Text of the report overlay's statistics, in the user's temperature unit. Pure. */

/** 0 -> '0 min', 90 -> '1 h 30 min', 1500 -> '1 d 1 h'. */
export const formatDuration = durationText;

function formatMeasure(
  value: number | null,
  unit: "temperature" | "humidity",
  temperatureUnit: TemperatureUnit,
  locale?: string,
): string {
  if (value === null) return "—";
  const shown = unit === "temperature" ? toTemperatureUnit(value, temperatureUnit) : value;
  return `${formatDecimal(roundTo(shown, 1), { decimals: 1, locale })} ${chartSymbol(unit, temperatureUnit)}`;
}

export interface StatisticsRow {
  key: string;
  label: string;
  /** Shown beside the label: MKT is information, not the verdict. */
  note?: string;
  value: string;
  /** ISO 8601 time of a min or max. */
  at?: string;
}

export function statisticsRows(
  channel: ChannelSummary,
  unit: "temperature" | "humidity",
  temperatureUnit: TemperatureUnit,
  locale?: string,
): StatisticsRow[] {
  const show = (v: number | null) => formatMeasure(v, unit, temperatureUnit, locale);
  const rows: StatisticsRow[] = [
    {
      key: "min",
      label: "Minimum",
      value: show(channel.min?.value ?? null),
      ...(channel.min ? { at: channel.min.t } : {}),
    },
    {
      key: "max",
      label: "Maximum",
      value: show(channel.max?.value ?? null),
      ...(channel.max ? { at: channel.max.t } : {}),
    },
    { key: "average", label: "Average", value: show(channel.average) },
  ];
  if (unit === "temperature")
    rows.push({
      key: "mkt",
      label: "Mean kinetic temperature",
      note: "ΔH 83.144 kJ/mol, whole window (USP <1079.2>); information, not the verdict",
      value: show(channel.mkt),
    });
  rows.push(
    { key: "excursions", label: "Excursions", value: String(channel.excursionCount) },
    { key: "above", label: "Time above the upper limit", value: formatDuration(channel.timeAboveMinutes) },
    { key: "below", label: "Time below the lower limit", value: formatDuration(channel.timeBelowMinutes) },
    { key: "longest", label: "Longest excursion", value: formatDuration(channel.longestExcursionMinutes) },
  );
  rows.push(...alarmTimeRows(channel));
  return rows;
}

/**
 * When the alarm condition was met and, when that is later, when its excursion began. A
 * summary stored before both were kept has only the excursion's start, under
 * firstTriggered: it is shown as what it is until the report is recomputed.
 */
function alarmTimeRows(channel: ChannelSummary): StatisticsRow[] {
  const { firstTriggered, triggeringExcursionStart } = channel;
  if (!firstTriggered) return [];
  const began = (at: string): StatisticsRow => ({
    key: "excursionBegan",
    label: "Excursion began",
    note: "The excursion that raised the alarm",
    value: "",
    at,
  });
  if (triggeringExcursionStart === undefined) return [began(firstTriggered)];
  const rows: StatisticsRow[] = [{ key: "triggered", label: "Alarm first triggered", value: "", at: firstTriggered }];
  if (triggeringExcursionStart && triggeringExcursionStart !== firstTriggered)
    rows.push(began(triggeringExcursionStart));
  return rows;
}

/** A stored summary is `{}` until the report's first computation. */
export function isSummary(summary: ReportSummary | Record<string, never> | undefined): summary is ReportSummary {
  return summary !== undefined && "temperature" in summary && "label" in summary;
}

/** The chart tabs: one per measured unit among temperature and humidity. */
export function dataTabsOf(summary: ReportSummary | null): DataTab[] {
  if (!summary) return [];
  const tabs: DataTab[] = [];
  if (summary.temperature.measured) tabs.push({ key: "temperature", label: "Temperature", unit: "temperature" });
  if (summary.humidity.measured) tabs.push({ key: "humidity", label: "Humidity", unit: "humidity" });
  return tabs;
}

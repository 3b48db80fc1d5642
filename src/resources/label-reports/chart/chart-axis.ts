import { formatDecimal } from "@core/domain/number-text";
import type uPlot from "uplot";
import { CHART_COLORS } from "./chart-draw";

/**
 * The chart's time axis in the user's zone with the dashboard's 24-hour clock and US
 * dates (uPlot's own labels use a 12-hour clock). A tick shows the date under the time
 * where the day changes; ticks a day or more apart show the date alone.
 */
export function timeAxisValues(timeZone: string, locale = "en-US") {
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const day = new Intl.DateTimeFormat(locale, { timeZone, month: "2-digit", day: "2-digit" });
  return (_u: unknown, splits: number[], _axis?: number, _space?: number, increment?: number): string[] => {
    let previousDay = "";
    return splits.map((seconds) => {
      const date = new Date(seconds * 1000);
      const dayText = day.format(date);
      if ((increment ?? 0) >= 86_400) return dayText;
      const text = dayText === previousDay ? time.format(date) : `${time.format(date)}\n${dayText}`;
      previousDay = dayText;
      return text;
    });
  };
}

/** The readings charts' two axes: time in the user's zone below, values with their unit symbol on the left. */
export function chartAxes(timeZone: string, locale: string | undefined, symbol: string): uPlot.Axis[] {
  return [
    {
      stroke: CHART_COLORS.axis,
      grid: { stroke: CHART_COLORS.grid },
      ticks: { stroke: CHART_COLORS.grid },
      values: timeAxisValues(timeZone, locale),
      size: 48,
    },
    {
      stroke: CHART_COLORS.axis,
      grid: { stroke: CHART_COLORS.grid },
      ticks: { stroke: CHART_COLORS.grid },
      size: 64,
      values: (_u, values) => values.map((v) => `${formatDecimal(v, { locale })} ${symbol}`),
    },
  ];
}

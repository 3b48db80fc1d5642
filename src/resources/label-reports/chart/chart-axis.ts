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

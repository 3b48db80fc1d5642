import type { ListResourceName } from "@core/domain/resources";
import { DatePicker } from "@/components/controls/date-picker";
import { fromDay, toDay } from "@/components/controls/date-picker/date-picker-state";
import { useInstantFormat } from "@/components/list/date-time-text";
import { dayFilters, daysOf } from "./day-range";
import { useKeyFilters } from "./filter-selects";

/** Whole days of a timestamp key, in the person's time zone (`key[gte]`, `key[lt]`), beside the search box. */
export function DayRangeFilter({
  resource,
  filterKey,
  label,
}: {
  resource: ListResourceName;
  filterKey: string;
  /** The accessible name, e.g. "Changed between". */
  label: string;
}) {
  const { timeZone } = useInstantFormat();
  const { filters, set } = useKeyFilters(resource, filterKey);
  const days = daysOf(filterKey, filters, timeZone);
  return (
    <DatePicker
      mode="range"
      aria-label={label}
      placeholder="Any day"
      value={days ? { start: fromDay(days.from), end: fromDay(days.to) } : null}
      onChange={(range) =>
        set(dayFilters(filterKey, range ? { from: toDay(range.start), to: toDay(range.end) } : null, timeZone))
      }
    />
  );
}

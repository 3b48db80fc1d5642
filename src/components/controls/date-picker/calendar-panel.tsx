import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { type KeyboardEvent, useEffect, useRef } from "react";
import styles from "./date-picker.module.css";
import {
  type Bounds,
  CANCEL_LABEL,
  calendarWeeks,
  canCommit,
  type DatePickerMode,
  type Day,
  type Draft,
  dayLabel,
  dayRole,
  isDayDisabled,
  monthOf,
  monthTitle,
  SELECT_LABELS,
  weekdayLabels,
  weekdayNames,
} from "./date-picker-state";

export interface CalendarPanelProps {
  mode: DatePickerMode;
  draft: Draft;
  month: string;
  focused: Day;
  hovered: Day | null;
  today: Day;
  bounds: Bounds;
  forceRange: boolean;
  /** Month and weekday names and the days' spoken labels. */
  locale: string;
  onPick(day: Day): void;
  onHover(day: Day | null): void;
  onGridKey(key: string, shift: boolean): boolean;
  onMonth(delta: number): void;
  onSelect(): void;
  onCancel(): void;
}

/** One month, Monday first, with ISO week numbers, and the Cancel and select buttons. */
export function CalendarPanel(props: CalendarPanelProps) {
  const { mode, draft, month, focused, hovered, today, bounds, forceRange, locale } = props;
  const gridRef = useRef<HTMLTableElement>(null);
  const title = monthTitle(month, locale);
  const names = weekdayNames(locale);

  // The focused day takes the keyboard focus when the calendar opens and as it moves.
  useEffect(() => {
    const cell = gridRef.current?.querySelector<HTMLElement>(`[data-day="${focused}"]`);
    cell?.focus({ preventScroll: true });
  }, [focused]);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (props.onGridKey(event.key, event.shiftKey)) event.preventDefault();
  };

  return (
    <div className={styles.calendar} data-mode={mode}>
      <div className={styles.header}>
        <Button
          type="text"
          size="small"
          icon={<LeftOutlined />}
          aria-label="Previous month"
          onClick={() => props.onMonth(-1)}
        />
        <span className={styles.title} aria-live="polite">
          {title}
        </span>
        <Button
          type="text"
          size="small"
          icon={<RightOutlined />}
          aria-label="Next month"
          onClick={() => props.onMonth(1)}
        />
      </div>
      <table
        ref={gridRef}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA date grid: a table whose days are focusable cells.
        role="grid"
        aria-label={title}
        className={styles.grid}
        onKeyDown={onKeyDown}
        onMouseLeave={() => props.onHover(null)}
      >
        <thead>
          <tr>
            <th scope="col" className={styles.weekNumber} aria-label="Week number">
              Wk
            </th>
            {weekdayLabels(locale).map((label, i) => (
              <th key={names[i]} scope="col" className={styles.weekday} aria-label={names[i]}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {calendarWeeks(month).map((week) => (
            <tr key={week.days[0]} data-week={week.weekNumber}>
              <th scope="row" className={styles.weekNumber} aria-label={`Week ${week.weekNumber}`}>
                {week.weekNumber}
              </th>
              {week.days.map((day) => {
                const disabled = isDayDisabled(day, bounds);
                const role = dayRole(day, draft, mode === "range" ? hovered : null);
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the grid handles the keys of its focused day.
                  <td
                    key={day}
                    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a focusable day of the ARIA date grid.
                    role="gridcell"
                    data-day={day}
                    data-role={role ?? undefined}
                    data-outside={monthOf(day) !== month ? "" : undefined}
                    data-today={day === today ? "" : undefined}
                    aria-selected={role !== null}
                    aria-disabled={disabled || undefined}
                    aria-label={dayLabel(day, locale)}
                    tabIndex={day === focused ? 0 : -1}
                    className={styles.day}
                    onClick={() => props.onPick(day)}
                    onMouseEnter={() => props.onHover(day)}
                  >
                    {Number(day.slice(8))}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className={styles.footer}>
        <Button onClick={props.onCancel}>{CANCEL_LABEL}</Button>
        <Button type="primary" disabled={!canCommit(mode, draft, forceRange)} onClick={props.onSelect}>
          {SELECT_LABELS[mode]}
        </Button>
      </div>
    </div>
  );
}

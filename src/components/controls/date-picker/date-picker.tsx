import { CalendarOutlined } from "@ant-design/icons";
import { Input } from "antd";
import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import { selectTimeZoneName, usePreferencesStore } from "@/providers/stores/preferences";
import { Field } from "../field/field";
import { ANTD_SIZE, type ControlSize, type FieldIssue, hasError, issueMessage } from "../field/field-state";
import { FloatingPanel } from "../floating/floating-panel";
import { useDismiss } from "../floating/use-dismiss";
import { CalendarPanel } from "./calendar-panel";
import styles from "./date-picker.module.css";
import {
  type DateBound,
  type DatePickerValue,
  type DateRange,
  formatPickerValue,
  PLACEHOLDERS,
  resolveBound,
  todayIn,
} from "./date-picker-state";
import { useDatePicker } from "./use-date-picker";

interface CommonProps {
  id?: string;
  label?: ReactNode;
  "aria-label"?: string;
  optional?: boolean;
  placeholder?: string;
  /** Days before it cannot be picked: a date, or 'today'. */
  minimumDate?: DateBound;
  /** Days after it cannot be picked: a date, or 'today'. */
  maximumDate?: DateBound;
  disabled?: boolean;
  size?: ControlSize;
  issue?: FieldIssue | null;
  className?: string;
  /** Names and the field's text; the interface preference unless given. */
  locale?: string;
  /** The zone whose day is "today" (highlight, 'today' bounds); the interface preference unless given. */
  timeZone?: string;
}

export type DatePickerProps = CommonProps &
  (
    | { mode?: "single"; value: Date | null; onChange(value: Date | null): void; forceRange?: never }
    | { mode: "week"; value: DateRange | null; onChange(value: DateRange | null): void; forceRange?: never }
    | {
        mode: "range";
        value: DateRange | null;
        onChange(value: DateRange | null): void;
        /** A one-day period (start = end) is not a period. */
        forceRange?: boolean;
      }
  );

/**
 * A field that opens a month calendar: single (commits on click), week (Monday to
 * Sunday) or range (two picks, ordered). Cancel and Escape restore the value; the
 * select button, Enter and a click outside commit it.
 */
export function DatePicker(props: DatePickerProps) {
  const mode = props.mode ?? "single";
  const { label, optional, disabled, size = "md", issue, className } = props;
  const generatedId = useId();
  const inputId = props.id ?? generatedId;
  const panelId = `${inputId}-calendar`;
  const preferredLocale = usePreferencesStore((s) => s.locale);
  const preferredZone = usePreferencesStore(selectTimeZoneName);
  const locale = props.locale ?? preferredLocale;
  const today = todayIn(props.timeZone ?? preferredZone);
  const bounds = { min: resolveBound(props.minimumDate, today), max: resolveBound(props.maximumDate, today) };
  const onChange = props.onChange as (value: DatePickerValue) => void;
  const inputRef = useRef<HTMLInputElement | null>(null);
  const picker = useDatePicker({
    mode,
    value: props.value,
    onChange,
    bounds,
    today,
    forceRange: props.mode === "range" && props.forceRange === true,
    // Keyboard and button closes hand the focus back to the field; a click elsewhere keeps it there.
    onClosed: (reason) => {
      if (reason !== "outside") inputRef.current?.focus();
    },
  });
  const anchorRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useDismiss(picker.open, [anchorRef, panelRef], {
    onOutside: () => picker.close("outside"),
    onEscape: () => picker.close("escape"),
  });

  const onTriggerKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (disabled) return;
    if (!picker.open && (event.key === "Enter" || event.key === " " || event.key === "ArrowDown")) {
      event.preventDefault();
      picker.show();
    }
  };

  const toggle = () => {
    if (disabled) return;
    if (picker.open) picker.close("outside");
    else picker.show();
  };

  const error = hasError(undefined, issue);
  const message = issueMessage(issue);

  return (
    <Field
      htmlFor={inputId}
      label={label}
      optional={optional}
      help={error ? message : undefined}
      error={error}
      helpId={`${inputId}-help`}
      className={className}
    >
      <div ref={anchorRef} className={styles.anchor}>
        <Input
          ref={(input) => {
            inputRef.current = input?.input ?? null;
          }}
          id={inputId}
          readOnly
          value={formatPickerValue(mode, props.value, locale)}
          placeholder={props.placeholder ?? PLACEHOLDERS[mode]}
          size={ANTD_SIZE[size]}
          disabled={disabled}
          status={error ? "error" : undefined}
          suffix={<CalendarOutlined aria-hidden />}
          role="combobox"
          aria-label={props["aria-label"]}
          aria-haspopup="dialog"
          aria-expanded={picker.open}
          aria-controls={picker.open ? panelId : undefined}
          aria-invalid={error || undefined}
          className={styles.trigger}
          onClick={toggle}
          onKeyDown={onTriggerKey}
          data-mode={mode}
        />
      </div>
      <FloatingPanel
        open={picker.open}
        anchorRef={anchorRef}
        panelRef={panelRef}
        id={panelId}
        role="dialog"
        aria-label={PLACEHOLDERS[mode]}
      >
        <CalendarPanel
          mode={mode}
          draft={picker.draft}
          month={picker.month}
          focused={picker.focused}
          hovered={picker.hovered}
          today={today}
          bounds={bounds}
          forceRange={props.mode === "range" && props.forceRange === true}
          locale={locale}
          onPick={picker.pick}
          onHover={picker.setHovered}
          onGridKey={picker.onGridKey}
          onMonth={picker.showMonth}
          onSelect={() => picker.close("select")}
          onCancel={() => picker.close("cancel")}
        />
      </FloatingPanel>
    </Field>
  );
}

import { useRef, useState } from "react";
import {
  type Bounds,
  type CloseReason,
  closeOutcome,
  type DatePickerMode,
  type DatePickerValue,
  type Day,
  type Draft,
  draftFromValue,
  EMPTY_DRAFT,
  initialFocus,
  isDayDisabled,
  monthOf,
  moveDay,
  pickDay,
  pressEnter,
} from "./date-picker-state";

export interface UseDatePickerOptions {
  mode: DatePickerMode;
  value: DatePickerValue;
  onChange(value: DatePickerValue): void;
  bounds: Bounds;
  today: Day;
  forceRange: boolean;
  /** Called after the calendar closes, with the reason (to move the focus back). */
  onClosed?(reason: CloseReason): void;
}

/** The open calendar's state: the draft, the shown month, the focused and hovered days. */
export function useDatePicker({ mode, value, onChange, bounds, today, forceRange, onClosed }: UseDatePickerOptions) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [focused, setFocused] = useState<Day>(today);
  const [month, setMonth] = useState<string>(monthOf(today));
  const [hovered, setHovered] = useState<Day | null>(null);
  // Guards against a second close (Escape and an outside click in one gesture).
  const openRef = useRef(false);

  function show() {
    const start = draftFromValue(value);
    const focus = initialFocus(start, today, bounds);
    setDraft(start);
    setFocused(focus);
    setMonth(monthOf(focus));
    setHovered(null);
    openRef.current = true;
    setOpen(true);
  }

  function close(reason: CloseReason, current: Draft = draft) {
    if (!openRef.current) return;
    openRef.current = false;
    setOpen(false);
    const outcome = closeOutcome(reason, mode, current, forceRange);
    if (outcome.commit) onChange(outcome.value);
    onClosed?.(reason);
  }

  function pick(day: Day) {
    if (isDayDisabled(day, bounds)) return;
    const next = pickDay(mode, draft, day);
    setDraft(next);
    setFocused(day);
    // Single mode commits on click.
    if (mode === "single") close("select", next);
  }

  function focusDay(day: Day) {
    setFocused(day);
    if (monthOf(day) !== month) setMonth(monthOf(day));
  }

  function onGridKey(key: string, shift: boolean): boolean {
    if (key === "Enter") {
      const result = pressEnter(mode, draft, focused, bounds, forceRange);
      setDraft(result.draft);
      if (result.commit) close("enter", result.draft);
      return true;
    }
    if (key === " ") {
      pick(focused);
      return true;
    }
    const next = moveDay(focused, key, shift);
    if (next === null) return false;
    focusDay(next);
    if (mode === "range") setHovered(next);
    return true;
  }

  function showMonth(delta: number) {
    const [year, monthNumber] = month.split("-").map(Number) as [number, number];
    const date = new Date(year, monthNumber - 1 + delta, 1);
    const next = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}`;
    setMonth(next);
    setFocused(`${next}-01`);
  }

  return { open, draft, focused, month, hovered, setHovered, show, close, pick, focusDay, onGridKey, showMonth };
}

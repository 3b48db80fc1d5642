import { dayjs } from "@/providers/dayjs";

/**
 * The date picker's rules, on calendar days written as
 * 'YYYY-MM-DD' in the device's zone so they compare as strings. Weeks start on Monday
 * and carry ISO week numbers in every locale; month and weekday names and the field's
 * text follow the chosen locale (en-US unless given), the buttons stay English.
 */

export type DatePickerMode = "single" | "week" | "range";

/** A period of whole days: start and end are local midnights, end included. */
export interface DateRange {
  start: Date;
  end: Date;
}

export type DatePickerValue = Date | DateRange | null;

/** A bound of the selectable days: a date, or 'today' (read when the picker renders). */
export type DateBound = Date | "today";

/** 'YYYY-MM-DD'. */
export type Day = string;

/** The selection being made while the calendar is open. Single mode uses `start` only. */
export interface Draft {
  start: Day | null;
  end: Day | null;
}

export const EMPTY_DRAFT: Draft = { start: null, end: null };

export const PLACEHOLDERS: Record<DatePickerMode, string> = {
  single: "Pick a date",
  week: "Pick a week",
  range: "Pick a period",
};

export const SELECT_LABELS: Record<DatePickerMode, string> = {
  single: "Select date",
  week: "Select week",
  range: "Select period",
};

export const CANCEL_LABEL = "Cancel";

const DAY = "YYYY-MM-DD";

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Days are formatted as UTC midnights, so the device's zone cannot shift them by one. */
function dayFormatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
    formatters.set(key, formatter);
  }
  return formatter;
}

function utcOf(day: Day): number {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date);
}

/** 2024-01-01 was a Monday: the week's days in order, Monday first (weeks start on Monday). */
const A_WEEK = Array.from({ length: 7 }, (_, i) => `2024-01-0${i + 1}`);

/** Column heads, Monday first: the locale's short names cut to two characters ("Mo", "Di", "月"). */
export function weekdayLabels(locale = "en-US"): string[] {
  return A_WEEK.map((day) =>
    dayFormatter(locale, { weekday: "short" }).format(utcOf(day)).replace(/\.$/, "").slice(0, 2),
  );
}

/** Full weekday names, Monday first, for screen readers. */
export function weekdayNames(locale = "en-US"): string[] {
  return A_WEEK.map((day) => dayFormatter(locale, { weekday: "long" }).format(utcOf(day)));
}

/** The calendar day it is now in a zone: "today" is the chosen zone's, not the device's. */
export function todayIn(timeZone?: string, now: Date = new Date()): Day {
  if (!timeZone) return toDay(now);
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
    .formatToParts(now)
    .reduce<Record<string, string>>((all, part) => Object.assign(all, { [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export function toDay(date: Date | dayjs.Dayjs): Day {
  return dayjs(date).format(DAY);
}

export function fromDay(day: Day): Date {
  return dayjs(day).startOf("day").toDate();
}

function addDays(day: Day, amount: number): Day {
  return dayjs(day).add(amount, "day").format(DAY);
}

function addMonths(day: Day, amount: number): Day {
  return dayjs(day).add(amount, "month").format(DAY);
}

/** 'YYYY-MM' of a day. */
export function monthOf(day: Day): string {
  return day.slice(0, 7);
}

export function resolveBound(bound: DateBound | null | undefined, today: Day): Day | null {
  if (bound === null || bound === undefined) return null;
  return bound === "today" ? today : toDay(bound);
}

export interface Bounds {
  min: Day | null;
  max: Day | null;
}

/** Days before minimumDate or after maximumDate cannot be picked. */
export function isDayDisabled(day: Day, { min, max }: Bounds): boolean {
  return (min !== null && day < min) || (max !== null && day > max);
}

/** The Monday-to-Sunday week of a day. */
export function weekOf(day: Day): { start: Day; end: Day } {
  const monday = dayjs(day).isoWeekday(1);
  return { start: monday.format(DAY), end: monday.add(6, "day").format(DAY) };
}

export function isoWeekNumber(day: Day): number {
  return dayjs(day).isoWeek();
}

function isoWeekYear(day: Day): number {
  return dayjs(day).isoWeekYear();
}

export interface CalendarWeek {
  weekNumber: number;
  days: Day[];
}

/** The weeks shown for a month ('YYYY-MM'), Monday first, from the week of the 1st to the week of the last day. */
export function calendarWeeks(month: string): CalendarWeek[] {
  const first = dayjs(`${month}-01`);
  const last = first.endOf("month");
  const weeks: CalendarWeek[] = [];
  for (let monday = first.isoWeekday(1); !monday.isAfter(last, "day"); monday = monday.add(7, "day")) {
    const days = Array.from({ length: 7 }, (_, i) => monday.add(i, "day").format(DAY));
    weeks.push({ weekNumber: monday.isoWeek(), days });
  }
  return weeks;
}

/** "March 2025", "März 2025". */
export function monthTitle(month: string, locale = "en-US"): string {
  return dayFormatter(locale, { month: "long", year: "numeric" }).format(utcOf(`${month}-01`));
}

/** Full name for screen readers, e.g. 'Monday, March 17, 2025', 'Montag, 17. März 2025'. */
export function dayLabel(day: Day, locale = "en-US"): string {
  return dayFormatter(locale, { dateStyle: "full" }).format(utcOf(day));
}

/** A day as the locale writes it in numbers: "03/17/2025", "17.03.2025". */
function formatDay(day: Day, locale = "en-US"): string {
  return dayFormatter(locale, { year: "numeric", month: "2-digit", day: "2-digit" }).format(utcOf(day));
}

/**
 * The draft after a day is picked. Single: that day. Week: its Monday to Sunday.
 * Range: the first pick sets the start, the second the end (two picks in either order
 * are ordered); picking the start again clears it; a pick after a complete range starts anew.
 */
export function pickDay(mode: DatePickerMode, draft: Draft, day: Day): Draft {
  if (mode === "single") return { start: day, end: null };
  if (mode === "week") return weekOf(day);
  if (draft.start !== null && draft.end === null) {
    if (day === draft.start) return EMPTY_DRAFT;
    return day < draft.start ? { start: day, end: draft.start } : { start: draft.start, end: day };
  }
  return { start: day, end: null };
}

/** A range commits only when complete and, with forced range, not a single day. */
export function canCommit(mode: DatePickerMode, draft: Draft, forceRange = false): boolean {
  if (mode === "single") return draft.start !== null;
  if (draft.start === null || draft.end === null) return false;
  return !(mode === "range" && forceRange && draft.start === draft.end);
}

export function draftFromValue(value: DatePickerValue | undefined): Draft {
  if (!value) return EMPTY_DRAFT;
  if (value instanceof Date) return { start: toDay(value), end: null };
  return { start: toDay(value.start), end: toDay(value.end) };
}

export function valueFromDraft(mode: DatePickerMode, draft: Draft): DatePickerValue {
  if (draft.start === null) return null;
  if (mode === "single") return fromDay(draft.start);
  if (draft.end === null) return null;
  return { start: fromDay(draft.start), end: fromDay(draft.end) };
}

/** The text in the field, in the locale's day order. */
export function formatPickerValue(mode: DatePickerMode, value: DatePickerValue | undefined, locale = "en-US"): string {
  if (!value) return "";
  if (value instanceof Date) return formatDay(toDay(value), locale);
  const period = `${formatDay(toDay(value.start), locale)} – ${formatDay(toDay(value.end), locale)}`;
  if (mode !== "week") return period;
  const start = toDay(value.start);
  return `Week ${isoWeekNumber(start)}, ${isoWeekYear(start)} (${period})`;
}

export type DayRole = "start" | "end" | "single" | "inside" | null;

/** How a day sits in the draft (or in the preview while the range's end is being chosen). */
export function dayRole(day: Day, draft: Draft, hovered: Day | null = null): DayRole {
  const { start } = draft;
  if (start === null) return null;
  let end = draft.end;
  let from = start;
  if (end === null && hovered !== null && hovered !== start) {
    [from, end] = hovered < start ? [hovered, start] : [start, hovered];
  }
  if (end === null || from === end) return day === from ? "single" : null;
  if (day === from) return "start";
  if (day === end) return "end";
  return day > from && day < end ? "inside" : null;
}

/** Keyboard movement of the focused day inside the grid. */
export function moveDay(day: Day, key: string, shift = false): Day | null {
  switch (key) {
    case "ArrowLeft":
      return addDays(day, -1);
    case "ArrowRight":
      return addDays(day, 1);
    case "ArrowUp":
      return addDays(day, -7);
    case "ArrowDown":
      return addDays(day, 7);
    case "Home":
      return weekOf(day).start;
    case "End":
      return weekOf(day).end;
    case "PageUp":
      return addMonths(day, shift ? -12 : -1);
    case "PageDown":
      return addMonths(day, shift ? 12 : 1);
    default:
      return null;
  }
}

/**
 * Enter: pick the focused day where that completes a choice, then commit when the draft
 * can be committed. Single and week pick the focused day; range picks it while the end
 * is missing (a complete range commits as it is).
 */
export function pressEnter(
  mode: DatePickerMode,
  draft: Draft,
  focused: Day,
  bounds: Bounds,
  forceRange = false,
): { draft: Draft; commit: boolean } {
  const completeRange = mode === "range" && draft.start !== null && draft.end !== null;
  const next = completeRange || isDayDisabled(focused, bounds) ? draft : pickDay(mode, draft, focused);
  return { draft: next, commit: canCommit(mode, next, forceRange) };
}

export type CloseReason = "select" | "enter" | "outside" | "cancel" | "escape";

/**
 * What closing does to the value: Cancel and Escape restore it (nothing is emitted);
 * the select button, Enter and an outside click commit the draft when it can be committed.
 */
export function closeOutcome(
  reason: CloseReason,
  mode: DatePickerMode,
  draft: Draft,
  forceRange = false,
): { commit: false } | { commit: true; value: DatePickerValue } {
  if (reason === "cancel" || reason === "escape") return { commit: false };
  if (!canCommit(mode, draft, forceRange)) return { commit: false };
  return { commit: true, value: valueFromDraft(mode, draft) };
}

/** The day focused when the calendar opens: the draft's start, else today, kept inside the bounds. */
export function initialFocus(draft: Draft, today: Day, bounds: Bounds): Day {
  let day = draft.start ?? today;
  if (bounds.min !== null && day < bounds.min) day = bounds.min;
  if (bounds.max !== null && day > bounds.max) day = bounds.max;
  return day;
}

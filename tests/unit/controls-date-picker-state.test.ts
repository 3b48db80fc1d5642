import { describe, expect, it } from "vitest";
import {
  calendarWeeks,
  canCommit,
  closeOutcome,
  type Draft,
  dayLabel,
  dayRole,
  draftFromValue,
  EMPTY_DRAFT,
  formatPickerValue,
  fromDay,
  isDayDisabled,
  isoWeekNumber,
  monthTitle,
  moveDay,
  pickDay,
  pressEnter,
  resolveBound,
  toDay,
  valueFromDraft,
  weekdayLabels,
  weekOf,
} from "@/components/controls/date-picker/date-picker-state";

const NO_BOUNDS = { min: null, max: null };
const draft = (start: string | null, end: string | null = null): Draft => ({ start, end });

describe("date picker: texts", () => {
  it("labels are English (US): month titles, day names, US dates", () => {
    expect(monthTitle("2025-03")).toBe("March 2025");
    expect(dayLabel("2025-03-12")).toBe("Wednesday, March 12, 2025");
    expect(formatPickerValue("single", fromDay("2025-03-12"))).toBe("03/12/2025");
  });
});

describe("date picker: weeks start on Monday with ISO week numbers", () => {
  it("the weekday header starts with Monday", () => {
    expect(weekdayLabels()[0]).toBe("Mo");
    expect(weekdayLabels()[6]).toBe("Su");
  });

  it("every calendar row runs Monday to Sunday and carries its ISO week number", () => {
    const weeks = calendarWeeks("2025-03");
    expect(weeks[0]?.days[0]).toBe("2025-02-24");
    expect(weeks[0]?.weekNumber).toBe(9);
    expect(weeks.at(-1)?.days.at(-1)).toBe("2025-04-06");
    for (const week of weeks) expect(new Date(fromDay(week.days[0] ?? "")).getDay()).toBe(1);
  });

  it("ISO week numbering: 2024-12-30 is week 1 of 2025, 2021-01-03 is week 53", () => {
    expect(isoWeekNumber("2024-12-30")).toBe(1);
    expect(isoWeekNumber("2021-01-03")).toBe(53);
  });
});

describe("date picker: single mode", () => {
  it("picking a day selects that day", () => {
    expect(pickDay("single", draft("2025-03-01"), "2025-03-12")).toEqual(draft("2025-03-12"));
  });

  it("commits as soon as a day is picked", () => {
    expect(canCommit("single", pickDay("single", EMPTY_DRAFT, "2025-03-12"))).toBe(true);
  });
});

describe("date picker: week mode selects Monday to Sunday", () => {
  it("a Wednesday gives its Monday-to-Sunday week", () => {
    expect(weekOf("2025-03-12")).toEqual({ start: "2025-03-10", end: "2025-03-16" });
  });

  it("a Sunday belongs to the week that started the Monday before", () => {
    expect(pickDay("week", EMPTY_DRAFT, "2025-03-16")).toEqual(draft("2025-03-10", "2025-03-16"));
  });

  it("shows the ISO week with its period", () => {
    const value = valueFromDraft("week", draft("2025-03-10", "2025-03-16"));
    expect(formatPickerValue("week", value)).toBe("Week 11, 2025 (03/10/2025 – 03/16/2025)");
  });
});

describe("date picker: range mode", () => {
  it("the first click sets the start, the second the end", () => {
    const first = pickDay("range", EMPTY_DRAFT, "2025-03-05");
    expect(first).toEqual(draft("2025-03-05"));
    expect(pickDay("range", first, "2025-03-09")).toEqual(draft("2025-03-05", "2025-03-09"));
  });

  it("orders two clicks: an earlier second click becomes the start", () => {
    expect(pickDay("range", draft("2025-03-09"), "2025-03-05")).toEqual(draft("2025-03-05", "2025-03-09"));
  });

  it("clicking the start again clears it", () => {
    expect(pickDay("range", draft("2025-03-09"), "2025-03-09")).toEqual(EMPTY_DRAFT);
  });

  it("a click after a complete range starts a new one", () => {
    expect(pickDay("range", draft("2025-03-05", "2025-03-09"), "2025-03-20")).toEqual(draft("2025-03-20"));
  });

  it("an incomplete range never commits", () => {
    expect(canCommit("range", draft("2025-03-05"))).toBe(false);
    expect(canCommit("range", EMPTY_DRAFT)).toBe(false);
    expect(closeOutcome("outside", "range", draft("2025-03-05"))).toEqual({ commit: false });
    expect(closeOutcome("select", "range", draft("2025-03-05"))).toEqual({ commit: false });
  });

  it("with forced range, start = end never commits; without, it does", () => {
    expect(canCommit("range", draft("2025-03-05", "2025-03-05"), true)).toBe(false);
    expect(canCommit("range", draft("2025-03-05", "2025-03-05"), false)).toBe(true);
  });

  it("previews the period while the end is being chosen", () => {
    const start = draft("2025-03-05");
    expect(dayRole("2025-03-03", start, "2025-03-02")).toBe("inside");
    expect(dayRole("2025-03-02", start, "2025-03-02")).toBe("start");
    expect(dayRole("2025-03-05", start, "2025-03-02")).toBe("end");
    expect(dayRole("2025-03-05", start, null)).toBe("single");
  });
});

describe("date picker: closing", () => {
  const complete = draft("2025-03-05", "2025-03-09");

  it("Cancel restores the previous value (nothing is emitted)", () => {
    expect(closeOutcome("cancel", "range", complete)).toEqual({ commit: false });
  });

  it("Escape cancels", () => {
    expect(closeOutcome("escape", "single", draft("2025-03-05"))).toEqual({ commit: false });
  });

  it("an outside click commits a complete draft", () => {
    expect(closeOutcome("outside", "range", complete)).toEqual({
      commit: true,
      value: { start: fromDay("2025-03-05"), end: fromDay("2025-03-09") },
    });
  });

  it("Enter picks the focused day and commits (single and week)", () => {
    expect(pressEnter("single", EMPTY_DRAFT, "2025-03-12", NO_BOUNDS)).toEqual({
      draft: draft("2025-03-12"),
      commit: true,
    });
    expect(pressEnter("week", draft("2025-01-06", "2025-01-12"), "2025-03-12", NO_BOUNDS)).toEqual({
      draft: draft("2025-03-10", "2025-03-16"),
      commit: true,
    });
  });

  it("Enter in range mode sets the missing end and commits, or commits a complete range as it is", () => {
    expect(pressEnter("range", draft("2025-03-05"), "2025-03-09", NO_BOUNDS)).toEqual({
      draft: complete,
      commit: true,
    });
    expect(pressEnter("range", complete, "2025-03-20", NO_BOUNDS)).toEqual({ draft: complete, commit: true });
    expect(pressEnter("range", EMPTY_DRAFT, "2025-03-05", NO_BOUNDS)).toEqual({
      draft: draft("2025-03-05"),
      commit: false,
    });
  });
});

describe("date picker: minimumDate and maximumDate", () => {
  it("'today' stands for the current day; a date for its day", () => {
    expect(resolveBound("today", "2025-03-12")).toBe("2025-03-12");
    expect(resolveBound(new Date(2025, 0, 31, 18), "2025-03-12")).toBe("2025-01-31");
    expect(resolveBound(undefined, "2025-03-12")).toBeNull();
  });

  it("days outside the bounds are disabled; the bounds themselves are not", () => {
    const bounds = { min: "2025-03-05", max: "2025-03-12" };
    expect(isDayDisabled("2025-03-04", bounds)).toBe(true);
    expect(isDayDisabled("2025-03-05", bounds)).toBe(false);
    expect(isDayDisabled("2025-03-12", bounds)).toBe(false);
    expect(isDayDisabled("2025-03-13", bounds)).toBe(true);
  });

  it("Enter does not pick a disabled day", () => {
    const result = pressEnter("single", EMPTY_DRAFT, "2025-03-20", { min: null, max: "2025-03-12" });
    expect(result).toEqual({ draft: EMPTY_DRAFT, commit: false });
  });
});

describe("date picker: keyboard movement and values", () => {
  it("arrows move by a day or a week, Home/End to the week's ends, PageUp/PageDown by a month", () => {
    expect(moveDay("2025-03-12", "ArrowLeft")).toBe("2025-03-11");
    expect(moveDay("2025-03-12", "ArrowDown")).toBe("2025-03-19");
    expect(moveDay("2025-03-12", "Home")).toBe("2025-03-10");
    expect(moveDay("2025-03-12", "End")).toBe("2025-03-16");
    expect(moveDay("2025-03-31", "PageDown")).toBe("2025-04-30");
    expect(moveDay("2025-03-12", "PageUp", true)).toBe("2024-03-12");
    expect(moveDay("2025-03-12", "x")).toBeNull();
  });

  it("values round-trip through the draft as local days", () => {
    const value = { start: new Date(2025, 2, 5, 15, 30), end: new Date(2025, 2, 9) };
    expect(draftFromValue(value)).toEqual(draft("2025-03-05", "2025-03-09"));
    expect(toDay(fromDay("2025-03-05"))).toBe("2025-03-05");
  });
});

// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DatePicker, type DatePickerProps, type DateRange } from "@/components/controls/date-picker";
import { setupControlsDom } from "./controls-dom";

setupControlsDom();

beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(2025, 2, 12, 10, 0));
});
afterAll(() => vi.useRealTimers());

const day = (label: string) => screen.getByLabelText(label);
const trigger = () => screen.getByLabelText("When");

function Harness(
  props: { initial?: Date | DateRange | null; spy: (value: unknown) => void } & Partial<DatePickerProps>,
) {
  const { initial = null, spy, ...rest } = props;
  const [value, setValue] = useState<Date | DateRange | null>(initial);
  const onChange = (next: Date | DateRange | null) => {
    spy(next);
    setValue(next);
  };
  return (
    <>
      <button type="button">outside</button>
      <DatePicker
        aria-label="When"
        {...(rest as DatePickerProps)}
        value={value as never}
        onChange={onChange as never}
      />
    </>
  );
}

function open() {
  fireEvent.click(trigger());
  return screen.getByRole("dialog");
}

describe("date picker component", () => {
  it("shows the mode's placeholder and select button", () => {
    render(<Harness spy={vi.fn()} mode="week" />);
    expect(trigger().getAttribute("placeholder")).toBe("Pick a week");
    open();
    expect(screen.getByRole("button", { name: "Select week" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy();
  });

  it("single mode commits the date on click and closes", () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    open();
    fireEvent.click(day("Friday, March 14, 2025"));
    expect(spy).toHaveBeenCalledWith(new Date(2025, 2, 14));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect((trigger() as HTMLInputElement).value).toBe("03/14/2025");
  });

  it("week mode picks the Monday-to-Sunday week of the clicked day", () => {
    const spy = vi.fn();
    render(<Harness spy={spy} mode="week" />);
    open();
    fireEvent.click(day("Thursday, March 20, 2025"));
    expect(spy).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Select week" }));
    expect(spy).toHaveBeenCalledWith({ start: new Date(2025, 2, 17), end: new Date(2025, 2, 23) });
  });

  it("range mode orders two clicks and commits with 'Select period'", () => {
    const spy = vi.fn();
    render(<Harness spy={spy} mode="range" />);
    open();
    fireEvent.click(day("Thursday, March 20, 2025"));
    fireEvent.click(day("Monday, March 3, 2025"));
    fireEvent.click(screen.getByRole("button", { name: "Select period" }));
    expect(spy).toHaveBeenCalledWith({ start: new Date(2025, 2, 3), end: new Date(2025, 2, 20) });
  });

  it("range mode: clicking the start again clears it", () => {
    render(<Harness spy={vi.fn()} mode="range" />);
    open();
    fireEvent.click(day("Thursday, March 20, 2025"));
    expect(day("Thursday, March 20, 2025").getAttribute("aria-selected")).toBe("true");
    fireEvent.click(day("Thursday, March 20, 2025"));
    expect(day("Thursday, March 20, 2025").getAttribute("aria-selected")).toBe("false");
  });

  it("an incomplete range is not committed: the select button is disabled and an outside click restores", () => {
    const spy = vi.fn();
    const initial = { start: new Date(2025, 2, 1), end: new Date(2025, 2, 2) };
    render(<Harness spy={spy} mode="range" initial={initial} />);
    open();
    fireEvent.click(day("Thursday, March 20, 2025"));
    expect((screen.getByRole("button", { name: "Select period" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.mouseDown(screen.getByRole("button", { name: "outside" }));
    expect(spy).not.toHaveBeenCalled();
    expect((trigger() as HTMLInputElement).value).toBe("03/01/2025 – 03/02/2025");
  });

  it("with forced range, start = end does not commit", () => {
    const spy = vi.fn();
    const same = { start: new Date(2025, 2, 5), end: new Date(2025, 2, 5) };
    render(<Harness spy={spy} mode="range" forceRange initial={same} />);
    open();
    expect((screen.getByRole("button", { name: "Select period" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("Cancel restores the previous value", () => {
    const spy = vi.fn();
    render(<Harness spy={spy} mode="week" />);
    open();
    fireEvent.click(day("Thursday, March 20, 2025"));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(spy).not.toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect((trigger() as HTMLInputElement).value).toBe("");
  });

  it("Escape cancels", () => {
    const spy = vi.fn();
    render(<Harness spy={spy} mode="range" />);
    open();
    fireEvent.click(day("Monday, March 3, 2025"));
    fireEvent.click(day("Friday, March 7, 2025"));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    expect(spy).not.toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("a click outside commits a complete draft", () => {
    const spy = vi.fn();
    render(<Harness spy={spy} mode="range" />);
    open();
    fireEvent.click(day("Monday, March 3, 2025"));
    fireEvent.click(day("Friday, March 7, 2025"));
    fireEvent.mouseDown(screen.getByRole("button", { name: "outside" }));
    expect(spy).toHaveBeenCalledWith({ start: new Date(2025, 2, 3), end: new Date(2025, 2, 7) });
  });

  it("the keyboard: arrows move the focused day, Enter commits it", () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    fireEvent.keyDown(trigger(), { key: "ArrowDown" });
    const grid = screen.getByRole("grid");
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Wednesday, March 12, 2025");
    fireEvent.keyDown(grid, { key: "ArrowRight" });
    fireEvent.keyDown(grid, { key: "ArrowDown" });
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Thursday, March 20, 2025");
    fireEvent.keyDown(grid, { key: "Enter" });
    expect(spy).toHaveBeenCalledWith(new Date(2025, 2, 20));
  });

  it("the keyboard in range mode: Space sets the start, Enter sets the end and commits", () => {
    const spy = vi.fn();
    render(<Harness spy={spy} mode="range" />);
    fireEvent.keyDown(trigger(), { key: "Enter" });
    const grid = screen.getByRole("grid");
    fireEvent.keyDown(grid, { key: " " });
    fireEvent.keyDown(grid, { key: "ArrowRight" });
    fireEvent.keyDown(grid, { key: "ArrowRight" });
    fireEvent.keyDown(grid, { key: "Enter" });
    expect(spy).toHaveBeenCalledWith({ start: new Date(2025, 2, 12), end: new Date(2025, 2, 14) });
  });

  it("maximumDate 'today' disables the days after today, and they cannot be picked", () => {
    const spy = vi.fn();
    render(<Harness spy={spy} maximumDate="today" minimumDate={new Date(2025, 2, 3)} />);
    open();
    expect(day("Thursday, March 13, 2025").getAttribute("aria-disabled")).toBe("true");
    expect(day("Wednesday, March 12, 2025").getAttribute("aria-disabled")).toBeNull();
    expect(day("Sunday, March 2, 2025").getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(day("Thursday, March 13, 2025"));
    expect(spy).not.toHaveBeenCalled();
  });

  it("the month buttons change the month shown", () => {
    render(<Harness spy={vi.fn()} />);
    open();
    act(() => {
      fireEvent.click(screen.getByRole("button", { name: "Next month" }));
    });
    expect(screen.getByRole("grid", { name: "April 2025" })).toBeTruthy();
  });
});

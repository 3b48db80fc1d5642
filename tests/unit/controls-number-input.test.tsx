// @vitest-environment happy-dom
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { NumberInput } from "@/components/controls/number-input/number-input";
import {
  canStep,
  normaliseNumber,
  parseNumberText,
  sanitiseNumberText,
  stepNumber,
  valueFromText,
} from "@/components/controls/number-input/number-input-state";
import { NumberStepper } from "@/components/controls/number-input/number-stepper";
import { usePreferencesStore } from "@/providers/stores/preferences";
import { setupControlsDom } from "./controls-dom";

setupControlsDom();

describe("number input rules", () => {
  it("numeric only: letters are dropped, one leading minus and one point are kept", () => {
    expect(sanitiseNumberText("1a2b.3.4")).toBe("12.34");
    expect(sanitiseNumberText("-12-3")).toBe("-123");
    expect(sanitiseNumberText("-5", { allowNegative: false })).toBe("5");
    expect(sanitiseNumberText("2.5", { allowDecimal: false })).toBe("25");
    expect(sanitiseNumberText("2,5")).toBe("2.5");
  });

  it("is clamped to min and max on change", () => {
    expect(valueFromText("120", { min: 0, max: 60 })).toBe(60);
    expect(valueFromText("-3", { min: 0, max: 60 })).toBe(0);
  });

  it("is rounded to the decimals setting if one exists", () => {
    expect(normaliseNumber(2.345, { decimals: 2 })).toBe(2.35);
    expect(normaliseNumber(2.345, {})).toBe(2.345);
    expect(normaliseNumber(7.96, { decimals: 1, max: 7.9 })).toBe(7.9);
  });

  it("an emptied field gives null; a half-typed number gives nothing yet", () => {
    expect(valueFromText("", {})).toBeNull();
    expect(valueFromText("-", {})).toBeUndefined();
    expect(parseNumberText("1.")).toEqual({ kind: "number", value: 1 });
  });
});

describe("number stepper rules", () => {
  it("decrement is blocked at the minimum, increment at the maximum", () => {
    expect(canStep(0, -1, { min: 0 })).toBe(false);
    expect(stepNumber(0, -1, { min: 0 })).toBe(0);
    expect(canStep(10, 1, { max: 10 })).toBe(false);
    expect(stepNumber(10, 1, { max: 10 })).toBe(10);
    expect(stepNumber(5, 1, { max: 10 })).toBe(6);
  });

  it("from empty, the first decrement gives the larger of the minimum and -1, capped at the maximum", () => {
    expect(stepNumber(null, -1, {})).toBe(-1);
    expect(stepNumber(null, -1, { min: 2 })).toBe(2);
    expect(stepNumber(null, -1, { min: -5 })).toBe(-1);
    expect(stepNumber(null, -1, { max: -3 })).toBe(-3);
    expect(stepNumber(null, -1, { min: 2, max: 1 })).toBe(1);
  });

  it("from empty, the first increment gives the smaller of the maximum and 1, raised to the minimum", () => {
    expect(stepNumber(null, 1, {})).toBe(1);
    expect(stepNumber(null, 1, { max: 0.5 })).toBe(0.5);
    expect(stepNumber(null, 1, { min: 4 })).toBe(4);
    expect(stepNumber(null, 1, { max: 0, min: 3 })).toBe(3);
  });

  it("readonly or disabled fields cannot be stepped", () => {
    expect(stepNumber(3, 1, { readOnly: true })).toBe(3);
    expect(stepNumber(null, -1, { disabled: true })).toBeNull();
    expect(canStep(3, -1, { readOnly: true })).toBe(false);
  });

  it("steps by the step size in its precision and clamps", () => {
    expect(stepNumber(0.2, 1, { step: 0.1 })).toBe(0.3);
    expect(stepNumber(9.5, 1, { step: 2, max: 10 })).toBe(10);
  });
});

function NumberHarness(props: { min?: number; max?: number; decimals?: number; spy: (v: number | null) => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <NumberInput
      aria-label="Amount"
      value={value}
      min={props.min}
      max={props.max}
      decimals={props.decimals}
      onChange={(next) => {
        props.spy(next);
        setValue(next);
      }}
    />
  );
}

// The assertions read US numbers; another file of this worker may have left another locale.
beforeEach(() => usePreferencesStore.getState().resetPreferences());

describe("number input component", () => {
  it("typing clamps and rounds, and the field shows the result", () => {
    const spy = vi.fn();
    render(<NumberHarness spy={spy} max={60} decimals={1} />);
    const input = screen.getByLabelText("Amount") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "12.34" } });
    expect(spy).toHaveBeenLastCalledWith(12.3);
    expect(input.value).toBe("12.3");
    fireEvent.change(input, { target: { value: "99" } });
    expect(spy).toHaveBeenLastCalledWith(60);
    expect(input.value).toBe("60");
    fireEvent.change(input, { target: { value: "" } });
    expect(spy).toHaveBeenLastCalledWith(null);
    expect(input.getAttribute("placeholder")).toBe("0");
  });

  it("a point or minus typed where the value is whole or positive rounds or clamps, never runs digits together", () => {
    const spy = vi.fn();
    render(<NumberHarness spy={spy} min={0} max={120} decimals={0} />);
    const input = screen.getByLabelText("Amount") as HTMLInputElement;
    for (const typed of ["2", "2.", "2.5"]) fireEvent.change(input, { target: { value: typed } });
    // 2.5 rounds to 3 (the field's decimals), never 25.
    expect(spy).toHaveBeenLastCalledWith(3);
    fireEvent.change(input, { target: { value: "" } });
    for (const typed of ["-", "-5"]) fireEvent.change(input, { target: { value: typed } });
    // -5 is clamped to the minimum 0, never read as 5.
    expect(spy).toHaveBeenLastCalledWith(0);
  });

  it("in de-DE a decimal comma is typed and shown as a comma, and the value is the number", () => {
    usePreferencesStore.setState({ locale: "de-DE" });
    try {
      const spy = vi.fn();
      render(<NumberHarness spy={spy} min={-40} max={85} decimals={1} />);
      const input = screen.getByLabelText("Amount") as HTMLInputElement;
      for (const typed of ["-", "-2", "-2,", "-2,5"]) fireEvent.change(input, { target: { value: typed } });
      expect(spy).toHaveBeenLastCalledWith(-2.5);
      expect(input.value).toBe("-2,5");
    } finally {
      usePreferencesStore.setState({ locale: "en-US" });
    }
  });

  it("shows the first issue message in a tooltip on an alert icon", () => {
    render(
      <NumberInput
        aria-label="Amount"
        value={3}
        onChange={() => undefined}
        issues={[{ message: "Too high" }, { message: "Second issue" }]}
      />,
    );
    expect(screen.getByRole("img", { name: "Too high" })).toBeTruthy();
    expect(screen.queryByText("Second issue")).toBeNull();
    expect(screen.getByLabelText("Amount").getAttribute("aria-invalid")).toBe("true");
  });
});

function Stepper({ min, max, readOnly }: { min?: number; max?: number; readOnly?: boolean }) {
  const [value, setValue] = useState<number | null>(null);
  return <NumberStepper label="Copies" value={value} onChange={setValue} min={min} max={max} readOnly={readOnly} />;
}

describe("number stepper component", () => {
  it("the buttons step from empty by the spec's rule and stop at the bounds", () => {
    render(<Stepper min={-2} max={2} />);
    const input = screen.getByLabelText("Copies") as HTMLInputElement;
    fireEvent.click(screen.getByRole("button", { name: "Increase Copies" }));
    expect(input.value).toBe("1");
    fireEvent.click(screen.getByRole("button", { name: "Increase Copies" }));
    expect(input.value).toBe("2");
    expect((screen.getByRole("button", { name: "Increase Copies" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input.value).toBe("1");
  });

  it("a readonly stepper has both buttons disabled", () => {
    render(<Stepper readOnly />);
    expect((screen.getByRole("button", { name: "Increase Copies" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Decrease Copies" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

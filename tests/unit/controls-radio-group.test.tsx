// @vitest-environment happy-dom
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { RadioGroup } from "@/components/controls/radio-group/radio-group";
import { type RadioOption, resolveRadioValue } from "@/components/controls/radio-group/radio-group-state";
import { setupControlsDom } from "./controls-dom";

setupControlsDom();

const OPTIONS: RadioOption[] = [
  { value: "a4", label: "A4", disabled: true },
  { value: "letter", label: "Letter" },
  { value: "legal", label: "Legal" },
];

describe("radio group rules", () => {
  it("defaults to the first non-disabled option", () => {
    expect(resolveRadioValue(OPTIONS, null)).toBe("letter");
    expect(resolveRadioValue(OPTIONS, undefined)).toBe("letter");
  });

  it("a disabled selected option falls back to the first non-disabled one", () => {
    expect(resolveRadioValue(OPTIONS, "a4")).toBe("letter");
  });

  it("an enabled bound value stays selected; an unknown one falls back", () => {
    expect(resolveRadioValue(OPTIONS, "legal")).toBe("legal");
    expect(resolveRadioValue(OPTIONS, "tabloid")).toBe("letter");
  });

  it("with every option disabled nothing is selected", () => {
    expect(resolveRadioValue([{ value: "x", label: "X", disabled: true }], "x")).toBeNull();
  });
});

function PageSizeHarness() {
  const [value, setValue] = useState<string | null>("legal");
  return <RadioGroup aria-label="Page size" options={OPTIONS} value={value} onChange={setValue} />;
}

describe("radio group component", () => {
  it("selects exactly one option, matching the bound value, and reports the fallback", () => {
    const onChange = vi.fn();
    render(<RadioGroup aria-label="Page size" options={OPTIONS} value="a4" onChange={onChange} />);
    expect(onChange).toHaveBeenCalledWith("letter");
    const checked = screen.getAllByRole("radio").filter((radio) => (radio as HTMLInputElement).checked);
    expect(checked).toHaveLength(1);
    expect((checked[0] as HTMLInputElement).value).toBe("letter");
  });

  it("disabled options cannot be selected", () => {
    render(<PageSizeHarness />);
    const a4 = screen.getByRole("radio", { name: "A4" }) as HTMLInputElement;
    expect(a4.disabled).toBe(true);
    fireEvent.click(a4);
    expect((screen.getByRole("radio", { name: "Legal" }) as HTMLInputElement).checked).toBe(true);
  });

  it("orientation and size show on the group", () => {
    render(
      <RadioGroup
        aria-label="Unit"
        options={OPTIONS}
        value="letter"
        onChange={() => undefined}
        orientation="horizontal"
        size="lg"
      />,
    );
    const group = screen.getByRole("radiogroup", { name: "Unit" });
    expect(group.getAttribute("data-orientation")).toBe("horizontal");
    expect(group.style.getPropertyValue("--radio-size")).toBe("22px");
  });
});

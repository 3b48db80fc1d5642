// @vitest-environment happy-dom
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { hasError, issueMessage, OPTIONAL_BADGE } from "@/components/controls/field/field-state";
import { TextInput } from "@/components/controls/text-input/text-input";
import { effectiveInputType } from "@/components/controls/text-input/text-input-state";
import { setupControlsDom } from "./controls-dom";

setupControlsDom();

describe("text input rules", () => {
  it("error state when the state is error or an issue object is present", () => {
    expect(hasError("error", null)).toBe(true);
    expect(hasError(undefined, { message: "Required" })).toBe(true);
    expect(hasError("default", [])).toBe(false);
    expect(hasError(undefined, undefined)).toBe(false);
    expect(issueMessage([{ message: "first" }, { message: "second" }])).toBe("first");
  });

  it("a password field shows its text while revealed", () => {
    expect(effectiveInputType("password", false)).toBe("password");
    expect(effectiveInputType("password", true)).toBe("text");
    expect(effectiveInputType("email", true)).toBe("email");
  });
});

describe("text input component", () => {
  it("shows an 'optional' badge when the field is optional", () => {
    render(<TextInput label="Phone" type="tel" value="" onChange={() => undefined} optional />);
    expect(screen.getByText(OPTIONAL_BADGE)).toBeTruthy();
    expect((screen.getByLabelText("Phone") as HTMLInputElement).type).toBe("tel");
  });

  it("the password field has a show/hide toggle", () => {
    render(<TextInput label="Password" type="password" value="secret" onChange={() => undefined} />);
    const input = screen.getByLabelText("Password") as HTMLInputElement;
    expect(input.type).toBe("password");
    fireEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(input.type).toBe("text");
    fireEvent.click(screen.getByRole("button", { name: "Hide password" }));
    expect(input.type).toBe("password");
  });

  it("an issue shows on an alert icon (tooltip) and as text under the field", () => {
    render(<TextInput label="Website" value="x" onChange={() => undefined} issue={{ message: "Enter a valid URL" }} />);
    expect(screen.getByRole("img", { name: "Enter a valid URL" })).toBeTruthy();
    expect(screen.getByText("Enter a valid URL")).toBeTruthy();
    const input = screen.getByLabelText("Website");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBeTruthy();
  });

  it("reports typed text", () => {
    const onChange = vi.fn();
    render(<TextInput label="Name" value="" onChange={onChange} />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Ada" } });
    expect(onChange).toHaveBeenCalledWith("Ada");
  });
});

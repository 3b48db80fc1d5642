// @vitest-environment happy-dom
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AuthTabs } from "@/pages/auth/auth-tabs";
import { setupControlsDom } from "./controls-dom";

setupControlsDom();

const items = [
  { key: "password", label: "Password", children: <input aria-label="E-mail" /> },
  { key: "code", label: "E-mail or phone code", children: <p>Code form</p> },
];

describe("the sign-in page's tabs", () => {
  it("show the first tab's panel; another tab's panel appears when it is chosen", () => {
    render(<AuthTabs items={items} />);
    expect(screen.getByRole("tab", { name: "Password", selected: true })).toBeDefined();
    expect(screen.queryByText("Code form")).toBeNull();
    fireEvent.click(screen.getByRole("tab", { name: "E-mail or phone code" }));
    expect(screen.getByRole("tabpanel", { name: "E-mail or phone code" }).textContent).toBe("Code form");
    expect(screen.getByRole("tab", { name: "Password", selected: false })).toBeDefined();
  });

  it("arrow keys move between the tabs and focus the chosen one", () => {
    render(<AuthTabs items={items} />);
    fireEvent.keyDown(screen.getByRole("tab", { name: "Password" }), { key: "ArrowRight" });
    const code = screen.getByRole("tab", { name: "E-mail or phone code", selected: true });
    expect(document.activeElement).toBe(code);
    fireEvent.keyDown(code, { key: "ArrowRight" });
    expect(screen.getByRole("tab", { name: "Password", selected: true })).toBeDefined();
  });

  it("keep what was typed in a tab when the user switches away and back", () => {
    render(<AuthTabs items={items} />);
    fireEvent.change(screen.getByRole("textbox", { name: "E-mail" }), { target: { value: "a@b.example" } });
    fireEvent.click(screen.getByRole("tab", { name: "E-mail or phone code" }));
    fireEvent.click(screen.getByRole("tab", { name: "Password" }));
    expect(screen.getByRole("textbox", { name: "E-mail" })).toHaveProperty("value", "a@b.example");
  });
});

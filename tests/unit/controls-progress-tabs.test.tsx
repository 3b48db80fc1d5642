// @vitest-environment happy-dom
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { DataTabs } from "@/components/controls/data-tabs/data-tabs";
import { DEFAULT_DATA_TABS, showTabBar } from "@/components/controls/data-tabs/data-tabs-state";
import {
  buildSteps,
  isNavigable,
  showProgressBar,
  stepStatus,
} from "@/components/controls/progress-bar/progress-steps";
import { SteppedProgressBar } from "@/components/controls/progress-bar/stepped-progress-bar";
import { setupControlsDom } from "./controls-dom";

setupControlsDom();

describe("stepped progress bar rules", () => {
  it("steps before the current are complete, the current is current, the one after is next, the rest upcoming", () => {
    expect([0, 1, 2, 3, 4].map((i) => stepStatus(i, 1))).toEqual([
      "complete",
      "current",
      "next",
      "upcoming",
      "upcoming",
    ]);
  });

  it("only complete and next steps can be navigated to", () => {
    expect(isNavigable("complete")).toBe(true);
    expect(isNavigable("next")).toBe(true);
    expect(isNavigable("current")).toBe(false);
    expect(isNavigable("upcoming")).toBe(false);
  });

  it("the bar is shown only with more than one step", () => {
    expect(showProgressBar(buildSteps(["Only"], 0))).toBe(false);
    expect(showProgressBar(buildSteps(["One", "Two"], 0))).toBe(true);
  });
});

describe("stepped progress bar component", () => {
  it("complete and next steps are buttons; the current one is marked", () => {
    const onNavigate = vi.fn();
    render(
      <SteppedProgressBar steps={buildSteps(["Label", "Thresholds", "Alarms", "Review"], 1)} onNavigate={onNavigate} />,
    );
    const buttons = screen.getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual(["Label (completed)", "3Alarms (next)"]);
    fireEvent.click(buttons[1] as HTMLElement);
    expect(onNavigate).toHaveBeenCalledWith(2);
    expect(screen.getByText("Thresholds").closest("[aria-current]")?.getAttribute("aria-current")).toBe("step");
  });

  it("renders nothing with a single step", () => {
    const { container } = render(<SteppedProgressBar steps={buildSteps(["Only"], 0)} />);
    expect(container.innerHTML).toBe("");
  });
});

describe("data tabs", () => {
  it("the tab bar is shown only with more than one tab", () => {
    expect(showTabBar(DEFAULT_DATA_TABS)).toBe(true);
    expect(showTabBar(DEFAULT_DATA_TABS.slice(0, 1))).toBe(false);
    const { unmount } = render(<DataTabs>{(tab) => <p>{tab.label} content</p>}</DataTabs>);
    expect(screen.getAllByRole("tab")).toHaveLength(2);
    unmount();
    render(<DataTabs tabs={DEFAULT_DATA_TABS.slice(1)}>{(tab) => <p>{tab.label} content</p>}</DataTabs>);
    expect(screen.queryByRole("tab")).toBeNull();
    expect(screen.getByText("Humidity content")).toBeTruthy();
  });
});

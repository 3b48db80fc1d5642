// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Avatar } from "@/components/controls/avatar/avatar";
import { avatarGroup, avatarInitials } from "@/components/controls/avatar/avatar-color";
import { Carousel } from "@/components/controls/carousel/carousel";
import { dragScrollLeft, pageScrollLeft } from "@/components/controls/carousel/carousel-drag";
import { Popover } from "@/components/controls/popover/popover";
import { nextPopoverOpen } from "@/components/controls/popover/popover-state";
import { Switch, TwoPositionSwitch } from "@/components/controls/switch/switch";
import { tooltipOffset, tooltipPlacements } from "@/components/controls/tooltip/tooltip-placements";
import { setupControlsDom } from "./controls-dom";

setupControlsDom();

describe("tooltip", () => {
  it("sits 10 px from its trigger by default", () => {
    expect(tooltipOffset("top")).toEqual([0, -10]);
    expect(tooltipOffset("right")).toEqual([10, 0]);
    expect(tooltipPlacements().bottom).toMatchObject({ points: ["tc", "bc"], offset: [0, 10] });
  });

  it("the range slider's tooltips use 8 px", () => {
    expect(tooltipOffset("top", 8)).toEqual([0, -8]);
  });
});

describe("popover", () => {
  it("toggles on click and closes on an outside click or Escape (rule)", () => {
    expect(nextPopoverOpen(false, "trigger-click")).toBe(true);
    expect(nextPopoverOpen(true, "trigger-click")).toBe(false);
    expect(nextPopoverOpen(true, "outside-click")).toBe(false);
    expect(nextPopoverOpen(true, "escape")).toBe(false);
  });

  it("toggles on click and closes on Escape or an outside click (component)", async () => {
    const changes: boolean[] = [];
    render(
      <>
        <Popover content={<span>Popover body</span>} onOpenChange={(open) => changes.push(open)}>
          <button type="button">Open</button>
        </Popover>
        <p>elsewhere</p>
      </>,
    );
    const button = screen.getByRole("button", { name: "Open" });
    await act(async () => fireEvent.click(button));
    expect(screen.getByText("Popover body")).toBeTruthy();
    await act(async () => fireEvent.keyDown(document, { key: "Escape" }));
    await act(async () => fireEvent.click(button));
    await act(async () => fireEvent.click(button));
    await act(async () => fireEvent.click(button));
    await act(async () => fireEvent.mouseDown(screen.getByText("elsewhere")));
    expect(changes).toEqual([true, false, true, false, true, false]);
  });
});

describe("avatar", () => {
  it("takes up to two initials", () => {
    expect(avatarInitials("Ada Lovelace")).toBe("AL");
    expect(avatarInitials("grace")).toBe("G");
    expect(avatarInitials("  ")).toBe("?");
  });

  it("its colour follows the letter group of the initial", () => {
    expect(avatarGroup("A")).toBe("a-e");
    expect(avatarGroup("e")).toBe("a-e");
    expect(avatarGroup("F")).toBe("f-j");
    expect(avatarGroup("O")).toBe("k-o");
    expect(avatarGroup("T")).toBe("p-t");
    expect(avatarGroup("Z")).toBe("u-z");
    expect(avatarGroup("É")).toBe("a-e");
    expect(avatarGroup("4")).toBe("other");
  });

  it("renders the initials, named by the person", () => {
    render(<Avatar name="Vint Cerf" />);
    const avatar = screen.getByRole("img", { name: "Vint Cerf" });
    expect(avatar.getAttribute("data-group")).toBe("u-z");
    expect(avatar.textContent).toBe("VC");
  });
});

describe("carousel", () => {
  it("drag multiplier 2: the strip scrolls twice the pointer's distance, against it", () => {
    expect(dragScrollLeft(100, 300, 250, 1000)).toBe(200);
    expect(dragScrollLeft(100, 300, 400, 1000)).toBe(0);
    expect(dragScrollLeft(900, 300, 200, 1000)).toBe(1000);
  });

  it("the buttons page by the visible width", () => {
    expect(pageScrollLeft(0, 300, 1000, 1)).toBe(300);
    expect(pageScrollLeft(100, 300, 1000, -1)).toBe(0);
  });

  it("dragging with the mouse scrolls the strip", () => {
    render(
      <Carousel aria-label="Cards">
        <div>one</div>
        <div>two</div>
      </Carousel>,
    );
    const strip = screen.getByRole("list", { name: "Cards items" });
    Object.defineProperty(strip, "scrollWidth", { value: 1000 });
    Object.defineProperty(strip, "clientWidth", { value: 300 });
    fireEvent.pointerDown(strip, { clientX: 300, button: 0, pointerId: 1, pointerType: "mouse" });
    fireEvent.pointerMove(strip, { clientX: 250, pointerId: 1, pointerType: "mouse" });
    expect(strip.scrollLeft).toBe(100);
    fireEvent.pointerUp(strip, { pointerId: 1 });
  });
});

describe("switch", () => {
  it("sizes sm, md and lg", () => {
    render(<Switch checked onChange={() => undefined} size="lg" label="Live view" />);
    expect(screen.getByRole("switch", { name: "Live view" }).getAttribute("aria-checked")).toBe("true");
  });

  it("the two-position switch chooses either side", () => {
    const changes: boolean[] = [];
    render(
      <TwoPositionSwitch checked={false} onChange={(v) => changes.push(v)} options={["°C", "°F"]} aria-label="Unit" />,
    );
    fireEvent.click(screen.getByRole("button", { name: "°F" }));
    fireEvent.click(screen.getByRole("switch", { name: "Unit: °C" }));
    expect(changes).toEqual([true, true]);
  });
});

// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RangeSlider } from "@/components/controls/range-slider/range-slider";
import {
  formatSliderValue,
  moveHandle,
  nearerHandle,
  rangeText,
  type SliderValue,
  sliderDecimals,
  snapValue,
  TRACK_CLICK_TOOLTIP_MS,
  tickValues,
  tooltipsOverlap,
  valueForKey,
} from "@/components/controls/range-slider/range-slider-state";
import { usePreferencesStore } from "@/providers/stores/preferences";
import { setupControlsDom } from "./controls-dom";

setupControlsDom();
afterEach(() => vi.useRealTimers());

const scale = { min: 0, max: 100, step: 1 };

describe("range slider rules", () => {
  it("values snap to the step (counted from min) and are clamped to min and max", () => {
    expect(snapValue(42.4, scale)).toBe(42);
    expect(snapValue(42.6, { min: 0, max: 100, step: 5 })).toBe(45);
    expect(snapValue(3.3, { min: 1, max: 10, step: 2 })).toBe(3);
    expect(snapValue(-7, scale)).toBe(0);
    expect(snapValue(140, scale)).toBe(100);
    expect(snapValue(0.30000000000000004, { min: 0, max: 1, step: 0.1 })).toBe(0.3);
  });

  it("handles cannot cross: the lower stays one step below the upper, and the upper one step above", () => {
    expect(moveHandle([20, 80], 0, 95, scale)).toEqual([79, 80]);
    expect(moveHandle([20, 80], 1, 5, scale)).toEqual([20, 21]);
    expect(moveHandle([2, 8], 0, 9, { min: -10, max: 30, step: 0.5 })).toEqual([7.5, 8]);
    expect(moveHandle([20, 80], 0, 30.4, scale)).toEqual([30, 80]);
  });

  it("a single value snaps and clamps too", () => {
    expect(moveHandle(50, 0, 120.2, scale)).toBe(100);
  });

  it("a click on the track moves the nearer handle", () => {
    expect(nearerHandle([20, 80], 30)).toBe(0);
    expect(nearerHandle([20, 80], 70)).toBe(1);
    expect(nearerHandle([20, 80], 5)).toBe(0);
    expect(nearerHandle([20, 80], 99)).toBe(1);
    expect(nearerHandle(40, 99)).toBe(0);
  });

  it("displayed decimals follow the step's decimals", () => {
    expect(sliderDecimals(1)).toBe(0);
    expect(sliderDecimals(0.5)).toBe(1);
    expect(sliderDecimals(0.25)).toBe(2);
    const format = {
      unitType: "number" as const,
      decimals: 2,
      locale: "en-US",
      timeZone: "UTC",
      timestampUnit: "seconds" as const,
    };
    expect(formatSliderValue(3, format)).toBe("3.00");
    expect(formatSliderValue(1234.5, { ...format, decimals: 1, unit: "°C" })).toBe("1,234.5 °C");
  });

  it("timestamps (seconds) show day, short month, year and 24-hour time in the chosen zone", () => {
    const format = { unitType: "timestamp" as const, decimals: 0, locale: "en-US", timestampUnit: "seconds" as const };
    const t = Date.UTC(2025, 2, 4, 17, 5) / 1000;
    expect(formatSliderValue(t, { ...format, timeZone: "UTC" })).toBe("Mar 04, 2025, 17:05");
    expect(formatSliderValue(t, { ...format, timeZone: "Asia/Tokyo" })).toBe("Mar 05, 2025, 02:05");
    expect(formatSliderValue(t * 1000, { ...format, timeZone: "UTC", timestampUnit: "milliseconds" })).toBe(
      "Mar 04, 2025, 17:05",
    );
  });

  it("tick labels show min, the rounded midpoint and max", () => {
    expect(tickValues(scale)).toEqual([0, 50, 100]);
    expect(tickValues({ min: 0, max: 7, step: 1 })).toEqual([0, 4, 7]);
    expect(tickValues({ min: -10, max: 25, step: 0.5 })).toEqual([-10, 7.5, 25]);
  });

  it("the range character is 'to'", () => {
    expect(rangeText("20", "80")).toBe("20 to 80");
  });

  it("the max tooltip hides when it overlaps the min tooltip", () => {
    expect(tooltipsOverlap({ center: 100, width: 40 }, { center: 130, width: 40 })).toBe(true);
    expect(tooltipsOverlap({ center: 100, width: 40 }, { center: 150, width: 40 })).toBe(false);
  });

  it("keys: arrows move one step, PageUp/PageDown ten, Home/End to the ends", () => {
    expect(valueForKey(50, "ArrowRight", scale)).toBe(51);
    expect(valueForKey(50, "ArrowDown", scale)).toBe(49);
    expect(valueForKey(50, "PageUp", scale)).toBe(60);
    expect(valueForKey(50, "Home", scale)).toBe(0);
    expect(valueForKey(50, "End", scale)).toBe(100);
    expect(valueForKey(50, "a", scale)).toBeNull();
  });
});

function Harness({ initial, spy, ...props }: { initial: SliderValue; spy?: (v: SliderValue) => void; step?: number }) {
  const [value, setValue] = useState<SliderValue>(initial);
  return (
    <RangeSlider
      {...props}
      value={value}
      onChange={(next) => {
        spy?.(next);
        setValue(next);
      }}
      aria-label={Array.isArray(initial) ? ["Low", "High"] : "Level"}
    />
  );
}

/** The track is 200 px wide from x = 0 (happy-dom lays nothing out). */
function layOutTrack() {
  const track = screen.getByTestId("slider-track");
  track.getBoundingClientRect = () => ({
    left: 0,
    top: 0,
    width: 200,
    height: 20,
    right: 200,
    bottom: 20,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
  return track;
}

describe("range slider component", () => {
  it("writes its values in the person's chosen locale", () => {
    usePreferencesStore.getState().setLocale("de-DE");
    try {
      render(
        <RangeSlider
          value={[1.5, 2.5]}
          onChange={() => undefined}
          min={0}
          max={10}
          step={0.5}
          showTickLabels
          aria-label={["Low", "High"]}
        />,
      );
      expect(screen.getByRole("slider", { name: "Low" }).getAttribute("aria-valuetext")).toBe("1,5");
    } finally {
      usePreferencesStore.getState().setLocale("en-US");
    }
  });

  it("keyboard: arrows step the focused handle, which stops one step before the other", () => {
    render(<Harness initial={[20, 22]} />);
    const low = screen.getByRole("slider", { name: "Low" });
    fireEvent.keyDown(low, { key: "ArrowRight" });
    expect(low.getAttribute("aria-valuenow")).toBe("21");
    fireEvent.keyDown(low, { key: "ArrowRight" });
    expect(low.getAttribute("aria-valuenow")).toBe("21");
    fireEvent.keyDown(low, { key: "Home" });
    expect(low.getAttribute("aria-valuenow")).toBe("0");
  });

  it("a track click moves the nearer handle to the snapped value", () => {
    const spy = vi.fn();
    render(<Harness initial={[20, 80]} spy={spy} />);
    const track = layOutTrack();
    fireEvent.pointerDown(track, { clientX: 130, button: 0, pointerId: 1 });
    expect(spy).toHaveBeenLastCalledWith([20, 65]);
    fireEvent.pointerUp(window, { pointerId: 1 });
  });

  it("dragging a handle follows the pointer, snapped and clamped", () => {
    const spy = vi.fn();
    render(<Harness initial={40} spy={spy} step={10} />);
    layOutTrack();
    const handle = screen.getByRole("slider", { name: "Level" });
    fireEvent.pointerDown(handle, { clientX: 80, button: 0, pointerId: 2 });
    fireEvent.pointerMove(window, { clientX: 113, pointerId: 2 });
    expect(spy).toHaveBeenLastCalledWith(60);
    fireEvent.pointerMove(window, { clientX: 500, pointerId: 2 });
    expect(spy).toHaveBeenLastCalledWith(100);
    fireEvent.pointerUp(window, { pointerId: 2 });
  });

  it("tooltips stay visible 400 ms after a track click", () => {
    vi.useFakeTimers();
    render(<Harness initial={[20, 80]} />);
    const track = layOutTrack();
    const tooltip = () => document.querySelector('[data-handle="min"]');
    expect(tooltip()?.hasAttribute("data-visible")).toBe(false);
    fireEvent.pointerDown(track, { clientX: 10, button: 0, pointerId: 3 });
    fireEvent.pointerUp(window, { pointerId: 3 });
    expect(tooltip()?.hasAttribute("data-visible")).toBe(true);
    act(() => vi.advanceTimersByTime(TRACK_CLICK_TOOLTIP_MS - 1));
    expect(tooltip()?.hasAttribute("data-visible")).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(tooltip()?.hasAttribute("data-visible")).toBe(false);
  });

  it("handles expose their value as text and their bounds to assistive technology", () => {
    render(
      <RangeSlider
        value={[2, 8]}
        onChange={() => undefined}
        min={-10}
        max={30}
        step={0.5}
        unit="°C"
        aria-label={["Min", "Max"]}
      />,
    );
    const low = screen.getByRole("slider", { name: "Min" });
    expect(low.getAttribute("aria-valuetext")).toBe("2.0 °C");
    expect(low.getAttribute("aria-valuemax")).toBe("8");
    expect(screen.getByRole("slider", { name: "Max" }).getAttribute("aria-valuemin")).toBe("2");
  });

  it("tick labels are shown only when asked for", () => {
    const { rerender, container } = render(<RangeSlider value={5} onChange={() => undefined} />);
    expect(container.querySelector('[data-position="mid"]')).toBeNull();
    rerender(<RangeSlider value={5} onChange={() => undefined} showTickLabels />);
    expect(container.querySelector('[data-position="mid"]')?.textContent).toBe("50");
  });

  it("variants: neutral, primary, blue, primary-dark", () => {
    for (const variant of ["neutral", "primary", "blue", "primary-dark"] as const) {
      const { container, unmount } = render(<RangeSlider value={5} onChange={() => undefined} variant={variant} />);
      expect(container.firstElementChild?.getAttribute("data-variant")).toBe(variant);
      unmount();
    }
  });
});

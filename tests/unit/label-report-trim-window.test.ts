import { describe, expect, it } from "vitest";
import { sliderToWindow, trimScale, UNTRIMMED, windowToSlider } from "@/resources/label-reports/trim/trim-window";

const FIRST = "2026-03-01T00:00:00.000Z";
const LAST = "2026-03-02T00:00:00.000Z";
const first = Date.parse(FIRST);
const last = Date.parse(LAST);

describe("trim window and the range slider", () => {
  it("spans the slider over the first to the last reading, one step per logging interval", () => {
    expect(trimScale(FIRST, LAST, 10)).toEqual({ min: first, max: last, step: 600_000 });
  });

  it("offers no slider for a report with fewer than two readings", () => {
    expect(trimScale(FIRST, FIRST, 10)).toBeNull();
    expect(trimScale(null, null, 10)).toBeNull();
  });

  it("puts the handles of an untrimmed report on the first and last reading", () => {
    const scale = trimScale(FIRST, LAST, 10);
    expect(scale && windowToSlider(UNTRIMMED, scale)).toEqual([first, last]);
  });

  it("reads a stored window back to the handles and the handles back to the same window", () => {
    const scale = trimScale(FIRST, LAST, 10);
    if (!scale) throw new Error("no scale");
    const window = { start: "2026-03-01T06:00:00.000Z", end: "2026-03-01T18:00:00.000Z" };
    expect(sliderToWindow(windowToSlider(window, scale), scale)).toEqual(window);
  });

  it("saves a handle left on an end of the readings as no bound (null)", () => {
    const scale = trimScale(FIRST, LAST, 10);
    if (!scale) throw new Error("no scale");
    expect(sliderToWindow([first, last - 3_600_000], scale)).toEqual({
      start: null,
      end: "2026-03-01T23:00:00.000Z",
    });
    expect(sliderToWindow([first, last], scale)).toEqual(UNTRIMMED);
  });

  it("clamps a stored window reaching past the readings to their ends", () => {
    const scale = trimScale(FIRST, LAST, 10);
    if (!scale) throw new Error("no scale");
    expect(windowToSlider({ start: "2026-02-01T00:00:00Z", end: "2026-04-01T00:00:00Z" }, scale)).toEqual([
      first,
      last,
    ]);
  });
});

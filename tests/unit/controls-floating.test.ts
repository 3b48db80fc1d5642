import { describe, expect, it } from "vitest";
import { placeFloating } from "@/components/controls/floating/floating-position";

const viewport = { width: 1000, height: 800 };

describe("floating panels (date picker, select lists)", () => {
  it("open under their field", () => {
    expect(
      placeFloating({ top: 100, left: 50, width: 200, height: 32 }, { width: 300, height: 400 }, viewport),
    ).toEqual({
      top: 136,
      left: 50,
      flipped: false,
    });
  });

  it("flip above the field when only there they fit", () => {
    expect(
      placeFloating({ top: 600, left: 50, width: 200, height: 32 }, { width: 300, height: 400 }, viewport),
    ).toEqual({
      top: 196,
      left: 50,
      flipped: true,
    });
  });

  it("stay inside the viewport horizontally", () => {
    expect(
      placeFloating({ top: 0, left: 900, width: 80, height: 32 }, { width: 300, height: 100 }, viewport).left,
    ).toBe(700);
  });
});

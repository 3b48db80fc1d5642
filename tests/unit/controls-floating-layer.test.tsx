// @vitest-environment happy-dom
import { render } from "@testing-library/react";
import { useRef } from "react";
import { describe, expect, it } from "vitest";
import { FloatingPanel } from "@/components/controls/floating/floating-panel";
import { setupControlsDom } from "./controls-dom";

setupControlsDom();

function InLayer({ zIndex }: { zIndex: number }) {
  const anchor = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  return (
    // A modal's wrapper: antd stacks a modal opened over a drawer above 1050.
    <div style={{ position: "fixed", zIndex }}>
      <div>
        <button type="button" ref={anchor}>
          Time zone
        </button>
      </div>
      <FloatingPanel open anchorRef={anchor} panelRef={panel} aria-label="Time zones">
        <span>UTC</span>
      </FloatingPanel>
    </div>
  );
}

describe("floating panels inside a modal", () => {
  it("open above the modal they were opened from, not behind it", () => {
    const { getByLabelText } = render(<InLayer zIndex={1100} />);
    const panel = getByLabelText("Time zones");
    expect(Number(panel.style.zIndex)).toBeGreaterThan(1100);
  });

  it("keep their own layer when the field is on the page", () => {
    const { getByLabelText } = render(<InLayer zIndex={0} />);
    expect(Number(getByLabelText("Time zones").style.zIndex)).toBeGreaterThanOrEqual(1050);
  });
});

import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";

/**
 * jsdom shims the antd-based controls need (matchMedia, ResizeObserver, scrollTo), and
 * cleanup after each test. Import it first in component tests (with a jsdom environment).
 */
export function setupControlsDom() {
  beforeAll(() => {
    Object.defineProperty(window, "matchMedia", {
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
    // jsdom has no pseudo-element styles; antd asks for them while measuring.
    const computedStyle = window.getComputedStyle.bind(window);
    window.getComputedStyle = (element: Element) => computedStyle(element);
    Element.prototype.scrollTo ??= function scrollTo() {};
    // jsdom has no PointerEvent: a MouseEvent with a pointer id and type does.
    if (!("PointerEvent" in window)) {
      class PointerEventShim extends MouseEvent {
        readonly pointerId: number;
        readonly pointerType: string;
        constructor(type: string, init: PointerEventInit = {}) {
          super(type, init);
          this.pointerId = init.pointerId ?? 1;
          this.pointerType = init.pointerType ?? "mouse";
        }
      }
      Object.defineProperty(window, "PointerEvent", { writable: true, value: PointerEventShim });
    }
  });
  afterEach(() => cleanup());
}

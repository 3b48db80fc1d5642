import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";

/**
 * A matchMedia that matches no query, so antd's responsive hooks see no breakpoint whatever
 * the test DOM's window size, and cleanup after each test. Import it first in component
 * tests (happy-dom environment).
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
  });
  afterEach(() => cleanup());
}

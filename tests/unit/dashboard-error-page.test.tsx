// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ErrorPage, NotFoundPage } from "@/components/error-page/error-page";
import { isBot } from "@/components/error-page/is-bot";

beforeAll(() => {
  // antd reads matchMedia for its responsive parts.
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

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("error page", () => {
  it("an unknown route shows 'Page Not Found' and 'Page not found: {path}'", () => {
    renderAt("/no-such-page");
    expect(screen.getByText("Page Not Found")).toBeTruthy();
    expect(screen.getByText("Page not found: /no-such-page")).toBeTruthy();
  });

  it("other errors show 'Internal Server Error'", () => {
    render(
      <MemoryRouter>
        <ErrorPage status={500} message="boom" />
      </MemoryRouter>,
    );
    expect(screen.getByText("Internal Server Error")).toBeTruthy();
    expect(screen.getByText("boom")).toBeTruthy();
  });

  it("bots get no error page, only the text", () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue("Mozilla/5.0 (compatible; Googlebot/2.1)");
    const { container } = renderAt("/gone");
    expect(container.textContent).toBe("Page not found: /gone");
    expect(container.querySelector(".ant-result")).toBeNull();
  });

  it("recognises crawlers but not browsers", () => {
    expect(isBot("Mozilla/5.0 (compatible; bingbot/2.0)")).toBe(true);
    expect(
      isBot("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36"),
    ).toBe(false);
  });
});

// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "@/components/error-page/error-boundary";
import { ErrorPage, errorPageTitle } from "@/components/error-page/error-page";
import { setupControlsDom } from "./controls-dom";

setupControlsDom();
afterEach(() => vi.restoreAllMocks());

function Boom(): never {
  throw new Error("kaput");
}

describe("error page", () => {
  it("'Page Not Found' for 404, 'Internal Server Error' otherwise", () => {
    expect(errorPageTitle(404)).toBe("Page Not Found");
    expect(errorPageTitle(500)).toBe("Internal Server Error");
    expect(errorPageTitle(403)).toBe("Internal Server Error");
  });

  it("a render error anywhere below shows 'Internal Server Error'", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <MemoryRouter>
        <ErrorBoundary>
          <Boom />
        </ErrorBoundary>
      </MemoryRouter>,
    );
    // The error page is its own chunk, loaded when an error happens.
    expect(await screen.findByText("Internal Server Error")).toBeTruthy();
    expect(screen.getByText("kaput")).toBeTruthy();
  });

  it("bots get no error page", () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue("Mozilla/5.0 (compatible; Googlebot/2.1)");
    const { container } = render(
      <MemoryRouter>
        <ErrorPage status={500} message="Request failed" />
      </MemoryRouter>,
    );
    expect(container.textContent).toBe("Request failed");
    expect(container.querySelector(".ant-result")).toBeNull();
  });
});

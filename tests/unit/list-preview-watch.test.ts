// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * When a list preview (the browser's, or the server's painted one) steps aside:
 * src/resources/label-reports/first-paint/preview-watch.ts. Fresh modules per test: whether
 * a list has shown is page-wide state.
 */

async function load() {
  vi.resetModules();
  const watch = await import("@/resources/label-reports/first-paint/preview-watch");
  const shown = await import("@/components/list/list-shown");
  return { ...watch, ...shown };
}

const PAGE = { paths: ["/", "/label-reports"], search: "?pageSize=10" };

beforeEach(() => {
  vi.useFakeTimers();
  window.history.replaceState(null, "", "/label-reports?pageSize=10");
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a list preview steps aside", () => {
  it("when the dashboard's own list has shown its first answer", async () => {
    const { watchPreview, markListShown } = await load();
    const done = vi.fn();
    watchPreview(PAGE, done);
    vi.advanceTimersByTime(1_000);
    expect(done).not.toHaveBeenCalled();
    markListShown();
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("at once when the list has shown already", async () => {
    const { watchPreview, markListShown } = await load();
    markListShown();
    const done = vi.fn();
    watchPreview(PAGE, done);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("when the dashboard goes to another address or query (no event: it is checked)", async () => {
    const { watchPreview } = await load();
    const done = vi.fn();
    watchPreview(PAGE, done);
    window.history.pushState(null, "", "/label-reports?pageSize=25");
    vi.advanceTimersByTime(150);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("from '/' to the list with the same query it stays (the dashboard leads '/' to the list)", async () => {
    const { watchPreview } = await load();
    window.history.replaceState(null, "", "/");
    const done = vi.fn();
    watchPreview({ ...PAGE, search: "" }, done);
    window.history.pushState(null, "", "/label-reports");
    vi.advanceTimersByTime(500);
    expect(done).not.toHaveBeenCalled();
  });

  it("after PREVIEW_MAX_MS whatever the dashboard is doing, and only once", async () => {
    const { watchPreview, markListShown, PREVIEW_MAX_MS } = await load();
    const done = vi.fn();
    watchPreview(PAGE, done);
    vi.advanceTimersByTime(PREVIEW_MAX_MS - 1);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    markListShown();
    vi.advanceTimersByTime(1_000);
    expect(done).toHaveBeenCalledTimes(1);
  });
});

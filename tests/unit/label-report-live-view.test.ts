import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startLiveView, type VisibilitySource } from "@/resources/label-reports/live-view/live-view-timer";

class FakeDocument implements VisibilitySource {
  visibilityState: DocumentVisibilityState = "visible";
  private listeners = new Set<() => void>();
  addEventListener(_type: "visibilitychange", listener: () => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: "visibilitychange", listener: () => void) {
    this.listeners.delete(listener);
  }
  set(state: DocumentVisibilityState) {
    this.visibilityState = state;
    for (const listener of this.listeners) listener();
  }
  get listenerCount() {
    return this.listeners.size;
  }
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("live view timer", () => {
  it("refreshes every 15 seconds by default", () => {
    const onTick = vi.fn();
    const stop = startLiveView({ onTick, visibility: new FakeDocument() });
    vi.advanceTimersByTime(14_999);
    expect(onTick).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTick).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(30_000);
    expect(onTick).toHaveBeenCalledTimes(3);
    stop();
  });

  it("uses the configured interval", () => {
    const onTick = vi.fn();
    const stop = startLiveView({ onTick, intervalMs: 5_000, visibility: new FakeDocument() });
    vi.advanceTimersByTime(15_000);
    expect(onTick).toHaveBeenCalledTimes(3);
    stop();
  });

  it("makes no refresh while the tab is hidden", () => {
    const onTick = vi.fn();
    const doc = new FakeDocument();
    const stop = startLiveView({ onTick, visibility: doc });
    doc.set("hidden");
    vi.advanceTimersByTime(60_000);
    expect(onTick).not.toHaveBeenCalled();
    stop();
  });

  it("does not start while the tab is hidden", () => {
    const onTick = vi.fn();
    const doc = new FakeDocument();
    doc.visibilityState = "hidden";
    const stop = startLiveView({ onTick, visibility: doc });
    vi.advanceTimersByTime(60_000);
    expect(onTick).not.toHaveBeenCalled();
    stop();
  });

  it("refreshes at once when the tab shows again, then every interval", () => {
    const onTick = vi.fn();
    const doc = new FakeDocument();
    const stop = startLiveView({ onTick, visibility: doc });
    doc.set("hidden");
    vi.advanceTimersByTime(40_000);
    doc.set("visible");
    expect(onTick).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(15_000);
    expect(onTick).toHaveBeenCalledTimes(2);
    stop();
  });

  it("stops refreshing and listening when stopped", () => {
    const onTick = vi.fn();
    const doc = new FakeDocument();
    const stop = startLiveView({ onTick, visibility: doc });
    stop();
    vi.advanceTimersByTime(60_000);
    expect(onTick).not.toHaveBeenCalled();
    expect(doc.listenerCount).toBe(0);
  });
});
